import type { PasskeyRegistrationBody, PasskeySignInBody } from '@formloom/contract';

type PasskeyRegistrationResponse = PasskeyRegistrationBody['response'];
type PasskeyAuthenticationResponse = PasskeySignInBody['response'];

/**
 * The browser's half of a passkey ceremony. `@simplewebauthn/browser` is loaded when a person
 * starts one, so the sign-in page's first load does not carry it.
 */

/** Why a ceremony did not give an answer to send, as the pages word it. */
export type PasskeyProblem = 'passkeyUnsupported' | 'passkeyCancelled';

/** A ceremony that ended in the browser: WebAuthn missing, or the person cancelled (or it timed out). */
export class PasskeyCeremonyError extends Error {
  constructor(readonly problem: PasskeyProblem) {
    super(problem);
    this.name = 'PasskeyCeremonyError';
  }
}

/** Whether the browser has WebAuthn at all (a secure context with PublicKeyCredential). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function'
  );
}

/**
 * Browsers answer a cancel, a timeout and "no passkey for this site" alike (NotAllowedError), so
 * none of them is told apart from the others; an aborted prompt counts as cancelled too.
 */
function cancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  const names = [error.name, cause instanceof Error ? cause.name : ''];
  return names.includes('NotAllowedError') || names.includes('AbortError');
}

async function run<R>(ceremony: () => Promise<R>): Promise<R> {
  if (!passkeysSupported()) throw new PasskeyCeremonyError('passkeyUnsupported');
  try {
    return await ceremony();
  } catch (error) {
    if (cancelled(error)) throw new PasskeyCeremonyError('passkeyCancelled');
    throw error;
  }
}

/** Makes a passkey from the server's creation options; answers the JSON the server verifies. */
export function createPasskey(options: Record<string, unknown>): Promise<PasskeyRegistrationResponse> {
  return run(async () => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const answer = await startRegistration({ optionsJSON: options as never });
    // Plain objects, as the SDK's body types take them.
    return {
      ...answer,
      response: { ...answer.response },
      clientExtensionResults: { ...answer.clientExtensionResults },
    };
  });
}

/** Asks the browser for a passkey of this site from the server's request options. */
export function getPasskey(options: Record<string, unknown>): Promise<PasskeyAuthenticationResponse> {
  return run(async () => {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const answer = await startAuthentication({ optionsJSON: options as never });
    return {
      ...answer,
      response: { ...answer.response },
      clientExtensionResults: { ...answer.clientExtensionResults },
    };
  });
}

/** The problem of a failed ceremony the page words itself, or undefined for any other failure. */
export function passkeyProblem(error: unknown): PasskeyProblem | undefined {
  return error instanceof PasskeyCeremonyError ? error.problem : undefined;
}
