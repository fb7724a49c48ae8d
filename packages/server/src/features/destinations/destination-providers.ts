import type { AirtableTarget, FormSchema, NotionTarget } from '@formloom/contract';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import {
  AIRTABLE_BATCH,
  AIRTABLE_REQUESTS_PER_SECOND,
  airtableTable,
  DEFAULT_AIRTABLE_API_BASE,
} from './airtable-client.js';
import { type GoogleSettings, SHEETS_BATCH } from './google-client.js';
import { type GoogleTokenCache, googleSheetsProvider } from './google-sheets-provider.js';
import {
  DEFAULT_NOTION_API_BASE,
  NOTION_REQUESTS_PER_SECOND,
  notionDataSource,
  notionIntegrationKey,
} from './notion-client.js';
import { findable, type NotionSchema, notionProperties } from './notion-properties.js';
import type { ProviderOutcome } from './provider-http.js';
import { type CellValue, RESPONSE_ID_COLUMN } from './record-fields.js';
import type { SheetState } from './sheet-columns.js';

/** `items` in runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Responses a delivery of each kind carries at most (a backfill's, a removal's): one request's worth. */
export const BATCH_OF_KIND: Readonly<Record<string, number>> = {
  airtable: AIRTABLE_BATCH,
  notion: 1,
  google_sheets: SHEETS_BATCH,
};
export const batchOfKind = (kind: string) => BATCH_OF_KIND[kind] ?? 1;

/**
 * A response as written: its cells by column or property name, the same by field id (and
 * `@submitted`) for a provider that keeps columns by field, and the text a page is named by.
 */
export interface WrittenRecord {
  responseId: string;
  cells: Record<string, CellValue>;
  keyed: Record<string, CellValue>;
  title: string;
}

/**
 * What the destination channel asks of a provider. Every call is one request (the sender takes a
 * point of `limit` before each); `batch` is how many responses one request writes.
 */
export interface DestinationProvider {
  batch: number;
  /** The provider's rate limit: `limit` requests a `windowMs` per `key`, taken from the one limiter. */
  limit: { key: string; limit: number; windowMs: number; what: string };
  /**
   * Records move (rows of a sheet shift up after a deletion): a record is found again (`find`)
   * before it is changed or removed, the kept id being only a hint.
   */
  relocate?: boolean;
  /**
   * A request to make before writing (Notion: reading the data source's properties; Sheets: the
   * header row when the form's fields changed), or none.
   */
  prepare(schema?: FormSchema): (() => Promise<ProviderOutcome<unknown>>) | null;
  /** Record id by response id of the records that carry these responses' ids. */
  find(responseIds: readonly string[]): Promise<ProviderOutcome<Map<string, string>>>;
  create(records: readonly WrittenRecord[]): Promise<ProviderOutcome<string[]>>;
  update(changes: readonly { id: string; record: WrittenRecord }[]): Promise<ProviderOutcome<null>>;
  remove(recordIds: readonly string[]): Promise<ProviderOutcome<null>>;
}

export interface ProviderContext {
  kind: string;
  target: unknown;
  token: string;
  timeoutMs: number;
  policy: TargetPolicy;
  /** Where destination id's properties are remembered between deliveries (Notion). */
  notionSchemas: NotionSchemaCache;
  destinationId: string;
  /** Changes with the destination (a PATCH): a remembered schema of an older version is read again. */
  version: string;
  airtableApiBase?: string | undefined;
  notionApiBase?: string | undefined;
  now: () => number;
  /** Google Sheets: the OAuth client (undefined when this server has none) and the access tokens kept. */
  google?: GoogleSettings | undefined;
  googleTokens: GoogleTokenCache;
  /** What the destination keeps of its sheet (Google Sheets), or null. */
  state: SheetState | null;
  fieldMap: Readonly<Record<string, string>> | null;
  saveState(state: SheetState): Promise<void>;
  /** The provider's grant was revoked: the owners are told (Google Sheets). */
  onRevoked(): Promise<void>;
}

/** A data source's properties read for a destination, and when. */
export type NotionSchemaCache = Map<string, { version: string; at: number; schema: NotionSchema }>;

/** How long a data source's properties are trusted before they are read again (a renamed or new property). */
export const NOTION_SCHEMA_TTL_MS = 60_000;

function airtableProvider(ctx: ProviderContext): DestinationProvider {
  const target = ctx.target as AirtableTarget;
  const table = airtableTable({
    apiBase: ctx.airtableApiBase ?? DEFAULT_AIRTABLE_API_BASE,
    baseId: target.baseId,
    table: target.table,
    token: ctx.token,
    timeoutMs: ctx.timeoutMs,
    policy: ctx.policy,
  });
  return {
    batch: batchOfKind('airtable'),
    limit: {
      key: `airtable:base:${target.baseId}`,
      // One request per fifth of a second, not five per window: five at a window's end and five at
      // the next one's start would be ten within one second, which Airtable answers with a 429
      // and a 30 s wait.
      limit: 1,
      windowMs: Math.ceil(1000 / AIRTABLE_REQUESTS_PER_SECOND) + 10,
      what: `Airtable's ${AIRTABLE_REQUESTS_PER_SECOND} requests a second of the base`,
    },
    prepare: () => null,
    find: (ids) => table.find(ids),
    create: (records) => table.create(records.map((r) => r.cells)),
    update: (changes) => table.update(changes.map((c) => ({ id: c.id, fields: c.record.cells }))),
    remove: (ids) => table.remove(ids),
  };
}

/**
 * Notion: a page per response under the data source, one request each. Its properties are read
 * before the first write (and again after a minute or a change of the destination), since a page
 * takes a value in the shape of its property's type and refuses properties the data source lacks.
 */
function notionProvider(ctx: ProviderContext): DestinationProvider {
  const target = ctx.target as NotionTarget;
  const source = notionDataSource({
    apiBase: ctx.notionApiBase ?? DEFAULT_NOTION_API_BASE,
    dataSourceId: target.dataSourceId,
    token: ctx.token,
    timeoutMs: ctx.timeoutMs,
    policy: ctx.policy,
  });
  const cached = () => {
    const kept = ctx.notionSchemas.get(ctx.destinationId);
    return kept !== undefined && kept.version === ctx.version && ctx.now() - kept.at < NOTION_SCHEMA_TTL_MS
      ? kept.schema
      : undefined;
  };
  const schema = () => cached() ?? new Map<string, string>();
  const propertiesOf = (record: WrittenRecord) => notionProperties(record.cells, record.title, schema());
  return {
    batch: batchOfKind('notion'),
    limit: {
      key: notionIntegrationKey(ctx.token),
      // Spread out as Airtable's are: at most three in any second, however the windows fall.
      limit: 1,
      windowMs: Math.ceil(1000 / NOTION_REQUESTS_PER_SECOND) + 10,
      what: `Notion's ${NOTION_REQUESTS_PER_SECOND} requests a second of the integration`,
    },
    prepare() {
      if (cached() !== undefined) return null;
      return async () => {
        const read = await source.schema();
        if (!read.ok) return read;
        if (!findable(read.value)) {
          // Without it a page whose create was not answered could not be found: it would be made twice.
          return {
            ok: false,
            failure: {
              ...read.result,
              error: `notion: the data source has no rich text property "${RESPONSE_ID_COLUMN}"`,
              verdict: 'permanent',
            },
          };
        }
        ctx.notionSchemas.set(ctx.destinationId, { version: ctx.version, at: ctx.now(), schema: read.value });
        return read;
      };
    },
    find: async (ids) => source.find(ids[0]!),
    async create(records) {
      const made = await source.create(propertiesOf(records[0]!));
      return made.ok ? { ...made, value: [made.value] } : made;
    },
    update: (changes) => source.update(changes[0]!.id, propertiesOf(changes[0]!.record)),
    remove: (ids) => source.trash(ids[0]!),
  };
}

/** The provider of a destination's kind. */
export function providerOf(ctx: ProviderContext): DestinationProvider {
  if (ctx.kind === 'notion') return notionProvider(ctx);
  if (ctx.kind === 'google_sheets') {
    return googleSheetsProvider({
      settings: ctx.google,
      target: ctx.target as { spreadsheetId: string; sheet: string },
      refreshToken: ctx.token,
      destinationId: ctx.destinationId,
      state: ctx.state,
      fieldMap: ctx.fieldMap,
      tokens: ctx.googleTokens,
      timeoutMs: ctx.timeoutMs,
      policy: ctx.policy,
      now: ctx.now,
      saveState: ctx.saveState,
      onRevoked: ctx.onRevoked,
    });
  }
  return airtableProvider(ctx);
}

/** No response has this id: a lookup of it reads the target and finds nothing. */
export const CHECK_RESPONSE_ID = '00000000-0000-4000-8000-000000000000';

/** How long a connection's check waits for the provider: a person is waiting for the answer. */
export const CONNECTION_CHECK_TIMEOUT_MS = 10_000;

/** Why a provider refused a connection, as the API's 400 says it. */
export interface ConnectionRefusal {
  path: 'body.credentials' | 'body.target';
  message: string;
}

/**
 * A token and target tried before they are kept, so a typo is a 400 at once rather than a
 * destination that fails at the first response: the request a first delivery makes before writing
 * (Notion reads the data source's properties and needs its Response ID property) and a lookup by
 * Response ID (Airtable reads the table and needs its Response ID field). Answers undefined when
 * the provider took both.
 */
export async function checkConnection(
  ctx: Pick<ProviderContext, 'kind' | 'target' | 'token' | 'timeoutMs' | 'policy' | 'now'> &
    Partial<Pick<ProviderContext, 'airtableApiBase' | 'notionApiBase'>> & {
      /** Waits for a point of the provider's rate limit, the one deliveries take theirs from. */
      take: (limit: DestinationProvider['limit']) => Promise<void>;
    },
): Promise<ConnectionRefusal | undefined> {
  const provider = providerOf({
    ...ctx,
    notionSchemas: new Map(),
    destinationId: CHECK_RESPONSE_ID,
    version: '',
    googleTokens: new Map(),
    state: null,
    fieldMap: null,
    saveState: async () => {},
    onRevoked: async () => {},
  });
  const prepared = provider.prepare();
  const find = async () => {
    await ctx.take(provider.limit);
    return provider.find([CHECK_RESPONSE_ID]);
  };
  if (prepared !== null) await ctx.take(provider.limit);
  let outcome: ProviderOutcome<unknown> | undefined = prepared === null ? undefined : await prepared();
  if (outcome === undefined || outcome.ok) outcome = await find();
  if (outcome.ok) return undefined;
  const { statusCode: status, error } = outcome.failure;
  const name = ctx.kind === 'notion' ? 'Notion' : 'Airtable';
  const detail = (error ?? 'no answer').replace(/^\w+: /, '');
  if (status === 401 || status === 403) {
    return { path: 'body.credentials', message: `${name} refused the token: ${detail}` };
  }
  if (status === null || status >= 500 || status === 429) {
    return { path: 'body.target', message: `${name} did not answer (${detail}): try again in a moment` };
  }
  return {
    path: 'body.target',
    message:
      status === 404
        ? `${name} does not know this base, table or data source, or it is not shared with the token: ${detail}`
        : `${name} refused the target: ${detail}`,
  };
}
