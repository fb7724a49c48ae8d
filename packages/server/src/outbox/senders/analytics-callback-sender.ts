import { signAnalyticsCallback } from '@formloom/contract';
import { MAX_RETRIES } from '../backoff.js';
import type { OutboxSender } from '../channel.js';
import { postDelivery } from '../send.js';

/** The outbox channel of smart analytics callbacks: one target per report, its callback URL. */
export const ANALYTICS_CALLBACK_CHANNEL = 'analytics-callback';

/** What the report shows of its callback's delivery after an attempt. */
export interface CallbackProgress {
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  /** Why the last attempt failed (`status 500`, a network error); null after a success. */
  error: string | null;
}

export interface AnalyticsCallbackSenderDeps {
  /** The account's analytics signing secret, opened; undefined when it has none. */
  secretOf(accountId: string): Promise<string | undefined>;
  /** Keeps the report's view of its callback (the target id is the report id). */
  progress(reportId: string, progress: CallbackProgress): Promise<void>;
}

/**
 * The smart analytics callback (docs/ai.md "Analytics chat and smart analytics reports") as an outbox
 * channel: the report's callback body as is (the event's payload), signed with the account's analytics
 * signing secret at the time it is sent (`X-Service-Signature-256`), POSTed to the target's URL. Retried like
 * a webhook delivery (8 retries, doubling from the worker's retry base); any failed answer is retried, a 410
 * included (a callback URL is not an endpoint that can be gone and enabled again).
 */
export function createAnalyticsCallbackSender(deps: AnalyticsCallbackSenderDeps): OutboxSender {
  return {
    channel: ANALYTICS_CALLBACK_CHANNEL,
    maxRetries: MAX_RETRIES,
    async send(delivery, { timeoutMs, policy, lastAttempt }) {
      const reportId = delivery.endpointId;
      const secret = await deps.secretOf(String(delivery.target.account_id));
      if (secret === undefined) {
        const error = 'The account has no analytics signing secret any more';
        await deps.progress(reportId, { status: 'FAILED', attempts: delivery.attemptCount, error });
        return { statusCode: null, durationMs: 0, error, responseBody: null, verdict: 'permanent' };
      }
      const headers = await signAnalyticsCallback({ body: delivery.payload, secret });
      const result = await postDelivery(
        String(delivery.target.url),
        delivery.payload,
        { 'content-type': 'application/json', ...headers },
        { timeoutMs, policy },
      );
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const error = ok
        ? null
        : result.statusCode === null
          ? (result.error ?? 'no answer')
          : `status ${result.statusCode}`;
      await deps.progress(reportId, {
        status: ok ? 'DELIVERED' : lastAttempt ? 'FAILED' : 'PENDING',
        attempts: delivery.attemptCount + 1,
        error,
      });
      return { ...result, verdict: ok ? 'ok' : 'retry' };
    },
  };
}
