import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same answers in another key order hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Identifies a submission's content for the Idempotency-Key check. */
export function fingerprint(answers: unknown): string {
  return createHash('sha256').update(canonical(answers)).digest('hex');
}
