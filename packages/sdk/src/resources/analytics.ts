import { ANALYTICS_CHAT_EVENTS, type AnalyticsChatEvent, type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { Stream } from '../core/streaming.js';
import { knownEvents } from '../internal/known-events.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.analytics;
type R = Contract['analytics'];
/** Known events are typed; events a newer server adds are skipped. */
const parseChatEvent = knownEvents<AnalyticsChatEvent>(ANALYTICS_CHAT_EVENTS);

/** AI analytics of a form's responses. */
export class Analytics extends APIResource {
  /**
   * Queues a smart analytics report; it is POSTed to `callbackUrl` when ready, signed (check it
   * with `verifyAnalyticsCallback`). Answers `{jobId, reportId}` at once.
   */
  smartAnalytics(
    formId: string,
    body: BodyOf<R['requestSmartAnalytics']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['requestSmartAnalytics']>> {
    return this._client._call(routes.requestSmartAnalytics, { params: { id: formId }, body }, options);
  }

  /** A smart analytics report: its status, the report when DONE, and its callback's delivery. */
  retrieveReport(
    formId: string,
    reportId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getSmartAnalyticsReport']>> {
    return this._client._call(routes.getSmartAnalyticsReport, { params: { id: formId, reportId } }, options);
  }

  /**
   * Creates (or rotates) the account's analytics signing secret, which signs every smart
   * analytics callback. The full secret is in this answer only: keep it for `verifyAnalyticsCallback`.
   */
  createSigningSecret(options?: RequestOptions): APIPromise<ResultOf<R['createAnalyticsSigningSecret']>> {
    return this._client._call(routes.createAnalyticsSigningSecret, {}, options);
  }

  /** The analytics signing secret's last 4 characters and when it was made. */
  retrieveSigningSecret(options?: RequestOptions): APIPromise<ResultOf<R['getAnalyticsSigningSecret']>> {
    return this._client._call(routes.getAnalyticsSigningSecret, {}, options);
  }

  /** One complete answer about the form's responses; pass `sessionId` back for follow-ups. */
  chat(
    formId: string,
    body: BodyOf<R['analyticsChat']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['analyticsChat']>> {
    return this._client._call(routes.analyticsChat, { params: { id: formId }, body }, options);
  }

  /**
   * The answer as it is written: `session`, then `chunk`s, then `done` (or `error`). Leaving the
   * loop early aborts the request.
   *
   * ```ts
   * for await (const { event, data } of client.analytics.chatStream(formId, { message: 'Trends?' })) {
   *   if (event === 'chunk') process.stdout.write(data.text);
   *   if (event === 'done') console.log('\ncredits used:', data.creditsUsed);
   * }
   * ```
   */
  chatStream(
    formId: string,
    body: BodyOf<R['analyticsChat']>,
    options?: RequestOptions,
  ): Stream<AnalyticsChatEvent> {
    return this._client._stream(
      routes.analyticsChat,
      { params: { id: formId }, body },
      parseChatEvent,
      options,
    );
  }
}
