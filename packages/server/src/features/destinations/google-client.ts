import { createHash } from 'node:crypto';
import type { TargetPolicy } from '../../net/ssrf-guard.js';
import { postDelivery, type SendResult } from '../../outbox/send.js';
import { judgeAnswer, logged, type ProviderOutcome, parseObject as parse } from './provider-http.js';

export const DEFAULT_GOOGLE_OAUTH_BASE = 'https://accounts.google.com';
/** Google's token endpoint lives on another host than its consent screen. */
export const DEFAULT_GOOGLE_TOKEN_BASE = 'https://oauth2.googleapis.com';
export const DEFAULT_GOOGLE_SHEETS_BASE = 'https://sheets.googleapis.com';
/** Only the files this app creates: the spreadsheet it makes, nothing else of the person's Drive. */
export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
/** Google's published Sheets quota: 60 write requests a minute per user (the grant) per project. */
export const SHEETS_REQUESTS_PER_MINUTE = 60;
/** Rows one values.append carries: a backfill of n responses takes n / 20 of the minute's 60 requests. */
export const SHEETS_BATCH = 20;
/** Google asks for a pause of about a minute after a quota's 429 that names no wait. */
const SHEETS_PENALTY_MS = 60_000;
/** Enough of an answer for column A of a sheet of many thousand rows. */
const READ_BYTES = 4 * 1024 * 1024;

/** The OAuth client and where Google is (stand-ins in tests). */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** FORMLOOM_GOOGLE_OAUTH_BASE: the consent screen's origin. */
  oauthBase: string;
  /** FORMLOOM_GOOGLE_TOKEN_BASE, else the OAuth base when that was set, else Google's token host. */
  tokenBase: string;
  /** FORMLOOM_GOOGLE_SHEETS_BASE. */
  sheetsBase: string;
}

/** What FORMLOOM_GOOGLE_* give; the token endpoint follows a stand-in's OAuth base unless named. */
export function googleSettings(config: {
  clientId: string;
  clientSecret: string;
  oauthBase?: string | undefined;
  tokenBase?: string | undefined;
  sheetsBase?: string | undefined;
}): GoogleSettings {
  const trim = (url: string) => url.replace(/\/+$/, '');
  return {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    oauthBase: trim(config.oauthBase ?? DEFAULT_GOOGLE_OAUTH_BASE),
    tokenBase: trim(config.tokenBase ?? config.oauthBase ?? DEFAULT_GOOGLE_TOKEN_BASE),
    sheetsBase: trim(config.sheetsBase ?? DEFAULT_GOOGLE_SHEETS_BASE),
  };
}

/** Google's consent screen for an offline grant of `drive.file`, with PKCE (S256). */
export function googleAuthorizeUrl(
  settings: GoogleSettings,
  redirectUri: string,
  state: string,
  codeVerifier: string,
): string {
  const url = new URL(`${settings.oauthBase}/o/oauth2/v2/auth`);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', GOOGLE_SCOPE);
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('include_granted_scopes', 'true');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/** The limiter's key of a grant (its refresh token's digest): the quota is the user's, across destinations. */
export const googleGrantKey = (refreshToken: string) =>
  `google:grant:${createHash('sha256').update(refreshToken).digest('hex').slice(0, 32)}`;

export interface CallOptions {
  timeoutMs: number;
  policy: TargetPolicy;
}

/**
 * Google's API answers as the outbox reads them: 2xx done; 429 and 5xx (and no answer) passing,
 * a 429 after its Retry-After or a minute; 401, 403, 404 and 400 (a revoked token, a spreadsheet
 * deleted or not this grant's) fail the delivery and count towards turning it off.
 */
export function judgeGoogle(result: SendResult) {
  const error = parse(result.responseBody)?.error;
  const detail =
    typeof error === 'object' && error !== null
      ? `${String((error as { status?: unknown }).status ?? '')}: ${String((error as { message?: unknown }).message ?? '')}`
      : typeof error === 'string'
        ? error
        : '';
  return judgeAnswer(
    result,
    `google: HTTP ${result.statusCode}${detail ? ` ${detail}` : ''}`,
    SHEETS_PENALTY_MS,
  );
}

export interface GoogleTokens {
  accessToken: string;
  /** Milliseconds the access token lives. */
  expiresInMs: number;
  /** Only when a code is traded (`access_type=offline`, `prompt=consent`). */
  refreshToken?: string;
}

/**
 * One request to the token endpoint (`authorization_code` or `refresh_token`). A refused grant
 * (`invalid_grant`: revoked, expired, or a code already used) is `revoked`.
 */
export async function googleToken(
  settings: GoogleSettings,
  grant: Record<string, string>,
  options: CallOptions,
): Promise<ProviderOutcome<GoogleTokens> & { revoked?: boolean }> {
  const body = new URLSearchParams({
    ...grant,
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
  }).toString();
  const result = await postDelivery(
    `${settings.tokenBase}/token`,
    body,
    {},
    {
      timeoutMs: options.timeoutMs,
      policy: options.policy,
      userAgent: 'Formloom-Destinations/1',
      contentType: 'application/x-www-form-urlencoded',
      readBytes: 64 * 1024,
    },
  );
  const answer = parse(result.responseBody);
  // The answer holds tokens: the log keeps its status only.
  const quiet = { ...result, responseBody: null };
  if (result.statusCode === 200 && typeof answer?.access_token === 'string') {
    const seconds = Number(answer.expires_in);
    return {
      ok: true,
      value: {
        accessToken: answer.access_token,
        expiresInMs: (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000,
        ...(typeof answer.refresh_token === 'string' ? { refreshToken: answer.refresh_token } : {}),
      },
      result: quiet,
    };
  }
  const code = typeof answer?.error === 'string' ? answer.error : '';
  const judged = judgeAnswer(
    quiet,
    `google token endpoint: HTTP ${result.statusCode} ${code}`.trim(),
    60_000,
  );
  return {
    ok: false,
    failure: { ...judged, responseBody: logged(result).responseBody },
    ...(code === 'invalid_grant' ? { revoked: true } : {}),
  };
}

/** A sheet's name in A1 notation: quoted, quotes doubled. */
export const sheetRange = (sheet: string, cells = '') =>
  `'${sheet.replace(/'/g, "''")}'${cells === '' ? '' : `!${cells}`}`;

/** A 0-based column index as letters (0: A, 26: AA). */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The first row an A1 range names (`'Responses'!A5:F7` is 5). */
export function firstRowOf(range: string): number | undefined {
  const match = /!\$?[A-Z]+\$?(\d+)/i.exec(range);
  return match === null ? undefined : Number(match[1]);
}

/** A cell as the Sheets API takes it in RAW input. */
export type SheetCell = string | number | boolean;

/**
 * Google's Sheets v4 API with one access token, through the outbox's one HTTP sender (its timeout
 * and SSRF guard). Each call is one request.
 */
export function sheetsApi(base: string, accessToken: string, options: CallOptions) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const call = (method: 'POST' | 'PUT' | 'GET', url: string, body = '') =>
    postDelivery(url, body, headers, {
      method,
      timeoutMs: options.timeoutMs,
      policy: options.policy,
      userAgent: 'Formloom-Destinations/1',
      keepHeaders: ['retry-after'],
      readBytes: READ_BYTES,
    });
  const book = (spreadsheetId: string) => `${base}/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}`;
  const outcome = <T>(result: SendResult, read: (answer: Record<string, unknown>) => T | undefined) => {
    const judged = judgeGoogle(result);
    if (judged.verdict !== 'ok') return { ok: false as const, failure: judged };
    const value = read(parse(result.responseBody) ?? {});
    if (value === undefined) {
      return {
        ok: false as const,
        failure: {
          ...logged(result),
          error: 'google: an answer without what it should name',
          verdict: 'retry' as const,
        },
      };
    }
    return { ok: true as const, value, result: logged(result) };
  };

  return {
    /** A new spreadsheet with one sheet holding `header` in its frozen first row. */
    async create(
      title: string,
      sheet: string,
      header: readonly string[],
    ): Promise<ProviderOutcome<{ spreadsheetId: string; sheetId: number }>> {
      const result = await call(
        'POST',
        `${base}/v4/spreadsheets`,
        JSON.stringify({
          properties: { title },
          sheets: [
            {
              properties: { title: sheet, gridProperties: { frozenRowCount: 1 } },
              data: [
                {
                  startRow: 0,
                  startColumn: 0,
                  rowData: [{ values: header.map((text) => ({ userEnteredValue: { stringValue: text } })) }],
                },
              ],
            },
          ],
        }),
      );
      return outcome(result, (a) => {
        const sheets = a.sheets as { properties?: { sheetId?: unknown } }[] | undefined;
        const sheetId = sheets?.[0]?.properties?.sheetId;
        return typeof a.spreadsheetId === 'string' && typeof sheetId === 'number'
          ? { spreadsheetId: a.spreadsheetId, sheetId }
          : undefined;
      });
    },

    /** Column A of the sheet: its texts by row (row 1 first). */
    async columnA(spreadsheetId: string, sheet: string): Promise<ProviderOutcome<string[]>> {
      const result = await call(
        'GET',
        `${book(spreadsheetId)}/values/${encodeURIComponent(sheetRange(sheet, 'A:A'))}`,
      );
      return outcome(result, (a) =>
        ((a.values as unknown[][] | undefined) ?? []).map((row) =>
          row[0] === undefined ? '' : String(row[0]),
        ),
      );
    },

    /** Appends rows after the sheet's data; answers the first row number written. */
    async append(
      spreadsheetId: string,
      sheet: string,
      rows: readonly SheetCell[][],
    ): Promise<ProviderOutcome<number>> {
      const query = 'valueInputOption=RAW&insertDataOption=INSERT_ROWS';
      const result = await call(
        'POST',
        `${book(spreadsheetId)}/values/${encodeURIComponent(sheetRange(sheet, 'A1'))}:append?${query}`,
        JSON.stringify({ majorDimension: 'ROWS', values: rows }),
      );
      return outcome(result, (a) =>
        firstRowOf(String((a.updates as { updatedRange?: unknown })?.updatedRange ?? '')),
      );
    },

    /** Writes `rows` from `cell` (`A1`, `A5`) down, replacing what is there. */
    async update(
      spreadsheetId: string,
      sheet: string,
      cell: string,
      rows: readonly SheetCell[][],
    ): Promise<ProviderOutcome<null>> {
      const result = await call(
        'PUT',
        `${book(spreadsheetId)}/values/${encodeURIComponent(sheetRange(sheet, cell))}?valueInputOption=RAW`,
        JSON.stringify({ majorDimension: 'ROWS', values: rows }),
      );
      return outcome(result, () => null);
    },

    /** Deletes whole rows (1-based numbers), the rows below moving up. */
    async deleteRows(
      spreadsheetId: string,
      sheetId: number,
      rows: readonly number[],
    ): Promise<ProviderOutcome<null>> {
      // From the bottom up, so each deletion leaves the rows still to delete where they were.
      const requests = [...rows]
        .sort((a, b) => b - a)
        .map((row) => ({
          deleteDimension: { range: { sheetId, dimension: 'ROWS', startIndex: row - 1, endIndex: row } },
        }));
      const result = await call('POST', `${book(spreadsheetId)}:batchUpdate`, JSON.stringify({ requests }));
      return outcome(result, () => null);
    },
  };
}

export type SheetsApi = ReturnType<typeof sheetsApi>;
