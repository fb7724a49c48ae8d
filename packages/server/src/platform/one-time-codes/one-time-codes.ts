import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** A code as it is made: the digits to mail (never stored), its row's id and the HMAC to store. */
export interface IssuedCode {
  id: string;
  code: string;
  codeHash: string;
}

/**
 * Numeric one-time codes sent by e-mail (a respondent's address, a private smart form, an owner's
 * way back in under single sign-on). A code is kept only as an HMAC of `<row id>:<digits>` under
 * `key`, so a copy of the database alone cannot test guesses, and the row id in it keeps two rows
 * with the same digits apart. Give each use a key of its own, derived from the server key.
 */
export function createOneTimeCodes({ key, length }: { key: Uint8Array; length: number }) {
  const hmac = (id: string, code: string) => createHmac('sha256', key).update(`${id}:${code}`).digest();

  return {
    /** A new code of `length` digits (leading zeros kept), drawn uniformly. */
    issue(): IssuedCode {
      const id = randomUUID();
      const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
      return { id, code, codeHash: hmac(id, code).toString('hex') };
    },

    /** Whether `code` is the one stored in `row`, compared in constant time. */
    matches(row: { id: string; code_hash: string }, code: string): boolean {
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = hmac(row.id, code);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
