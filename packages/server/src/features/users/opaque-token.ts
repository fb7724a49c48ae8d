import { randomBytes } from 'node:crypto';
import { hashSecret, secretMatches } from '../../crypto/secret-hash.js';

/**
 * `<16 hex id>.<64 hex secret>`: the id finds the row, and only the secret's SHA-256 is stored
 * and compared in constant time (the API keys' functions), so a leaked database signs nobody in.
 * Used by the dashboard's session cookie and the first-run setup link.
 */
const TOKEN = /^([0-9a-f]{16})\.([0-9a-f]{64})$/;

export function newOpaqueToken(): { token: string; id: string; secretHash: string } {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('hex');
  return { token: `${id}.${secret}`, id, secretHash: hashSecret(secret) };
}

export function parseOpaqueToken(token: string): { id: string; secret: string } | undefined {
  const match = TOKEN.exec(token);
  return match === null ? undefined : { id: match[1]!, secret: match[2]! };
}

export { secretMatches };
