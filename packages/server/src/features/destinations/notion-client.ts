import { createHash } from 'node:crypto';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import type { SenderResult } from '../../outbox/channel.js';
import { postDelivery, type SendResult } from '../../outbox/send.js';
import type { NotionSchema } from './notion-properties.js';
import { judgeAnswer, logged, type ProviderOutcome, parseObject as parse, summary } from './provider-http.js';
import { RESPONSE_ID_COLUMN } from './record-fields.js';

export const DEFAULT_NOTION_API_BASE = 'https://api.notion.com';
/** The API version that writes pages under data sources (`data_source_id`), not databases. */
export const NOTION_VERSION = '2025-09-03';
/** Notion's limit: about 3 requests a second per integration (its token); past it, a 429. */
export const NOTION_REQUESTS_PER_SECOND = 3;
/** What a 429 without Retry-After waits. */
const NOTION_PENALTY_MS = 1_000;
/** Enough of an answer for a page or a data source's properties (Notion echoes every value). */
const READ_BYTES = 512 * 1024;

export interface NotionDataSource {
  apiBase: string;
  dataSourceId: string;
  token: string;
  timeoutMs: number;
  policy: TargetPolicy;
}

/** The limiter's key of an integration: its token, hashed (a token never lands in the database). */
export const notionIntegrationKey = (token: string) =>
  `notion:integration:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;

/**
 * Notion's answers as the outbox reads them (its error objects carry `code` and `message`): 2xx
 * done; 5xx, no answer and a 409 `conflict_error` (Notion's "try again") passing; a 429 after its
 * Retry-After; 400, 401, 403 and 404 (a bad property, a revoked token, a data source not shared
 * with the integration) fail the delivery at once and count towards turning the destination off.
 */
export function judgeNotion(result: SendResult): SenderResult {
  const body = parse(result.responseBody);
  const code = typeof body?.code === 'string' ? body.code : '';
  const message = typeof body?.message === 'string' ? body.message : '';
  const error = `notion: HTTP ${result.statusCode}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
  if (result.statusCode === 409) return { ...logged(result), error, verdict: 'retry' };
  return judgeAnswer(result, error, NOTION_PENALTY_MS);
}

const idOf = (result: SendResult) => {
  const id = parse(result.responseBody)?.id;
  return typeof id === 'string' ? id : '';
};

/**
 * Notion's API (version 2025-09-03) for one data source, through the outbox's one HTTP sender (its
 * timeout and SSRF guard). Each call is one request.
 */
export function notionDataSource(source: NotionDataSource) {
  const api = `${source.apiBase.replace(/\/+$/, '')}/v1`;
  const headers = { authorization: `Bearer ${source.token}`, 'notion-version': NOTION_VERSION };
  const call = (method: 'POST' | 'PATCH' | 'GET', path: string, body?: unknown) =>
    postDelivery(`${api}${path}`, body === undefined ? '' : JSON.stringify(body), headers, {
      method,
      timeoutMs: source.timeoutMs,
      policy: source.policy,
      userAgent: 'Formloom-Destinations/1',
      keepHeaders: ['retry-after'],
      readBytes: READ_BYTES,
    });
  const dataSource = `/data_sources/${encodeURIComponent(source.dataSourceId)}`;
  const page = (id: string) => `/pages/${encodeURIComponent(id)}`;

  return {
    /** The data source's properties: type by name. */
    async schema(): Promise<ProviderOutcome<NotionSchema>> {
      const result = await call('GET', dataSource);
      const judged = judgeNotion(result);
      if (judged.verdict !== 'ok') return { ok: false, failure: judged };
      const properties = parse(result.responseBody)?.properties;
      const types = new Map<string, string>();
      if (typeof properties === 'object' && properties !== null) {
        for (const [name, p] of Object.entries(properties as Record<string, { type?: unknown }>)) {
          if (typeof p?.type === 'string') types.set(name, p.type);
        }
      }
      return { ok: true, value: types, result: summary(result, 'properties', [...types.keys()]) };
    },

    /** Makes the page of a response under the data source; its id. */
    async create(properties: Record<string, unknown>): Promise<ProviderOutcome<string>> {
      const result = await call('POST', '/pages', {
        parent: { type: 'data_source_id', data_source_id: source.dataSourceId },
        properties,
      });
      const judged = judgeNotion(result);
      if (judged.verdict !== 'ok') return { ok: false, failure: judged };
      const id = idOf(result);
      if (id === '') {
        return {
          ok: false,
          failure: { ...logged(result), error: 'notion: the answer names no page id', verdict: 'retry' },
        };
      }
      return { ok: true, value: id, result: summary(result, 'pages', [id]) };
    },

    /** Replaces the given properties of the page. */
    async update(pageId: string, properties: Record<string, unknown>): Promise<ProviderOutcome<null>> {
      const result = await call('PATCH', page(pageId), { properties });
      const judged = judgeNotion(result);
      return judged.verdict === 'ok'
        ? { ok: true, value: null, result: summary(result, 'pages', [pageId]) }
        : { ok: false, failure: judged };
    },

    /** Moves the page to the trash; one already gone is no failure. */
    async trash(pageId: string): Promise<ProviderOutcome<null>> {
      const result = await call('PATCH', page(pageId), { in_trash: true });
      // A page deleted for good by a person in Notion is gone already; a revoked token is a 401.
      if (result.statusCode === 404 && parse(result.responseBody)?.code === 'object_not_found') {
        return { ok: true, value: null, result: summary(result, 'pages', []) };
      }
      const judged = judgeNotion(result);
      return judged.verdict === 'ok'
        ? { ok: true, value: null, result: summary(result, 'pages', [pageId]) }
        : { ok: false, failure: judged };
    },

    /** The page whose `Response ID` is `responseId`: page id by response id (empty when none). */
    async find(responseId: string): Promise<ProviderOutcome<Map<string, string>>> {
      const result = await call('POST', `${dataSource}/query`, {
        filter: { property: RESPONSE_ID_COLUMN, rich_text: { equals: responseId } },
        page_size: 1,
      });
      const judged = judgeNotion(result);
      if (judged.verdict !== 'ok') return { ok: false, failure: judged };
      const results = parse(result.responseBody)?.results;
      const first = Array.isArray(results) ? (results[0] as { id?: unknown } | undefined) : undefined;
      const found = new Map<string, string>();
      if (typeof first?.id === 'string') found.set(responseId, first.id);
      return { ok: true, value: found, result: summary(result, 'pages', [...found.values()]) };
    },
  };
}

export type NotionDataSourceClient = ReturnType<typeof notionDataSource>;
