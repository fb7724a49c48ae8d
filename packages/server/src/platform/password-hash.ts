import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (memory-hard, no native add-on to build), for
 * people's sign-in passwords and forms' access passwords alike.
 * Parameters: N = 2^15, r = 8, p = 1 (32 MiB of memory and about 50-100 ms a hash on one core
 * here; OWASP's minimum for scrypt is N = 2^17 with r = 8 at 128 MiB, which this trades for
 * sign-in latency on small machines; the parameters are stored with each hash, so raising them
 * later re-hashes nobody's password by surprise), a 16-byte random salt and a 32-byte key. Stored
 * as `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
function derive(password: string, salt: Buffer, N: number, r: number, p: number, length: number) {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, N, r, p, keyLength);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A stored hash nobody's password matches, to spend the same time on an unknown email. */
let decoy: Promise<string> | undefined;

/** Constant-time comparison; false for a malformed stored hash. `stored` undefined: a decoy run. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  if (stored === undefined && decoy === undefined) decoy = hashPassword(randomBytes(16).toString('hex'));
  const hash = stored ?? (await decoy!);
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds, so a tampered row cannot make a sign-in allocate gigabytes.
  if (!(N >= 2 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected) && stored !== undefined;
}
