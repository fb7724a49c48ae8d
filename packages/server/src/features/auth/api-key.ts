import { randomBytes } from 'node:crypto';

import { hashSecret } from '../../crypto/secret-hash.js';

export { hashSecret, secretMatches } from '../../crypto/secret-hash.js';

/** docs/decisions.md "Contract": `formloom_` + 12 hex key id + `.` + 64 hex secret (256 random bits). */
export const API_KEY_PREFIX = 'formloom_';
const API_KEY_PATTERN = /^formloom_([0-9a-f]{12})\.([0-9a-f]{64})$/;

export interface GeneratedApiKey {
  /** The whole key, shown to its owner once and never stored. */
  token: string;
  keyId: string;
  secretHash: string;
}

export function generateApiKey(): GeneratedApiKey {
  const keyId = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('hex');
  return { token: `${API_KEY_PREFIX}${keyId}.${secret}`, keyId, secretHash: hashSecret(secret) };
}

export function parseApiKey(token: string): { keyId: string; secret: string } | undefined {
  const match = API_KEY_PATTERN.exec(token);
  if (match === null) return undefined;
  return { keyId: match[1]!, secret: match[2]! };
}

/** A hash no secret matches, compared against when the key id is unknown so timing says nothing. */
export const UNKNOWN_KEY_HASH = '0'.repeat(64);

/** `formloom_1a2b3c4d5e6f.…` : what lists and logs may show of a key. */
export function maskApiKey(keyId: string): string {
  return `${API_KEY_PREFIX}${keyId}.…`;
}
