/**
 * docs/webhooks.md "Delivery, retries and the log": a failed delivery is retried up to 8 times, 30 s doubling
 * to about 1 h.
 */
export const MAX_RETRIES = 8;
export const DEFAULT_RETRY_BASE_MS = 30_000;
/**
 * 5 consecutive failed deliveries disable the endpoint (docs/webhooks.md "Delivery, retries and the log").
 */
export const DISABLE_AFTER_FAILED_DELIVERIES = 5;

/**
 * The wait before retry number `retry` (1 for the first retry): `baseMs * 2^(retry-1)`, with
 * +-20% jitter so endpoints that failed together do not retry together. The jitter is narrow
 * enough that each wait stays longer than the one before (1.2 < 2 * 0.8).
 */
export function retryDelayMs(retry: number, baseMs: number, random: () => number = Math.random): number {
  const nominal = baseMs * 2 ** (Math.max(1, retry) - 1);
  return Math.round(nominal * (0.8 + 0.4 * random()));
}
