import type { FormSchema } from '@formloom/contract';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import type { DestinationProvider, WrittenRecord } from './destination-providers.js';
import {
  columnLetters,
  type GoogleSettings,
  googleGrantKey,
  googleToken,
  SHEETS_BATCH,
  SHEETS_REQUESTS_PER_MINUTE,
  type SheetCell,
  sheetsApi,
} from './google-client.js';
import type { ProviderOutcome } from './provider-http.js';
import {
  mergeColumns,
  RESPONSE_KEY,
  type SheetState,
  sameColumns,
  sheetCell,
  wantedColumns,
} from './sheet-columns.js';

/** Access tokens by destination: refreshed a minute before Google's expiry, one per process. */
export type GoogleTokenCache = Map<string, { refreshToken: string; accessToken: string; expiresAt: number }>;
const EARLY_MS = 60_000;

export interface GoogleSheetsContext {
  settings: GoogleSettings | undefined;
  target: { spreadsheetId: string; sheet: string };
  refreshToken: string;
  destinationId: string;
  state: SheetState | null;
  fieldMap: Readonly<Record<string, string>> | null;
  tokens: GoogleTokenCache;
  timeoutMs: number;
  policy: TargetPolicy;
  now: () => number;
  /** Keeps the sheet's columns once its header row says them. */
  saveState(state: SheetState): Promise<void>;
  /** The grant was revoked (`invalid_grant`): the owners are told. */
  onRevoked(): Promise<void>;
}

/**
 * Google Sheets: a row per response, the response id in column A. Rows move (a deletion moves the
 * rows below it up, a person may sort the sheet), so a row is found by its column A before it is
 * changed or deleted (`relocate`), and the row number kept is only a hint. Appends carry up to 20
 * responses; every request takes a point of the grant's 60 a minute (Google's per-user write
 * quota). The header row follows the form: before a write, the columns it asks for are compared
 * with those kept, and the header is rewritten once when a field was added or renamed.
 */
export function googleSheetsProvider(ctx: GoogleSheetsContext): DestinationProvider {
  const { spreadsheetId, sheet } = ctx.target;
  let columns = ctx.state?.columns ?? [];
  const options = { timeoutMs: ctx.timeoutMs, policy: ctx.policy };

  /** An access token of the grant, from the cache or the token endpoint. */
  async function access(): Promise<ProviderOutcome<string>> {
    const settings = ctx.settings;
    if (settings === undefined) {
      return {
        ok: false,
        failure: {
          statusCode: null,
          durationMs: 0,
          error: 'google: FORMLOOM_GOOGLE_CLIENT_ID is not set on this server',
          responseBody: null,
          verdict: 'permanent',
        },
      };
    }
    const cached = ctx.tokens.get(ctx.destinationId);
    if (cached !== undefined && cached.refreshToken === ctx.refreshToken && cached.expiresAt > ctx.now()) {
      return {
        ok: true,
        value: cached.accessToken,
        result: { statusCode: 200, durationMs: 0, error: null, responseBody: null },
      };
    }
    const got = await googleToken(
      settings,
      { grant_type: 'refresh_token', refresh_token: ctx.refreshToken },
      options,
    );
    if (!got.ok) {
      if (got.revoked !== true) return got;
      ctx.tokens.delete(ctx.destinationId);
      await ctx.onRevoked();
      // Disabled at once (not after repeated failures): nothing can be written until it is connected again.
      return {
        ok: false,
        failure: { ...got.failure, error: 'google: the grant was revoked (invalid_grant)', verdict: 'gone' },
      };
    }
    ctx.tokens.set(ctx.destinationId, {
      refreshToken: ctx.refreshToken,
      accessToken: got.value.accessToken,
      expiresAt: ctx.now() + got.value.expiresInMs - EARLY_MS,
    });
    return { ok: true, value: got.value.accessToken, result: got.result };
  }

  /**
   * One Sheets call with an access token. A 401 to a cached token (revoked at Google, or expired
   * early) is followed by a refresh and the call once more: a revoked grant is then known at once.
   */
  async function withApi<T>(
    call: (api: ReturnType<typeof sheetsApi>) => Promise<ProviderOutcome<T>>,
  ): Promise<ProviderOutcome<T>> {
    const cached = ctx.tokens.has(ctx.destinationId);
    const token = await access();
    if (!token.ok) return token;
    const answer = await call(sheetsApi(ctx.settings!.sheetsBase, token.value, options));
    if (answer.ok || answer.failure.statusCode !== 401) return answer;
    ctx.tokens.delete(ctx.destinationId);
    return cached ? withApi(call) : answer;
  }

  const rowOf = (record: WrittenRecord): SheetCell[] =>
    columns.map((c) => sheetCell(c.key === RESPONSE_KEY ? record.responseId : record.keyed[c.key]));

  /** Rows by response id, read from column A (below the header). */
  const locate = () =>
    withApi(async (api) => {
      const read = await api.columnA(spreadsheetId, sheet);
      if (!read.ok) return read;
      const rows = new Map<string, string>();
      read.value.forEach((id, i) => {
        if (i > 0 && id !== '' && !rows.has(id)) rows.set(id, String(i + 1));
      });
      return { ...read, value: rows };
    });

  return {
    batch: SHEETS_BATCH,
    relocate: true,
    limit: {
      key: googleGrantKey(ctx.refreshToken),
      limit: SHEETS_REQUESTS_PER_MINUTE,
      windowMs: 60_000,
      what: `Google Sheets' ${SHEETS_REQUESTS_PER_MINUTE} requests a minute of the grant`,
    },
    prepare(schema?: FormSchema) {
      if (schema === undefined || ctx.state === null) return null;
      const next = mergeColumns(columns, wantedColumns(schema, ctx.fieldMap));
      if (sameColumns(next, columns)) return null;
      return () =>
        withApi(async (api) => {
          const written = await api.update(spreadsheetId, sheet, 'A1', [next.map((c) => c.title)]);
          if (!written.ok) return written;
          columns = next;
          await ctx.saveState({ sheetId: ctx.state!.sheetId, columns });
          return written;
        });
    },
    async find(responseIds) {
      const found = await locate();
      if (!found.ok) return found;
      const wanted = new Set(responseIds);
      return { ...found, value: new Map([...found.value].filter(([id]) => wanted.has(id))) };
    },
    create: (records) =>
      withApi(async (api) => {
        const first = await api.append(spreadsheetId, sheet, records.map(rowOf));
        if (!first.ok) return first;
        return { ...first, value: records.map((_, i) => String(first.value + i)) };
      }),
    update: (changes) =>
      withApi(async (api) => {
        let last: ProviderOutcome<null> | undefined;
        for (const { id, record } of changes) {
          const row = Number(id);
          last = await api.update(
            spreadsheetId,
            sheet,
            `A${row}:${columnLetters(columns.length - 1)}${row}`,
            [rowOf(record)],
          );
          if (!last.ok) return last;
        }
        return last!;
      }),
    remove: (ids) =>
      withApi((api) => api.deleteRows(spreadsheetId, ctx.state?.sheetId ?? 0, ids.map(Number))),
  };
}
