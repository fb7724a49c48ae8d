import { z } from 'zod';

/**
 * The `Idempotency-Key` rule, stated once for the server (create routes and the public
 * submission) and the SDK: the header's name, what a key may hold, and how long it is remembered.
 */

/** The request header, lower case (as `Headers` and HTTP/2 spell it). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Longest Idempotency-Key accepted. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long the server remembers a key: a retry within this many hours gets the first answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** The rule in words, for messages. */
export const IDEMPOTENCY_KEY_RULE = `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters without spaces (a UUID will do)`;

/** An Idempotency-Key: opaque to the server; printable so it can be stored and indexed as sent. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .regex(/^[\x21-\x7e]+$/, 'Printable ASCII without spaces');

/**
 * Does `value` follow the Idempotency-Key rule?
 *
 * ```ts
 * isIdempotencyKey(crypto.randomUUID()); // true
 * isIdempotencyKey('has spaces'); // false
 * ```
 */
export function isIdempotencyKey(value: unknown): value is string {
  return IdempotencyKey.safeParse(value).success;
}
