import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heldAnswers } from './stand-in-answers.js';

/**
 * A local stand-in of Notion's API at version 2025-09-03 (test support, not shipped), on
 * 127.0.0.1: what the destinations send, and what the official `@notionhq/client` sends (its test
 * drives it so). `GET /v1/data_sources/{id}` describes a data source's properties, `POST
 * /v1/data_sources/{id}/query` filters its pages (`equals` on rich text, title, number and
 * checkbox properties, `and`/`or` of them; `page_size`, `start_cursor`; pages in the trash left out),
 * `POST /v1/pages` makes a page under a `data_source_id` parent, `GET`/`PATCH /v1/pages/{id}`
 * read it and change its properties or `in_trash` (`archived`). Like Notion: the `Notion-Version`
 * header is required (400 `missing_version`), an unknown token is a 401 `unauthorized`, a data
 * source or page not shared with the token's integration is a 404 `object_not_found`, a property
 * the data source lacks or a value not of its type is a 400 `validation_error`, and more than
 * `perSecond` requests a second of one integration is a 429 `rate_limited` with Retry-After.
 * `latencyMs` makes it slow: a request is served when it arrives and answered that much later.
 */

export interface NotionPage {
  id: string;
  dataSourceId: string;
  in_trash: boolean;
  created_time: string;
  last_edited_time: string;
  /** The values as Notion holds them: `{type, [type]: value}` by property name. */
  properties: Record<string, { type: string } & Record<string, unknown>>;
}

export interface NotionRequest {
  at: number;
  method: string;
  /** The path after `/v1/`, and the query. */
  path: string;
  /** The data source the request is about (its own path or a page's parent), when known. */
  dataSourceId: string | undefined;
  notionVersion: string | undefined;
  body: unknown;
}

/**
 * What the next request meets: `ok` (served), a status instead of serving it, or `afterWrite`: the
 * request is served (its page written) and then answered with `status`, as a gateway that fails
 * after the write; `hangAfterWrite`: served, and never answered (until the stand-in closes).
 */
export type NotionBehaviour = (
  request: NotionRequest,
) => 'ok' | 'hangAfterWrite' | { status: number; retryAfterSeconds?: number } | { afterWrite: number };

export interface NotionStandIn {
  /** The API's origin, as FORMLOOM_NOTION_API_BASE and the client's `baseUrl` take it. */
  readonly url: string;
  readonly requests: NotionRequest[];
  /** Requests answered 429 because an integration's `perSecond` was exceeded. */
  readonly throttled: number;
  /** Makes a data source with these properties (type by name), shared with a new integration. */
  createDataSource(properties: Record<string, string>): { dataSourceId: string; token: string };
  /** The data source's pages, in the order made (those in the trash included). */
  pages(dataSourceId: string): NotionPage[];
  behave(behaviour: NotionBehaviour): void;
  /** The data source's integration token answers 401 from now on. */
  revoke(dataSourceId: string): void;
  /** Requests an integration takes a second before a 429 (default 3; 0: no limit). */
  perSecond: number;
  /** Seconds a 429 of the rate limit asks for (Retry-After; default 1). */
  retryAfterSeconds: number;
  /** How long after serving a request it is answered (default 0): its write is made meanwhile. */
  latencyMs: number;
  /** Requests served by `hangAfterWrite` whose connection is still open: a test acts while one is held. */
  readonly held: number;
  close(): Promise<void>;
}

interface DataSource {
  id: string;
  databaseId: string;
  token: string;
  properties: Map<string, { id: string; type: string }>;
  pages: NotionPage[];
}

const TYPES = new Set([
  'title',
  'rich_text',
  'number',
  'select',
  'multi_select',
  'date',
  'email',
  'phone_number',
  'url',
  'checkbox',
  'files',
]);

class Invalid extends Error {}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const error = (status: number, code: string, message: string) => ({
  object: 'error',
  status,
  code,
  message,
  request_id: randomUUID(),
});

/** A rich text array as Notion keeps it: each piece with its `plain_text`. */
function richText(value: unknown, name: string) {
  if (!Array.isArray(value)) throw new Invalid(`body.properties.${name} should be an array`);
  if (value.length > 100) throw new Invalid(`body.properties.${name}.length should be ≤ 100`);
  return value.map((piece: { text?: { content?: unknown } }) => {
    const content = piece?.text?.content;
    if (typeof content !== 'string')
      throw new Invalid(`body.properties.${name}[].text.content should be a string`);
    if (content.length > 2000)
      throw new Invalid(`body.properties.${name}[].text.content.length should be ≤ 2000`);
    return { type: 'text', text: { content, link: null }, plain_text: content, href: null };
  });
}

/** A property's value checked against its type, as Notion checks it. */
function checkedValue(type: string, input: Record<string, unknown>, name: string): unknown {
  if (!(type in input)) throw new Invalid(`body.properties.${name}.${type} should be defined`);
  const v = input[type];
  const nullableString = () => {
    if (v !== null && typeof v !== 'string')
      throw new Invalid(`body.properties.${name}.${type} should be a string`);
    return v;
  };
  switch (type) {
    case 'title':
    case 'rich_text':
      return richText(v, name);
    case 'number':
      if (v !== null && typeof v !== 'number')
        throw new Invalid(`body.properties.${name}.number should be a number`);
      return v;
    case 'select': {
      if (v === null) return null;
      const option = (v as { name?: unknown }).name;
      if (typeof option !== 'string' || option.includes(','))
        throw new Invalid(`body.properties.${name}.select.name should be a string without commas`);
      return { name: option };
    }
    case 'multi_select':
      if (!Array.isArray(v)) throw new Invalid(`body.properties.${name}.multi_select should be an array`);
      return v.map((o: { name?: unknown }) => {
        if (typeof o?.name !== 'string' || o.name.includes(','))
          throw new Invalid(`body.properties.${name}.multi_select[].name should be a string without commas`);
        return { name: o.name };
      });
    case 'date': {
      if (v === null) return null;
      const start = (v as { start?: unknown }).start;
      if (typeof start !== 'string' || Number.isNaN(Date.parse(start)))
        throw new Invalid(`body.properties.${name}.date.start should be an ISO 8601 date`);
      return { start, end: null, time_zone: null };
    }
    case 'email':
    case 'phone_number':
    case 'url':
      return nullableString();
    case 'checkbox':
      if (typeof v !== 'boolean') throw new Invalid(`body.properties.${name}.checkbox should be a boolean`);
      return v;
    case 'files':
      if (!Array.isArray(v)) throw new Invalid(`body.properties.${name}.files should be an array`);
      return v.map((f: { name?: unknown; external?: { url?: unknown } }) => {
        if (typeof f?.name !== 'string' || typeof f.external?.url !== 'string')
          throw new Invalid(`body.properties.${name}.files[] should be an external file with a name`);
        return { name: f.name, type: 'external', external: { url: f.external.url } };
      });
    default:
      throw new Invalid(`body.properties.${name}: ${type} cannot be written`);
  }
}

/** A filter (`{property, <type>: {equals}}`, `{and: [...]}`, `{or: [...]}`) as a page's test. */
function filterOf(filter: unknown, source: DataSource): (page: NotionPage) => boolean {
  if (filter === undefined || filter === null) return () => true;
  const f = filter as Record<string, unknown>;
  if (Array.isArray(f.and)) {
    const parts = f.and.map((p) => filterOf(p, source));
    return (page) => parts.every((p) => p(page));
  }
  if (Array.isArray(f.or)) {
    const parts = f.or.map((p) => filterOf(p, source));
    return (page) => parts.some((p) => p(page));
  }
  const name = f.property;
  if (typeof name !== 'string' || !source.properties.has(name))
    throw new Invalid(`Could not find property with name or id: ${String(name)}`);
  const type = source.properties.get(name)!.type;
  const condition = f[type] as { equals?: unknown } | undefined;
  if (condition === undefined || !('equals' in condition))
    throw new Invalid(`body.filter.${type}.equals should be defined`);
  return (page) => {
    const value = page.properties[name]?.[type];
    const plain = Array.isArray(value)
      ? value.map((p: { plain_text?: string }) => p.plain_text ?? '').join('')
      : value;
    return plain === condition.equals;
  };
}

export async function startNotionStandIn(): Promise<NotionStandIn> {
  const sources = new Map<string, DataSource>();
  const tokens = new Map<string, { revoked: boolean; recent: number[] }>();
  const requests: NotionRequest[] = [];
  let behaviour: NotionBehaviour = () => 'ok';
  const answers = heldAnswers();
  // Counters are the returned object's own: Object.assign below would copy a getter's value once.
  const standIn = {
    perSecond: 3,
    retryAfterSeconds: 1,
    latencyMs: 0,
    throttled: 0,
    get held() {
      return answers.held;
    },
  };

  const pageObject = (page: NotionPage) => {
    const source = sources.get(page.dataSourceId)!;
    return {
      object: 'page',
      id: page.id,
      created_time: page.created_time,
      last_edited_time: page.last_edited_time,
      in_trash: page.in_trash,
      archived: page.in_trash,
      parent: { type: 'data_source_id', data_source_id: source.id, database_id: source.databaseId },
      properties: Object.fromEntries(
        [...source.properties].map(([name, p]) => [
          name,
          page.properties[name] ?? { id: p.id, type: p.type, [p.type]: emptyOf(p.type) },
        ]),
      ),
      url: `https://www.notion.so/${page.id.replace(/-/g, '')}`,
    };
  };
  const emptyOf = (type: string) =>
    ['title', 'rich_text', 'multi_select', 'files'].includes(type) ? [] : type === 'checkbox' ? false : null;

  /** The request's parsed body, and the data source it is about (for the log and the behaviour). */
  function aboutOf(path: string[], body: Record<string, unknown>): string | undefined {
    if (path[0] === 'data_sources') return path[1];
    if (path[0] === 'pages' && path[1] === undefined) {
      return (body.parent as { data_source_id?: string } | undefined)?.data_source_id;
    }
    if (path[0] === 'pages') {
      for (const source of sources.values()) if (source.pages.some((p) => p.id === path[1])) return source.id;
    }
    return undefined;
  }

  function setProperties(source: DataSource, page: NotionPage, input: unknown) {
    if (input === undefined) return;
    if (typeof input !== 'object' || input === null) throw new Invalid('body.properties should be an object');
    const next: NotionPage['properties'] = {};
    for (const [name, value] of Object.entries(input as Record<string, Record<string, unknown>>)) {
      const property = source.properties.get(name);
      if (property === undefined) throw new Invalid(`${name} is not a property that exists.`);
      next[name] = {
        id: property.id,
        type: property.type,
        [property.type]: checkedValue(property.type, value, name),
      };
    }
    Object.assign(page.properties, next);
  }

  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    path: string[],
    body: Record<string, unknown>,
    token: string,
    answerWith?: number,
  ) {
    const reply = (status: number, value: unknown) =>
      answerWith === undefined
        ? send(res, status, value)
        : send(res, answerWith, error(answerWith, 'service_unavailable', 'Notion is unavailable'));
    const shared = (id: string | undefined) => {
      const source =
        id === undefined
          ? undefined
          : sources.get(id.replace(/-/g, '').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'));
      return source !== undefined && source.token === token ? source : undefined;
    };
    const notFound = (id: string | undefined, what: string) =>
      send(
        res,
        404,
        error(
          404,
          'object_not_found',
          `Could not find ${what} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
        ),
      );
    try {
      if (path[0] === 'data_sources' && path.length === 2 && req.method === 'GET') {
        const source = shared(path[1]);
        if (source === undefined) return notFound(path[1], 'data_source');
        return reply(200, {
          object: 'data_source',
          id: source.id,
          title: [{ type: 'text', text: { content: 'Responses', link: null }, plain_text: 'Responses' }],
          parent: { type: 'database_id', database_id: source.databaseId },
          properties: Object.fromEntries(
            [...source.properties].map(([name, p]) => [name, { id: p.id, name, type: p.type, [p.type]: {} }]),
          ),
        });
      }
      if (path[0] === 'data_sources' && path[2] === 'query' && req.method === 'POST') {
        const source = shared(path[1]);
        if (source === undefined) return notFound(path[1], 'data_source');
        const test = filterOf(body.filter, source);
        const size = Math.min(100, Number(body.page_size ?? 100) || 100);
        const start = Number(body.start_cursor ?? 0) || 0;
        const matching = source.pages.filter((p) => !p.in_trash && test(p));
        const results = matching.slice(start, start + size).map(pageObject);
        const more = start + size < matching.length;
        return reply(200, {
          object: 'list',
          results,
          next_cursor: more ? String(start + size) : null,
          has_more: more,
          type: 'page_or_data_source',
          page_or_data_source: {},
        });
      }
      if (path[0] === 'pages' && path.length === 1 && req.method === 'POST') {
        const parent = body.parent as { data_source_id?: string } | undefined;
        if (typeof parent?.data_source_id !== 'string')
          throw new Invalid('body.parent.data_source_id should be defined');
        const source = shared(parent.data_source_id);
        if (source === undefined) return notFound(parent.data_source_id, 'data_source');
        const now = new Date().toISOString();
        const page: NotionPage = {
          id: randomUUID(),
          dataSourceId: source.id,
          in_trash: false,
          created_time: now,
          last_edited_time: now,
          properties: {},
        };
        setProperties(source, page, body.properties);
        source.pages.push(page);
        return reply(200, pageObject(page));
      }
      if (path[0] === 'pages' && path.length === 2 && (req.method === 'GET' || req.method === 'PATCH')) {
        const source = shared(aboutOf(path, body));
        const page = source?.pages.find((p) => p.id === path[1]);
        if (source === undefined || page === undefined) return notFound(path[1], 'page');
        if (req.method === 'PATCH') {
          const trash = body.in_trash ?? body.archived;
          if (page.in_trash && trash !== false && body.properties !== undefined)
            throw new Invalid(
              "Can't edit block that is archived. You must unarchive the block before editing.",
            );
          setProperties(source, page, body.properties);
          if (typeof trash === 'boolean') page.in_trash = trash;
          page.last_edited_time = new Date().toISOString();
        }
        return reply(200, pageObject(page));
      }
      return send(res, 400, error(400, 'invalid_request_url', 'Invalid request URL.'));
    } catch (e) {
      if (e instanceof Invalid) return send(res, 400, error(400, 'validation_error', e.message));
      throw e;
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const path = url.pathname
        .replace(/^\/v1\//, '')
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent);
      let body: Record<string, unknown> = {};
      let parsed: unknown = null;
      if (raw !== '') {
        try {
          parsed = JSON.parse(raw);
          body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
        } catch {
          return send(res, 400, error(400, 'invalid_json', 'Error parsing JSON body.'));
        }
      }
      const version = req.headers['notion-version'];
      const request: NotionRequest = {
        at: Date.now(),
        method: req.method ?? 'GET',
        path: `${path.join('/')}${url.search}`,
        dataSourceId: aboutOf(path, body),
        notionVersion: typeof version === 'string' ? version : undefined,
        body: parsed,
      };
      requests.push(request);
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const integration = tokens.get(token);
      if (integration === undefined || integration.revoked) {
        return send(res, 401, error(401, 'unauthorized', 'API token is invalid.'));
      }
      if (request.notionVersion === undefined) {
        return send(res, 400, error(400, 'missing_version', 'Notion-Version header failed validation.'));
      }
      const now = Date.now();
      integration.recent = integration.recent.filter((t) => t > now - 1000);
      if (standIn.perSecond > 0 && integration.recent.length >= standIn.perSecond) {
        standIn.throttled++;
        return send(
          res,
          429,
          error(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.'),
          {
            'retry-after': String(standIn.retryAfterSeconds),
          },
        );
      }
      integration.recent.push(now);
      const next = behaviour(request);
      const later = () => answers.later(res, standIn.latencyMs);
      if (next === 'ok') return serve(req, later(), path, body, token);
      if (next === 'hangAfterWrite') return serve(req, answers.never(res), path, body, token);
      if ('afterWrite' in next) return serve(req, later(), path, body, token, next.afterWrite);
      const code =
        next.status === 429
          ? 'rate_limited'
          : next.status >= 500
            ? 'internal_server_error'
            : 'validation_error';
      return send(res, next.status, error(next.status, code, 'Scripted failure'), {
        ...(next.retryAfterSeconds === undefined ? {} : { 'retry-after': String(next.retryAfterSeconds) }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(standIn, {
    url,
    requests,
    createDataSource(properties: Record<string, string>) {
      for (const type of Object.values(properties)) {
        if (!TYPES.has(type) && !['people', 'relation', 'formula'].includes(type))
          throw new Error(`the stand-in has no ${type} properties`);
      }
      if (Object.values(properties).filter((t) => t === 'title').length !== 1)
        throw new Error('a data source has exactly one title property');
      const token = `ntn_${randomBytes(20).toString('hex')}`;
      tokens.set(token, { revoked: false, recent: [] });
      const source: DataSource = {
        id: randomUUID(),
        databaseId: randomUUID(),
        token,
        properties: new Map(
          Object.entries(properties).map(([name, type]) => [
            name,
            { id: randomBytes(3).toString('hex'), type },
          ]),
        ),
        pages: [],
      };
      sources.set(source.id, source);
      return { dataSourceId: source.id, token };
    },
    pages(dataSourceId: string) {
      return sources.get(dataSourceId)?.pages ?? [];
    },
    behave(next: NotionBehaviour) {
      behaviour = next;
    },
    revoke(dataSourceId: string) {
      const source = sources.get(dataSourceId);
      const integration = source === undefined ? undefined : tokens.get(source.token);
      if (integration) integration.revoked = true;
    },
    async close() {
      answers.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
