import type { SenderResult } from '../../outbox/channel.js';
import { RESPONSE_BODY_CAP, type SendResult } from '../../outbox/send.js';

/** A provider call's outcome: what it read, or the failed attempt as the outbox judges it. */
export type ProviderOutcome<T> =
  | { ok: true; value: T; result: SendResult }
  | { ok: false; failure: SenderResult };

/** An answer's JSON object, or undefined when it is none. */
export function parseObject(body: string | null): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body ?? '');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer cut to the delivery log's size. */
export const logged = (result: SendResult): SendResult => ({
  ...result,
  responseBody: result.responseBody === null ? null : result.responseBody.slice(0, RESPONSE_BODY_CAP),
});

/**
 * A successful answer as the delivery log keeps it: the ids of the records (or pages) only, since
 * providers echo every cell (the respondent's answers), which the log has no need to hold a second
 * copy of.
 */
export const summary = (result: SendResult, key: string, ids: readonly string[]): SendResult => ({
  ...result,
  responseBody: JSON.stringify({ [key]: ids }).slice(0, RESPONSE_BODY_CAP),
});

/**
 * The outbox's reading of a provider's answer: 2xx done; no answer and 5xx passing (the outbox
 * retries); a 429 passing after its Retry-After (else `penaltyMs`); any other status fails the
 * delivery at once with `error` (a revoked token, a target not shared, a bad property), which
 * counts towards turning the destination off.
 */
export function judgeAnswer(result: SendResult, error: string, penaltyMs: number): SenderResult {
  const code = result.statusCode;
  const cut = logged(result);
  if (code !== null && code >= 200 && code < 300) return { ...cut, verdict: 'ok' };
  if (code === null || code >= 500) return { ...cut, verdict: 'retry' };
  const described = { ...cut, error };
  if (code === 429) {
    const seconds = Number(result.headers?.['retry-after']);
    const wait = Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : penaltyMs;
    return { ...described, verdict: 'retry', retryAfterMs: wait };
  }
  return { ...described, verdict: 'permanent' };
}
