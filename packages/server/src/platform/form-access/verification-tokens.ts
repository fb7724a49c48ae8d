import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a verified address may submit: a respondent finishes a long form within a day. */
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 3600;

export interface VerificationTokensDeps {
  /** Derived from the server key for this purpose alone (`deriveKey(key, 'respondent address')`). */
  key: Uint8Array;
  clock: () => Date;
}

/** The address a respondent proved (lower-cased and trimmed, as it is compared and stored). */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The tokens of respondents who proved an e-mail address with a code: `<expiry>.<address,
 * base64url>.<mac>`, the MAC an HMAC-SHA256 over the form's id, the address and the expiry.
 * Nothing is stored: the token names its form, address and time; that each address answers once
 * is the responses' own rule (a unique address per form).
 */
export function createVerificationTokens({ key, clock }: VerificationTokensDeps) {
  const mac = (formId: string, address: string, expiry: number) =>
    createHmac('sha256', key).update(`${formId}\n${address}\n${expiry}`).digest();

  return {
    issue(formId: string, email: string): { token: string; expiresAt: Date } {
      const address = normaliseAddress(email);
      const expiry = Math.floor(clock().getTime() / 1000) + VERIFICATION_TOKEN_TTL_SECONDS;
      const named = Buffer.from(address, 'utf8').toString('base64url');
      const token = `${expiry}.${named}.${mac(formId, address, expiry).toString('base64url')}`;
      return { token, expiresAt: new Date(expiry * 1000) };
    },

    /** The address `token` proves for the form now, or undefined; compared in constant time. */
    addressOf(token: string | undefined, formId: string): string | undefined {
      if (token === undefined) return undefined;
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (match === null) return undefined;
      const expiry = Number(match[1]);
      if (expiry * 1000 <= clock().getTime()) return undefined;
      const address = Buffer.from(match[2]!, 'base64url').toString('utf8');
      const given = Buffer.from(match[3]!, 'base64url');
      const expected = mac(formId, address, expiry);
      return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
    },
  };
}

export type VerificationTokens = ReturnType<typeof createVerificationTokens>;
