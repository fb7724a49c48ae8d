import { z } from 'zod';
import { Timestamp } from './common.js';
import { TwoFactorCode } from './dashboard-auth.js';

/** WebAuthn's binary fields travel as unpadded base64url text. */
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/** A passkey of the signed-in member, as their security page lists it. */
export const Passkey = z
  .object({
    id: z.string().describe('Passkey id (not the credential id)'),
    name: z.string().describe('The name the member gave it'),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable().describe('Its last sign-in; null before the first'),
  })
  .describe('A passkey');
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z
  .object({ passkeys: z.array(Passkey).describe('Oldest first') })
  .describe('The signed-in member’s passkeys');
export type PasskeyList = z.infer<typeof PasskeyList>;

/**
 * A ceremony's options for `navigator.credentials.create()` or `.get()` (in the JSON form that
 * `@simplewebauthn/browser` and `PublicKeyCredential.parseCreationOptionsFromJSON` take), and the
 * id of its challenge, sent back with the answer. A challenge is good once, for five minutes.
 */
export const PasskeyCeremony = z
  .object({
    challengeId: z.string().describe('Send it back with the browser’s answer'),
    options: z
      .record(z.string(), z.unknown())
      .describe('PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON'),
  })
  .describe('A WebAuthn ceremony to run in the browser');
export type PasskeyCeremony = z.infer<typeof PasskeyCeremony>;

const Transports = z.array(z.string().max(32)).max(8);

/** What `navigator.credentials.create()` answered, as JSON (RegistrationResponseJSON). */
export const PasskeyRegistrationResponse = z
  .object({
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: z.literal('public-key'),
    response: z
      .object({
        clientDataJSON: Base64Url(4000),
        attestationObject: Base64Url(32_000),
        transports: Transports.optional(),
      })
      .passthrough(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .passthrough();

/** What `navigator.credentials.get()` answered, as JSON (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z
  .object({
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: z.literal('public-key'),
    response: z
      .object({
        clientDataJSON: Base64Url(4000),
        authenticatorData: Base64Url(4000),
        signature: Base64Url(1000),
        userHandle: Base64Url(200).optional(),
      })
      .passthrough(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  })
  .passthrough();

export const PasskeyRegistrationBody = z
  .object({
    challengeId: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(100).describe('A name to tell it apart, such as "Laptop"'),
    response: PasskeyRegistrationResponse,
  })
  .strict()
  .describe('Add a passkey');
export type PasskeyRegistrationBody = z.infer<typeof PasskeyRegistrationBody>;

export const PasskeySignInOptionsBody = z
  .object({
    email: z
      .string()
      .email()
      .max(320)
      .optional()
      .describe(
        'The member expected, when a passkey is the second step after their password: a passkey of anyone else is refused',
      ),
  })
  .strict()
  .describe('Start a passkey sign-in');
export type PasskeySignInOptionsBody = z.infer<typeof PasskeySignInOptionsBody>;

export const PasskeySignInBody = z
  .object({ challengeId: z.string().min(1).max(64), response: PasskeyAuthenticationResponse })
  .strict()
  .describe('Sign in with a passkey');
export type PasskeySignInBody = z.infer<typeof PasskeySignInBody>;

export const PasskeyRemoveBody = z
  .object({
    code: TwoFactorCode.optional().describe(
      'A current code of the authenticator app (or a recovery code); without one, the session must have signed in within the last ten minutes',
    ),
  })
  .strict()
  .describe('Remove a passkey');
export type PasskeyRemoveBody = z.infer<typeof PasskeyRemoveBody>;

export const PasskeyRemoved = z.object({ removed: z.literal(true) }).describe('Passkey removed');
export type PasskeyRemoved = z.infer<typeof PasskeyRemoved>;
