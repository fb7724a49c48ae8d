import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyKey, isIdempotencyKey } from './idempotency.js';

describe('the Idempotency-Key rule', () => {
  it('takes 1 to 255 printable ASCII characters without spaces', () => {
    for (const good of ['a', 'order-1', '5b0c3a52-6f0e-4d1e-9a57-0d0cbb3f1f7c', '~!'.repeat(100)]) {
      expect(isIdempotencyKey(good), good).toBe(true);
    }
    expect(isIdempotencyKey('x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH))).toBe(true);
    for (const bad of [
      '',
      ' ',
      'a b',
      'tab\there',
      'ü',
      'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
      42,
      null,
    ]) {
      expect(isIdempotencyKey(bad), String(bad)).toBe(false);
    }
  });

  it('the zod schema (routes, OpenAPI) and the predicate agree', () => {
    for (const value of ['k', 'a b', '', 'x'.repeat(256)]) {
      expect(IdempotencyKey.safeParse(value).success).toBe(isIdempotencyKey(value));
    }
  });
});
