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
