import { MAX_RETRIES, retryDelayMs } from './backoff.js';
import type { AttemptRecord } from './outbox-store.js';
import type { SendResult } from './send.js';

export interface RetryOptions {
  retryBaseMs: number;
  maxRetries?: number;
  random?: () => number;
}

type Decision = Pick<AttemptRecord, 'ok' | 'status' | 'nextAttemptAt' | 'endpoint'>;

/**
 * What one attempt means. 2xx: succeeded, and the endpoint's failure count resets. 410 Gone:
 * the endpoint is disabled at once and the delivery stays pending, so it goes out again when
 * the endpoint is enabled. Anything else (other status, network error, timeout): retried after
 * the backoff, until `maxRetries` retries have failed; then the delivery has failed, which
 * counts towards disabling the endpoint.
 */
export function decideAttempt(
  result: SendResult,
  attempt: number,
  now: Date,
  options: RetryOptions,
): Decision {
  const code = result.statusCode;
  if (code !== null && code >= 200 && code < 300) {
    return { ok: true, status: 'succeeded', nextAttemptAt: null, endpoint: 'reset' };
  }
  const exhausted = attempt > (options.maxRetries ?? MAX_RETRIES);
  if (code === 410) {
    return exhausted
      ? { ok: false, status: 'failed', nextAttemptAt: null, endpoint: 'gone' }
      : { ok: false, status: 'pending', nextAttemptAt: now.toISOString(), endpoint: 'gone' };
  }
  if (exhausted) return { ok: false, status: 'failed', nextAttemptAt: null, endpoint: 'failed' };
  const delay = retryDelayMs(attempt, options.retryBaseMs, options.random);
  return {
    ok: false,
    status: 'pending',
    nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
    endpoint: 'none',
  };
}
