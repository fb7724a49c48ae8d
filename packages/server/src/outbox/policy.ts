import { MAX_RETRIES, retryDelayMs } from './backoff.js';
import type { SenderResult } from './channel.js';
import type { AttemptRecord } from './outbox-store.js';

export interface RetryOptions {
  retryBaseMs: number;
  maxRetries?: number;
  random?: () => number;
}

type Decision = Pick<AttemptRecord, 'ok' | 'status' | 'nextAttemptAt' | 'endpoint' | 'postponed'>;

/**
 * What one attempt means. 2xx: succeeded, and the endpoint's failure count resets. 410 Gone:
 * the endpoint is disabled at once and the delivery stays pending, so it goes out again when
 * the endpoint is enabled. Anything else (other status, network error, timeout): retried after
 * the backoff, until `maxRetries` retries have failed; then the delivery has failed, which
 * counts towards disabling the endpoint. A sender's verdict (channel.ts) takes the place of the
 * status code's meaning: a permanent failure fails at once, and a platform's wait replaces the
 * backoff. `attempt` counts the attempts that were tried (postponements are not).
 */
export function decideAttempt(
  result: SenderResult,
  attempt: number,
  now: Date,
  options: RetryOptions,
): Decision {
  const code = result.statusCode;
  const verdict =
    result.verdict ?? (code !== null && code >= 200 && code < 300 ? 'ok' : code === 410 ? 'gone' : 'retry');
  if (verdict === 'ok') {
    return { ok: true, status: 'succeeded', nextAttemptAt: null, endpoint: 'reset' };
  }
  if (verdict === 'postponed') {
    const wait = result.retryAfterMs ?? retryDelayMs(1, options.retryBaseMs, options.random);
    return {
      ok: false,
      status: 'pending',
      nextAttemptAt: new Date(now.getTime() + wait).toISOString(),
      endpoint: 'none',
      postponed: true,
    };
  }
  if (verdict === 'rejected') return { ok: false, status: 'failed', nextAttemptAt: null, endpoint: 'none' };
  const exhausted = attempt > (options.maxRetries ?? MAX_RETRIES);
  if (verdict === 'permanent')
    return { ok: false, status: 'failed', nextAttemptAt: null, endpoint: 'failed' };
  if (verdict === 'gone') {
    return exhausted
      ? { ok: false, status: 'failed', nextAttemptAt: null, endpoint: 'gone' }
      : { ok: false, status: 'pending', nextAttemptAt: now.toISOString(), endpoint: 'gone' };
  }
  if (exhausted) return { ok: false, status: 'failed', nextAttemptAt: null, endpoint: 'failed' };
  const delay = result.retryAfterMs ?? retryDelayMs(attempt, options.retryBaseMs, options.random);
  return {
    ok: false,
    status: 'pending',
    nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
    endpoint: 'none',
  };
}
