import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted (arrays keep their order), so the same value sent with its keys in
 * another order reads the same. Keys are compared by UTF-16 code units, like `Array#sort`.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an Idempotency-Key remembers of its first request, to tell a retry from another request:
 * the SHA-256 (hex) of the canonical JSON of `value`. The public submission passes its answers,
 * a create route its method, path and body.
 */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/**
 * The fingerprint the releases up to 5e9d1a6 stored for a create route: the SHA-256 (hex) of
 * `<method> <path>\n` and the body as `JSON.stringify` wrote it (key order counted). A key is
 * remembered for 24 hours, so a client whose retries span an upgrade meets such a row: it is
 * still the same request, and gets its answer again instead of a 409. Rows live no longer than
 * that, so after a day past the upgrade none is left; a migration cannot convert them (a hash).
 */
export function legacyRequestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}
