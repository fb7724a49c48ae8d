import { RATE_LIMIT_HEADERS } from '@formloom/contract';
import { parseNumber } from './headers.js';

/** Statuses retried (with the answer's Retry-After when it has one). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** Methods retried without an Idempotency-Key; POST and PATCH need one. */
export const SAFE_METHODS = ['get', 'head', 'put', 'delete', 'options', 'trace'] as const;
export const ALL_METHODS = [...SAFE_METHODS, 'post', 'patch'] as const;

export const INITIAL_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;
/** A server asking to wait longer than this (a spent monthly quota) gets no retry: the error surfaces. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Exponential backoff with jitter, as openai-node: 0.5 s doubling to at most 8 s, then up to 25%
 * shaved off at random so clients that failed together do not retry together.
 * `retry` counts from 1.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** (retry - 1), MAX_RETRY_DELAY_MS);
  return base * (1 - random() * 0.25);
}

/**
 * How long the server asked to wait, in ms: the `Retry-After` header (seconds or an HTTP date),
 * else the 429 body's `rate_limit.retry_after` (seconds). Undefined when neither says.
 */
export function retryAfterMs(headers: Headers, body: unknown, now: number = Date.now()): number | undefined {
  const header = headers.get(RATE_LIMIT_HEADERS.retryAfter);
  if (header !== null) {
    const seconds = parseNumber(header);
    if (seconds !== undefined) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const rateLimit = (body as { rate_limit?: { retry_after?: unknown } } | null | undefined)?.rate_limit;
  const seconds = parseNumber(rateLimit?.retry_after);
  return seconds === undefined ? undefined : Math.max(0, seconds * 1000);
}
