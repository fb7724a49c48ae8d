import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heldAnswers } from './stand-in-answers.js';

/**
 * A local stand-in of Airtable's REST API (test support, not shipped), on 127.0.0.1: what the
 * destinations send, and what the official `airtable` client sends (its test drives it so).
 * `POST /v0/{baseId}/{table}` creates records (at most 10, `typecast` accepted), `PATCH` updates
 * their cells, `DELETE ?records[]=` removes them, `GET` lists them with `filterByFormula` (the
 * `{Field}='text'` comparisons joined by OR and AND that a lookup by id needs), `fields[]`,
 * `pageSize` and `offset`, and `GET .../{recordId}` reads one. Like Airtable: a bearer token of
 * the base or a 401, a base or table it does not know is a 404, a column the table lacks is a 422
 * `UNKNOWN_FIELD_NAME`, more than 5 requests a second to a base is a 429 with Retry-After.
 * `latencyMs` makes it slow: a request is served when it arrives and answered that much later.
 */

export interface StandInRecord {
  id: string;
  createdTime: string;
  fields: Record<string, unknown>;
}

export interface AirtableRequest {
  at: number;
  method: string;
  baseId: string;
  table: string;
  /** The path and query as sent. */
  url: string;
  body: unknown;
}

/**
 * What the next request meets: `ok` (served), a status instead of serving it, or `afterWrite`: the
 * request is served (its records written) and then answered with `status`, as a gateway that
 * fails after the write; `hangAfterWrite`: served, and never answered (until the stand-in closes).
 */
export type AirtableBehaviour = (
  request: AirtableRequest,
) => 'ok' | 'hangAfterWrite' | { status: number; retryAfterSeconds?: number } | { afterWrite: number };

export interface AirtableStandIn {
  /** The API's origin, as FORMLOOM_AIRTABLE_API_BASE and the client's `endpointUrl` take it. */
  readonly url: string;
  readonly requests: AirtableRequest[];
  /** Requests answered 429 because the base's 5 a second were exceeded. */
  readonly throttled: number;
  /** Makes a base holding the tables, each with its columns; answers its id and a token for it. */
  createBase(tables: Record<string, readonly string[]>): { baseId: string; token: string };
  /** The table's records, in the order created. */
  records(baseId: string, table: string): StandInRecord[];
  behave(behaviour: AirtableBehaviour): void;
  /** Every token of the base answers 401 from now on. */
  revoke(baseId: string): void;
  /** A new token for the base, as its owner would make after a revocation: the old one stays refused. */
  reissue(baseId: string): string;
  /** Requests a base takes a second before a 429 (default 5; 0: no limit). */
  perSecond: number;
  /** Seconds a 429 of the rate limit asks for (Retry-After; default 1). */
  retryAfterSeconds: number;
  /** How long after serving a request it is answered (default 0): its write is made meanwhile. */
  latencyMs: number;
  /** Requests served by `hangAfterWrite` whose connection is still open: a test acts while one is held. */
  readonly held: number;
  close(): Promise<void>;
}

interface Base {
  token: string;
  revoked: boolean;
  tables: Map<string, { columns: Set<string>; records: StandInRecord[] }>;
  /** Request times of the last second, for the rate limit. */
  recent: number[];
}

const id = (prefix: string) => `${prefix}${randomBytes(7).toString('hex').slice(0, 14)}`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const error = (type: string, message: string) => ({ error: { type, message } });

/** `{Name}='text'`, `{Name}="text"`, and OR(...) / AND(...) of them: a record's test. */
function formula(text: string): (fields: Record<string, unknown>) => boolean {
  let at = 0;
  const skip = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const expect = (char: string) => {
    skip();
    if (text[at] !== char) throw new Error(`expected ${char} at ${at}`);
    at++;
  };
  const string = (): string => {
    skip();
    const quote = text[at];
    if (quote !== "'" && quote !== '"') throw new Error(`expected a string at ${at}`);
    at++;
    let out = '';
    while (at < text.length && text[at] !== quote) {
      if (text[at] === '\\') at++;
      out += text[at++];
    }
    at++;
    return out;
  };
  const expression = (): ((fields: Record<string, unknown>) => boolean) => {
    skip();
    const fn = /^(OR|AND)\s*\(/i.exec(text.slice(at));
    if (fn) {
      at += fn[0].length;
      const parts = [expression()];
      skip();
      while (text[at] === ',') {
        at++;
        parts.push(expression());
        skip();
      }
      expect(')');
      return fn[1]!.toUpperCase() === 'OR' ? (f) => parts.some((p) => p(f)) : (f) => parts.every((p) => p(f));
    }
    expect('{');
    const end = text.indexOf('}', at);
    const name = text.slice(at, end);
    at = end + 1;
    expect('=');
    const value = string();
    return (f) => String(f[name] ?? '') === value;
  };
  const test = expression();
  skip();
  if (at !== text.length) throw new Error(`unexpected text at ${at}`);
  return test;
}

export async function startAirtableStandIn(): Promise<AirtableStandIn> {
  const bases = new Map<string, Base>();
  const requests: AirtableRequest[] = [];
  let behaviour: AirtableBehaviour = () => 'ok';
  const answers = heldAnswers();

  function serve(req: IncomingMessage, res: ServerResponse, raw: string, answerWith?: number) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [, baseId = '', tableName = '', recordId] = parts;
    const base = bases.get(baseId);
    const reply = (status: number, body: unknown) =>
      send(res, answerWith ?? status, answerWith ? error('SERVER_ERROR', 'Try again') : body);
    if (base === undefined) return send(res, 404, { error: 'NOT_FOUND' });
    const table = base.tables.get(tableName);
    if (table === undefined) {
      return send(
        res,
        404,
        error('TABLE_NOT_FOUND', `Could not find table ${tableName} in application ${baseId}`),
      );
    }
    let body: Record<string, unknown> = {};
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 422, error('INVALID_REQUEST_BODY', 'Could not parse request body'));
      }
    }
    const unknown = (fields: Record<string, unknown>) =>
      Object.keys(fields).find((name) => !table.columns.has(name));
    const find = (rid: string) => table.records.find((r) => r.id === rid);

    if (req.method === 'GET' && recordId !== undefined) {
      const record = find(recordId);
      return record
        ? reply(200, record)
        : send(res, 404, error('MODEL_ID_NOT_FOUND', 'Could not find a record with that ID'));
    }
    if (req.method === 'GET' || (req.method === 'POST' && recordId === 'listRecords')) {
      const params = req.method === 'GET' ? url.searchParams : new URLSearchParams();
      const source = req.method === 'GET' ? undefined : body;
      const filter = params.get('filterByFormula') ?? (source?.filterByFormula as string | undefined);
      let test: (fields: Record<string, unknown>) => boolean = () => true;
      if (filter) {
        try {
          test = formula(filter);
        } catch (e) {
          return send(res, 422, error('INVALID_FILTER_BY_FORMULA', (e as Error).message));
        }
      }
      const wanted = params.getAll('fields[]').concat((source?.fields as string[] | undefined) ?? []);
      const pageSize = Math.min(100, Number(params.get('pageSize') ?? source?.pageSize ?? 100) || 100);
      const offset = Number(params.get('offset') ?? source?.offset ?? 0) || 0;
      const matching = table.records.filter((r) => test(r.fields));
      const page = matching.slice(offset, offset + pageSize).map((r) => ({
        ...r,
        fields:
          wanted.length === 0
            ? r.fields
            : Object.fromEntries(Object.entries(r.fields).filter(([k]) => wanted.includes(k))),
      }));
      return reply(200, {
        records: page,
        ...(offset + pageSize < matching.length ? { offset: String(offset + pageSize) } : {}),
      });
    }
    if (req.method === 'POST') {
      const single = !Array.isArray(body.records);
      const list = (single ? [{ fields: body.fields }] : body.records) as {
        fields?: Record<string, unknown>;
      }[];
      if (list.length > 10)
        return send(res, 422, error('INVALID_RECORDS', 'You can create at most 10 records at a time'));
      for (const r of list) {
        const bad = unknown(r.fields ?? {});
        if (bad !== undefined)
          return send(res, 422, error('UNKNOWN_FIELD_NAME', `Unknown field name: "${bad}"`));
      }
      const made = list.map((r) => ({
        id: id('rec'),
        createdTime: new Date().toISOString(),
        // Empty cells are not kept, as Airtable does not return them.
        fields: Object.fromEntries(Object.entries(r.fields ?? {}).filter(([, v]) => v !== null && v !== '')),
      }));
      table.records.push(...made);
      return reply(200, single ? made[0] : { records: made });
    }
    if (req.method === 'PATCH' || req.method === 'PUT') {
      const list = (recordId !== undefined ? [{ id: recordId, fields: body.fields }] : body.records) as {
        id: string;
        fields?: Record<string, unknown>;
      }[];
      if (!Array.isArray(list) || list.length > 10)
        return send(res, 422, error('INVALID_RECORDS', 'At most 10 records'));
      for (const r of list) {
        if (find(r.id) === undefined)
          return send(res, 404, error('MODEL_ID_NOT_FOUND', `Could not find record ${r.id}`));
        const bad = unknown(r.fields ?? {});
        if (bad !== undefined)
          return send(res, 422, error('UNKNOWN_FIELD_NAME', `Unknown field name: "${bad}"`));
      }
      const changed = list.map((r) => {
        const record = find(r.id)!;
        const next = req.method === 'PUT' ? {} : { ...record.fields };
        for (const [k, v] of Object.entries(r.fields ?? {})) {
          if (v === null || v === '') delete (next as Record<string, unknown>)[k];
          else (next as Record<string, unknown>)[k] = v;
        }
        record.fields = next;
        return record;
      });
      return reply(200, recordId !== undefined ? changed[0] : { records: changed });
    }
    if (req.method === 'DELETE') {
      const ids = recordId !== undefined ? [recordId] : url.searchParams.getAll('records[]');
      if (ids.length === 0 || ids.length > 10)
        return send(res, 422, error('INVALID_RECORDS', 'Name 1 to 10 records'));
      const missing = ids.find((rid) => find(rid) === undefined);
      if (missing !== undefined)
        return send(res, 404, error('MODEL_ID_NOT_FOUND', `Could not find record ${missing}`));
      table.records = table.records.filter((r) => !ids.includes(r.id));
      const gone = ids.map((rid) => ({ id: rid, deleted: true }));
      return reply(200, recordId !== undefined ? gone[0] : { records: gone });
    }
    return send(res, 404, { error: 'NOT_FOUND' });
  }

  // Counters are the returned object's own: Object.assign below would copy a getter's value once.
  const standIn = {
    perSecond: 5,
    retryAfterSeconds: 1,
    latencyMs: 0,
    throttled: 0,
    get held() {
      return answers.held;
    },
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const [, baseId = '', table = ''] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      let parsed: unknown = null;
      try {
        parsed = raw === '' ? null : JSON.parse(raw);
      } catch {
        parsed = raw;
      }
      const request: AirtableRequest = {
        at: Date.now(),
        method: req.method ?? 'GET',
        baseId,
        table,
        url: req.url ?? '/',
        body: parsed,
      };
      requests.push(request);
      const base = bases.get(baseId);
      if (base !== undefined) {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (token !== base.token || base.revoked) {
          return send(res, 401, error('AUTHENTICATION_REQUIRED', 'Authentication required'));
        }
        const now = Date.now();
        base.recent = base.recent.filter((t) => t > now - 1000);
        if (standIn.perSecond > 0 && base.recent.length >= standIn.perSecond) {
          standIn.throttled++;
          return send(res, 429, error('RATE_LIMIT_REACHED', 'Rate limit exceeded'), {
            'retry-after': String(standIn.retryAfterSeconds),
          });
        }
        base.recent.push(now);
      }
      const next = behaviour(request);
      if (next === 'ok') return serve(req, answers.later(res, standIn.latencyMs), raw);
      if (next === 'hangAfterWrite') return serve(req, answers.never(res), raw);
      if ('afterWrite' in next)
        return serve(req, answers.later(res, standIn.latencyMs), raw, next.afterWrite);
      return send(
        res,
        next.status,
        error(next.status === 429 ? 'RATE_LIMIT_REACHED' : 'SERVER_ERROR', 'Scripted failure'),
        {
          ...(next.retryAfterSeconds === undefined ? {} : { 'retry-after': String(next.retryAfterSeconds) }),
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(standIn, {
    url,
    requests,
    createBase(tables: Record<string, readonly string[]>) {
      const baseId = id('app');
      const token = `pat${randomBytes(12).toString('hex')}.${randomBytes(16).toString('hex')}`;
      bases.set(baseId, {
        token,
        revoked: false,
        recent: [],
        tables: new Map(
          Object.entries(tables).map(([name, columns]) => [name, { columns: new Set(columns), records: [] }]),
        ),
      });
      return { baseId, token };
    },
    records(baseId: string, table: string) {
      return bases.get(baseId)?.tables.get(table)?.records ?? [];
    },
    behave(next: AirtableBehaviour) {
      behaviour = next;
    },
    revoke(baseId: string) {
      const base = bases.get(baseId);
      if (base) base.revoked = true;
    },
    reissue(baseId: string) {
      const base = bases.get(baseId);
      if (base === undefined) throw new Error(`no base ${baseId}`);
      base.token = `pat${randomBytes(12).toString('hex')}.${randomBytes(16).toString('hex')}`;
      base.revoked = false;
      return base.token;
    },
    async close() {
      answers.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
