import { IDEMPOTENCY_KEY_TTL_HOURS } from '@formloom/contract';

/**
 * How long a key is remembered, from its first use (the SDK's retries and a client's own come well
 * within it): the contract's `IDEMPOTENCY_KEY_TTL_HOURS`, for create routes and public submissions.
 */
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

/** When a key first used at `firstUsedAt` is forgotten (ISO). */
export function idempotencyExpiry(firstUsedAt: Date | string): string {
  return new Date(new Date(firstUsedAt).getTime() + IDEMPOTENCY_TTL_MS).toISOString();
}

/** Keys first used at or before this instant are forgotten as of `now` (ISO). */
export function idempotencyCutoff(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
}
