import type { TargetPolicy } from '../net/ssrf-guard.js';
import type { DueDelivery } from './outbox-store.js';
import type { SendResult } from './send.js';

/**
 * What a sender found out, beyond the HTTP answer, when the platform speaks its own language
 * (Slack answers 200 with `ok: false`, rate limits carry a wait). Without a verdict the answer is
 * judged as a webhook's: 2xx succeeds, 410 is gone, anything else is retried.
 * - `ok`: delivered.
 * - `retry`: a passing failure (server error, network, rate limit): retried after the backoff, or
 *   after `retryAfterMs` when the platform named a wait.
 * - `permanent`: retrying cannot help (revoked token, unknown channel): the delivery fails now
 *   and counts towards disabling the target.
 * - `gone`: the target no longer exists (a deleted Discord webhook): disabled at once; the
 *   delivery stays pending for when it is connected again.
 * - `rejected`: this delivery can never go out (a mail server refused its recipient), through no
 *   fault of the target: the delivery fails now, and the target's failure count is untouched.
 * - `postponed`: nothing was sent, because a sending limit is reached: the delivery waits
 *   `retryAfterMs` and uses up no retry; the attempt log says why (`error`).
 */
export interface SenderResult extends SendResult {
  verdict?: 'ok' | 'retry' | 'permanent' | 'gone' | 'rejected' | 'postponed';
  retryAfterMs?: number;
}

export interface SendContext {
  timeoutMs: number;
  policy: TargetPolicy;
  clock: () => Date;
  /** No retry follows this attempt if it fails (the retries are used up). */
  lastAttempt: boolean;
}

/**
 * The channels whose disabled targets still get new events queued, sent once the target is enabled again:
 * webhook endpoints. Every other channel's disabled target (a chat connection in ERROR) gets none
 * (docs/webhooks.md "How it works inside"). A rule of the channel, read where events are recorded (which runs
 * without the senders), so it lives here rather than on the sender.
 */
export const QUEUE_WHILE_DISABLED: readonly string[] = ['webhook'];

/**
 * One channel of the outbox: how a delivery reaches its kind of target. Claiming, leases, order,
 * retries, the attempt log and disabling are the worker's, the same for every channel; a new
 * channel is a new sender (and its targets rows in `outbox_targets` with its name as `channel`).
 */
export interface OutboxSender {
  channel: string;
  /** Sends one delivery; never throws (a failure is a result). */
  send(delivery: DueDelivery, context: SendContext): Promise<SenderResult>;
  /** Retries after the first attempt before a delivery fails (default: the webhook's 8). */
  maxRetries?: number;
}
