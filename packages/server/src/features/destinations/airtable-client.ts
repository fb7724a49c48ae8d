import type { TargetPolicy } from '../../net/ssrf-guard.js';
import type { SenderResult } from '../../outbox/channel.js';
import { postDelivery, type SendResult } from '../../outbox/send.js';
import {
  judgeAnswer,
  logged,
  type ProviderOutcome,
  parseObject as parse,
  summary as summaryOf,
} from './provider-http.js';
import { type CellValue, RESPONSE_ID_COLUMN } from './record-fields.js';

export const DEFAULT_AIRTABLE_API_BASE = 'https://api.airtable.com';
/** Airtable takes at most 10 records in one create, update or delete request. */
export const AIRTABLE_BATCH = 10;
/** Airtable's limit: 5 requests a second per base; past it, a 429 and 30 s to wait. */
export const AIRTABLE_REQUESTS_PER_SECOND = 5;
const AIRTABLE_PENALTY_MS = 30_000;
/** Enough of an answer for ten records' ids (Airtable echoes each record's fields too). */
const READ_BYTES = 512 * 1024;

export interface AirtableTable {
  apiBase: string;
  baseId: string;
  table: string;
  token: string;
  timeoutMs: number;
  policy: TargetPolicy;
}

/** A call's outcome: what it read, or the failed attempt as the outbox judges it. */
export type AirtableOutcome<T> = ProviderOutcome<T>;

/**
 * Airtable's answers as the outbox reads them: 2xx done; 429 and 5xx (and no answer) passing, a
 * 429 after its Retry-After or Airtable's 30 s; 401, 403, 404 and 422 (a revoked token, a base or
 * table not shared, a column that does not exist) fail the delivery at once and count towards
 * turning the destination off.
 */
export function judgeAirtable(result: SendResult): SenderResult {
  const error = parse(result.responseBody)?.error;
  const type =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null
        ? String((error as { type?: unknown }).type ?? '')
        : '';
  const message =
    typeof error === 'object' && error !== null ? String((error as { message?: unknown }).message ?? '') : '';
  return judgeAnswer(
    result,
    `airtable: HTTP ${result.statusCode}${type ? ` ${type}` : ''}${message ? `: ${message}` : ''}`,
    AIRTABLE_PENALTY_MS,
  );
}

/** The delivery log keeps the ids of the records an answer names. */
const summary = (result: SendResult, ids: readonly string[]) => summaryOf(result, 'records', ids);

/** Airtable's formula string: in single quotes, a quote or backslash escaped. */
const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Airtable's REST API for one table (`/v0/{baseId}/{table}`), through the outbox's one HTTP
 * sender (its timeout and SSRF guard). Each call is one request.
 */
export function airtableTable(table: AirtableTable) {
  const url = `${table.apiBase.replace(/\/+$/, '')}/v0/${encodeURIComponent(table.baseId)}/${encodeURIComponent(table.table)}`;
  const headers = { authorization: `Bearer ${table.token}` };
  const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', target: string, body = '') =>
    postDelivery(target, body, headers, {
      method,
      timeoutMs: table.timeoutMs,
      policy: table.policy,
      userAgent: 'Formloom-Destinations/1',
      keepHeaders: ['retry-after'],
      readBytes: READ_BYTES,
    });
  const records = (result: SendResult) => {
    const list = parse(result.responseBody)?.records;
    return Array.isArray(list) ? (list as { id?: unknown; fields?: Record<string, unknown> }[]) : [];
  };

  return {
    /** Creates the records (at most 10), in order; their ids in the same order. */
    async create(fields: readonly Record<string, CellValue>[]): Promise<AirtableOutcome<string[]>> {
      const result = await call(
        'POST',
        url,
        JSON.stringify({ records: fields.map((f) => ({ fields: f })), typecast: true }),
      );
      const judged = judgeAirtable(result);
      if (judged.verdict !== 'ok') return { ok: false, failure: judged };
      const ids = records(result).map((r) => String(r.id ?? ''));
      if (ids.length !== fields.length || ids.some((id) => id === '')) {
        return {
          ok: false,
          failure: { ...logged(result), error: 'airtable: the answer names no record ids', verdict: 'retry' },
        };
      }
      return { ok: true, value: ids, result: summary(result, ids) };
    },

    /** Replaces the given cells of the records (at most 10). */
    async update(
      changes: readonly { id: string; fields: Record<string, CellValue> }[],
    ): Promise<AirtableOutcome<null>> {
      const result = await call('PATCH', url, JSON.stringify({ records: changes, typecast: true }));
      const judged = judgeAirtable(result);
      return judged.verdict === 'ok'
        ? {
            ok: true,
            value: null,
            result: summary(
              result,
              changes.map((c) => c.id),
            ),
          }
        : { ok: false, failure: judged };
    },

    /** Deletes the records (at most 10); one already gone is no failure. */
    async remove(ids: readonly string[]): Promise<AirtableOutcome<null>> {
      const query = ids.map((id) => `records[]=${encodeURIComponent(id)}`).join('&');
      const result = await call('DELETE', `${url}?${query}`);
      // A record already deleted (by a person in Airtable) is no failure; a base or table that is gone is.
      const type = (parse(result.responseBody)?.error as { type?: unknown } | undefined)?.type;
      if (result.statusCode === 404 && (type === 'MODEL_ID_NOT_FOUND' || type === 'ROW_DOES_NOT_EXIST')) {
        return { ok: true, value: null, result: summary(result, []) };
      }
      const judged = judgeAirtable(result);
      return judged.verdict === 'ok'
        ? { ok: true, value: null, result: summary(result, ids) }
        : { ok: false, failure: judged };
    },

    /** The records whose `Response ID` is one of `responseIds` (at most 10): record id by response id. */
    async find(responseIds: readonly string[]): Promise<AirtableOutcome<Map<string, string>>> {
      const formula = `OR(${responseIds.map((id) => `{${RESPONSE_ID_COLUMN}}=${quoted(id)}`).join(',')})`;
      const query = new URLSearchParams({ filterByFormula: formula, pageSize: '100' });
      query.append('fields[]', RESPONSE_ID_COLUMN);
      const result = await call('GET', `${url}?${query}`);
      const judged = judgeAirtable(result);
      if (judged.verdict !== 'ok') return { ok: false, failure: judged };
      const found = new Map<string, string>();
      for (const r of records(result)) {
        const responseId = r.fields?.[RESPONSE_ID_COLUMN];
        if (typeof responseId === 'string' && typeof r.id === 'string' && !found.has(responseId)) {
          found.set(responseId, r.id);
        }
      }
      return { ok: true, value: found, result: summary(result, [...found.values()]) };
    },
  };
}

export type AirtableTableClient = ReturnType<typeof airtableTable>;
