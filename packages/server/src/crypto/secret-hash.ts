import { createHash, timingSafeEqual } from 'node:crypto';

/** The hex SHA-256 of a secret (API keys, opaque tokens, resume codes): stored instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares the secret's hash with the stored one in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = createHash('sha256').update(secret, 'utf8').digest();
  const expected = Buffer.from(storedHash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
