import { type Contract, contract, SMART_FORM_CHAT_EVENTS, type SmartFormChatEvent } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import { type ExportedFile, exportedFile } from '../core/export-file.js';
import type { Stream } from '../core/streaming.js';
import { knownEvents } from '../internal/known-events.js';
import type { BodyOf, QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.smartForms;
type R = Contract['smartForms'];
const parseChatEvent = knownEvents<SmartFormChatEvent>(SMART_FORM_CHAT_EVENTS);

/** Smart forms: AI-conducted interviews, their sessions, chat and aggregate analytics. */
export class SmartForms extends APIResource {
  /** The interview sessions of a smart form. */
  readonly sessions: Sessions = new Sessions(this._client);

  list(
    query: QueryOf<R['listSmartForms']> = {},
    options?: RequestOptions,
  ): ListPromise<R['listSmartForms'], 'smartForms'> {
    return this._client._list(routes.listSmartForms, { query }, 'smartForms', options);
  }

  /** The smart form with its session statistics. */
  retrieve(id: string, options?: RequestOptions): APIPromise<ResultOf<R['getSmartForm']>> {
    return this._client._call(routes.getSmartForm, { params: { id } }, options);
  }

  create(
    body: BodyOf<R['createSmartForm']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['createSmartForm']>> {
    return this._client._call(routes.createSmartForm, { body }, options);
  }

  update(
    id: string,
    body: BodyOf<R['updateSmartForm']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['updateSmartForm']>> {
    return this._client._call(routes.updateSmartForm, { params: { id }, body }, options);
  }

  /** Deletes the smart form and all its sessions. */
  delete(id: string, options?: RequestOptions): APIPromise<ResultOf<R['deleteSmartForm']>> {
    return this._client._call(routes.deleteSmartForm, { params: { id } }, options);
  }

  publish(id: string, options?: RequestOptions): APIPromise<ResultOf<R['publishSmartForm']>> {
    return this._client._call(routes.publishSmartForm, { params: { id } }, options);
  }

  /** `mode: 'soft'` (default) lets active sessions finish; `'hard'` abandons them at once. */
  unpublish(
    id: string,
    body: BodyOf<R['unpublishSmartForm']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['unpublishSmartForm']>> {
    return this._client._call(routes.unpublishSmartForm, { params: { id }, body }, options);
  }

  /** Asks about the completed interviews (the 50 most recent). Costs credits. */
  chat(
    id: string,
    body: BodyOf<R['chatWithSmartForm']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['chatWithSmartForm']>> {
    return this._client._call(routes.chatWithSmartForm, { params: { id }, body }, options);
  }

  /**
   * {@link chat}'s answer as it is written: `chunk`s, then `done` (or `error`). Leaving the loop
   * early aborts the request.
   *
   * ```ts
   * for await (const { event, data } of client.smartForms.chatStream(id, { message: 'Themes?' })) {
   *   if (event === 'chunk') process.stdout.write(data.text);
   *   if (event === 'done') console.log('\ncredits used:', data.creditsUsed);
   * }
   * ```
   */
  chatStream(
    id: string,
    body: BodyOf<R['chatWithSmartForm']>,
    options?: RequestOptions,
  ): Stream<SmartFormChatEvent> {
    return this._client._stream(routes.chatWithSmartForm, { params: { id }, body }, parseChatEvent, options);
  }

  /** Trends, sentiment, key insights and summary statistics over all (or the given) sessions. */
  analytics(
    id: string,
    body: BodyOf<R['smartFormAnalytics']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['smartFormAnalytics']>> {
    return this._client._call(routes.smartFormAnalytics, { params: { id }, body }, options);
  }

  /** @deprecated The alias route of {@link analytics}; use that. */
  aggregateAnalytics(
    id: string,
    body: BodyOf<R['smartFormAggregateAnalytics']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['smartFormAggregateAnalytics']>> {
    return this._client._call(routes.smartFormAggregateAnalytics, { params: { id }, body }, options);
  }

  /**
   * Every session as a file (`csv` by default, `json` or `xlsx`; `bom: 'true'` starts a csv with a
   * UTF-8 byte order mark for Excel). The server streams it from a database cursor; `body` is the
   * file as a web stream, never held in memory whole, so pipe it where it goes.
   *
   * ```ts
   * import { createWriteStream } from 'node:fs';
   * import { Readable } from 'node:stream';
   * import { pipeline } from 'node:stream/promises';
   *
   * const file = await client.smartForms.export(id, { format: 'xlsx' });
   * await pipeline(Readable.fromWeb(file.body), createWriteStream(file.fileName ?? 'sessions.xlsx'));
   * ```
   */
  async export(
    id: string,
    query: QueryOf<R['exportSmartForm']> = {},
    options?: RequestOptions,
  ): Promise<ExportedFile> {
    const response = await this._client._send(
      routes.exportSmartForm,
      { params: { id }, query },
      options,
      '*/*',
    );
    return exportedFile(response);
  }
}

export class Sessions extends APIResource {
  /** A page of sessions, newest first; filter by `status`. */
  list(
    smartFormId: string,
    query: QueryOf<R['listSmartFormSessions']> = {},
    options?: RequestOptions,
  ): ListPromise<R['listSmartFormSessions'], 'sessions'> {
    return this._client._list(
      routes.listSmartFormSessions,
      { params: { id: smartFormId }, query },
      'sessions',
      options,
    );
  }

  /** The session with its transcript and AI analysis. */
  retrieve(
    smartFormId: string,
    sessionId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getSmartFormSession']>> {
    return this._client._call(
      routes.getSmartFormSession,
      { params: { id: smartFormId, sessionId } },
      options,
    );
  }
}
