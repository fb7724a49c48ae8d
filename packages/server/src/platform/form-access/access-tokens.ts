import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an unlock lasts: a respondent comes back to a protected form within a day without asking again. */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 3600;

export interface AccessTokensDeps {
  /** Derived from the server key for this purpose alone (`deriveKey(key, 'form access')`). */
  key: Uint8Array;
  clock: () => Date;
}

/**
 * The unlock tokens of password-protected forms: `<expiry>.<mac>`, the MAC an HMAC-SHA256 over the
 * form's id, the expiry and the password's stored hash. Nothing is stored: a token names its form
 * and time, and a new or removed password (another hash) ends every token given before it.
 */
export function createAccessTokens({ key, clock }: AccessTokensDeps) {
  const mac = (formId: string, expiry: number, passwordHash: string) =>
    createHmac('sha256', key).update(`${formId}\n${expiry}\n${passwordHash}`).digest();

  return {
    /** A token for the form whose password hashes to `passwordHash`, and when it ends. */
    issue(formId: string, passwordHash: string): { token: string; expiresAt: Date } {
      const expiry = Math.floor(clock().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const token = `${expiry}.${mac(formId, expiry, passwordHash).toString('base64url')}`;
      return { token, expiresAt: new Date(expiry * 1000) };
    },

    /** Whether `token` unlocks the form now, with this password; compared in constant time. */
    valid(token: string | undefined, formId: string, passwordHash: string): boolean {
      if (token === undefined) return false;
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (match === null) return false;
      const expiry = Number(match[1]);
      if (expiry * 1000 <= clock().getTime()) return false;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = mac(formId, expiry, passwordHash);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
