import { hkdfSync } from 'node:crypto';

/**
 * A key of its own for each use, derived from the server key with HKDF: a session JWT and an
 * OAuth state are signed with different keys, so one cannot stand in for the other, and neither
 * key is the one that seals secrets.
 */
export function deriveKey(serverKey: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', serverKey, new Uint8Array(0), `formloom ${purpose} v1`, 32));
}
