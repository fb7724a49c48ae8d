import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heldAnswers } from './stand-in-answers.js';

/**
 * A local stand-in of Google's OAuth 2 and Sheets v4 APIs (test support, not shipped), on
 * 127.0.0.1: what the Google Sheets destination sends, and what the official clients send
 * (`@googleapis/sheets` and google-auth-library's OAuth2Client; its test drives it so).
 *
 * OAuth: `GET /o/oauth2/v2/auth` is the consent screen, which a person passes at once: it
 * redirects (302) to `redirect_uri` with `code` and `state`, or with `error=access_denied` after
 * `deny()`. `POST /token` takes `authorization_code` (the PKCE verifier checked against the S256
 * challenge, the client and the redirect URI) and `refresh_token`; a revoked grant's refresh token
 * is `400 invalid_grant`, as Google answers it.
 *
 * Sheets: `POST /v4/spreadsheets` (create), `GET .../values/{range}` (values.get),
 * `POST .../values/{range}:append`, `PUT .../values/{range}` (values.update) and
 * `POST /v4/spreadsheets/{id}:batchUpdate` (deleteDimension of rows). A bearer access token of
 * the grant that made the spreadsheet, or 401 UNAUTHENTICATED (403 PERMISSION_DENIED for another
 * grant's spreadsheet, as drive.file sees only its own files).
 */

export interface GoogleRequest {
  at: number;
  method: string;
  /** The path as sent, without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The grant of the bearer token, when the request carried a valid one. */
  grant?: string;
}

/**
 * What the next Sheets request meets: `ok` (served), a status instead of serving it (429 with
 * Retry-After when given), or `afterWrite`: served (its rows written) and then answered with that
 * status, as a gateway that fails after the write.
 */
export type GoogleBehaviour = (
  request: GoogleRequest,
) => 'ok' | 'hangAfterWrite' | { status: number; retryAfterSeconds?: number } | { afterWrite: number };

type Cell = string | number | boolean;

interface Sheet {
  sheetId: number;
  title: string;
  rows: Cell[][];
}

interface Spreadsheet {
  id: string;
  title: string;
  grant: string;
  sheets: Sheet[];
}

interface Grant {
  id: string;
  refreshToken: string;
  revoked: boolean;
}

export interface GoogleStandIn {
  /** The origin, as FORMLOOM_GOOGLE_OAUTH_BASE, FORMLOOM_GOOGLE_SHEETS_BASE and a client's `rootUrl` take it. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Sheets requests (the OAuth endpoints are in `tokenRequests`). */
  readonly requests: GoogleRequest[];
  /** Token endpoint requests: their grant types. */
  readonly tokenRequests: { grantType: string; ok: boolean }[];
  behave(behaviour: GoogleBehaviour): void;
  /** The next consents are refused by the person (`error=access_denied`) until `deny(false)`. */
  deny(refuse?: boolean): void;
  /** The grant of a refresh token is revoked: `invalid_grant` from now on. */
  revoke(refreshToken: string): void;
  /** Every refresh token handed out, in order. */
  readonly refreshTokens: string[];
  /** A spreadsheet's sheet as stored: rows of cells (trailing empties trimmed). */
  rows(spreadsheetId: string, sheet?: string): Cell[][];
  spreadsheets(): { id: string; title: string; sheets: string[] }[];
  /** Seconds an access token lives (default 3599). */
  tokenLifetimeSeconds: number;
  /** A slow Sheets API: a request is served when it arrives and answered this much later. */
  latencyMs: number;
  /** Requests served by `hangAfterWrite` whose connection is still open. */
  readonly held: number;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const apiError = (code: number, message: string) => ({
  error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN' },
});

/** Column letters to a 0-based index (A = 0, Z = 25, AA = 26). */
function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** An A1 range: its sheet, and its first and last columns and rows (0-based; undefined: open). */
interface A1 {
  sheet: string | undefined;
  col1: number;
  row1: number;
  col2: number | undefined;
  row2: number | undefined;
}

function parseA1(text: string): A1 | undefined {
  let sheet: string | undefined;
  let cells = text;
  const bang = text.lastIndexOf('!');
  if (bang >= 0) {
    sheet = text.slice(0, bang);
    cells = text.slice(bang + 1);
    if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  } else if (!/^([A-Z]{1,3}\d+(:[A-Z]{1,3}\d*)?|[A-Z]{1,3}:[A-Z]{1,3})$/.test(text)) {
    // Without `!`, a name that is not a cell reference is a sheet's (the whole sheet).
    return { sheet: text, col1: 0, row1: 0, col2: undefined, row2: undefined };
  }
  const match = /^([A-Z]*)(\d*)(?::([A-Z]*)(\d*))?$/i.exec(cells);
  if (match === null) return undefined;
  const [, c1 = '', r1 = '', c2, r2] = match;
  return {
    sheet,
    col1: c1 === '' ? 0 : columnIndex(c1),
    row1: r1 === '' ? 0 : Number(r1) - 1,
    col2:
      c2 === undefined ? (c1 === '' ? undefined : columnIndex(c1)) : c2 === '' ? undefined : columnIndex(c2),
    row2:
      c2 === undefined
        ? r1 === ''
          ? undefined
          : Number(r1) - 1
        : r2 === '' || r2 === undefined
          ? undefined
          : Number(r2) - 1,
  };
}

const quote = (title: string) => `'${title.replace(/'/g, "''")}'`;
const rangeText = (sheet: string, c1: number, r1: number, c2: number, r2: number) =>
  `${quote(sheet)}!${columnLetters(c1)}${r1 + 1}:${columnLetters(c2)}${r2 + 1}`;

/** A cell as values.get renders it by default (FORMATTED_VALUE): text. */
const formatted = (cell: Cell): Cell =>
  typeof cell === 'boolean' ? (cell ? 'TRUE' : 'FALSE') : typeof cell === 'number' ? String(cell) : cell;

function trim(rows: Cell[][]): Cell[][] {
  const out = rows.map((row) => {
    const copy = [...row];
    while (copy.length > 0 && (copy.at(-1) === '' || copy.at(-1) === undefined)) copy.pop();
    return copy;
  });
  while (out.length > 0 && out.at(-1)!.length === 0) out.pop();
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const clientId = `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = token('GOCSPX-');
  const requests: GoogleRequest[] = [];
  const tokenRequests: { grantType: string; ok: boolean }[] = [];
  const refreshTokens: string[] = [];
  const grants = new Map<string, Grant>();
  const byRefresh = new Map<string, Grant>();
  const accessTokens = new Map<string, { grant: string; expiresAt: number }>();
  /** Codes of consents given: what the token endpoint checks them against; used once. */
  const codes = new Map<
    string,
    { challenge: string; method: string; redirectUri: string; clientId: string }
  >();
  const books = new Map<string, Spreadsheet>();
  let behaviour: GoogleBehaviour = () => 'ok';
  const answers = heldAnswers();
  let denying = false;
  let nextSheetId = 1_000;

  const standIn = {
    url: '',
    clientId,
    clientSecret,
    requests,
    tokenRequests,
    refreshTokens,
    tokenLifetimeSeconds: 3599,
    latencyMs: 0,
    get held() {
      return answers.held;
    },
    behave(b: GoogleBehaviour) {
      behaviour = b;
    },
    deny(refuse = true) {
      denying = refuse;
    },
    revoke(refreshToken: string) {
      const grant = byRefresh.get(refreshToken);
      if (grant !== undefined) grant.revoked = true;
    },
    rows(spreadsheetId: string, sheet?: string) {
      const book = books.get(spreadsheetId);
      const found = sheet === undefined ? book?.sheets[0] : book?.sheets.find((s) => s.title === sheet);
      return found === undefined ? [] : trim(found.rows);
    },
    spreadsheets() {
      return [...books.values()].map((b) => ({
        id: b.id,
        title: b.title,
        sheets: b.sheets.map((s) => s.title),
      }));
    },
    close: () => Promise.resolve(),
  };

  function consent(url: URL, res: ServerResponse) {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state');
    if (url.searchParams.get('client_id') !== clientId || redirectUri === '') {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Error 400: invalid_request');
      return;
    }
    const back = new URL(redirectUri);
    if (denying) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = token('4/0A');
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        method: url.searchParams.get('code_challenge_method') ?? 'plain',
        redirectUri,
        clientId,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.href });
    res.end();
  }

  function issueAccess(grant: Grant) {
    const access = token('ya29.');
    accessTokens.set(access, {
      grant: grant.id,
      expiresAt: Date.now() + standIn.tokenLifetimeSeconds * 1000,
    });
    return access;
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const form = new URLSearchParams(raw);
    const grantType = form.get('grant_type') ?? '';
    const refuse = (error: string, description: string, status = 400) => {
      tokenRequests.push({ grantType, ok: false });
      send(res, status, { error, error_description: description });
    };
    // Google takes the client in the body or as HTTP Basic.
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic !== null) {
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (id !== clientId || secret !== clientSecret) return refuse('invalid_client', 'Unauthorized', 401);
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const given = codes.get(code);
      codes.delete(code);
      if (given === undefined) return refuse('invalid_grant', 'Malformed auth code.');
      if (form.get('redirect_uri') !== given.redirectUri)
        return refuse('redirect_uri_mismatch', 'Bad Request');
      const verifier = form.get('code_verifier') ?? '';
      const expected =
        given.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (given.challenge === '' || expected !== given.challenge) {
        return refuse('invalid_grant', 'Invalid code verifier.');
      }
      const grant: Grant = { id: token('grant-'), refreshToken: token('1//0g'), revoked: false };
      grants.set(grant.id, grant);
      byRefresh.set(grant.refreshToken, grant);
      refreshTokens.push(grant.refreshToken);
      tokenRequests.push({ grantType, ok: true });
      return send(res, 200, {
        access_token: issueAccess(grant),
        expires_in: standIn.tokenLifetimeSeconds,
        refresh_token: grant.refreshToken,
        scope: 'https://www.googleapis.com/auth/drive.file',
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const grant = byRefresh.get(form.get('refresh_token') ?? '');
      if (grant === undefined || grant.revoked) {
        return refuse('invalid_grant', 'Token has been expired or revoked.');
      }
      tokenRequests.push({ grantType, ok: true });
      return send(res, 200, {
        access_token: issueAccess(grant),
        expires_in: standIn.tokenLifetimeSeconds,
        scope: 'https://www.googleapis.com/auth/drive.file',
        token_type: 'Bearer',
      });
    }
    return refuse('unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  }

  function sheetOf(book: Spreadsheet, name: string | undefined): Sheet | undefined {
    return name === undefined ? book.sheets[0] : book.sheets.find((s) => s.title === name);
  }

  /** Serves a Sheets call; answers the status and body, having written what it writes. */
  function sheetsCall(r: GoogleRequest): { status: number; body: unknown } {
    if (r.method === 'POST' && r.path === '/v4/spreadsheets') {
      const body = (r.body ?? {}) as {
        properties?: { title?: string };
        sheets?: {
          properties?: { title?: string };
          data?: { rowData?: { values?: { userEnteredValue?: Record<string, Cell> }[] }[] }[];
        }[];
      };
      const id = token('1').replace(/[^A-Za-z0-9_-]/g, '');
      const titles = body.sheets?.map((s) => s.properties?.title ?? 'Sheet1') ?? ['Sheet1'];
      const book: Spreadsheet = {
        id,
        title: body.properties?.title ?? 'Untitled spreadsheet',
        grant: r.grant!,
        sheets: titles.map((title, i) => ({
          sheetId: nextSheetId++,
          title,
          // A sheet's first data grid, as its cells were entered.
          rows: (body.sheets?.[i]?.data?.[0]?.rowData ?? []).map((row) =>
            (row.values ?? []).map((v) => Object.values(v.userEnteredValue ?? {})[0] ?? ''),
          ),
        })),
      };
      books.set(id, book);
      return {
        status: 200,
        body: {
          spreadsheetId: id,
          properties: { title: book.title, locale: 'en_US', timeZone: 'Etc/GMT' },
          sheets: book.sheets.map((s, index) => ({
            properties: {
              sheetId: s.sheetId,
              title: s.title,
              index,
              sheetType: 'GRID',
              gridProperties: { rowCount: 1000, columnCount: 26 },
            },
          })),
          spreadsheetUrl: `${standIn.url}/spreadsheets/d/${id}/edit`,
        },
      };
    }
    const match = /^\/v4\/spreadsheets\/([^/:]+)(?::batchUpdate|\/values\/([^:]+)(:append)?)?$/.exec(r.path);
    if (match === null) return { status: 404, body: apiError(404, 'Requested entity was not found.') };
    const book = books.get(decodeURIComponent(match[1]!));
    if (book === undefined) return { status: 404, body: apiError(404, 'Requested entity was not found.') };
    if (book.grant !== r.grant) {
      return { status: 403, body: apiError(403, 'The caller does not have permission') };
    }
    if (r.path.endsWith(':batchUpdate') && r.method === 'POST') {
      const requestsOf = ((r.body as { requests?: unknown[] })?.requests ?? []) as {
        deleteDimension?: {
          range: { sheetId: number; dimension: string; startIndex: number; endIndex: number };
        };
      }[];
      const replies: object[] = [];
      for (const one of requestsOf) {
        const range = one.deleteDimension?.range;
        const sheet = range === undefined ? undefined : book.sheets.find((s) => s.sheetId === range.sheetId);
        if (range === undefined || sheet === undefined || range.dimension !== 'ROWS') {
          return { status: 400, body: apiError(400, 'Invalid requests[0]: unsupported request') };
        }
        sheet.rows.splice(range.startIndex, range.endIndex - range.startIndex);
        replies.push({});
      }
      return { status: 200, body: { spreadsheetId: book.id, replies } };
    }
    if (match[2] === undefined)
      return { status: 404, body: apiError(404, 'Requested entity was not found.') };
    const a1 = parseA1(decodeURIComponent(match[2]));
    const sheet = a1 === undefined ? undefined : sheetOf(book, a1.sheet);
    if (a1 === undefined || sheet === undefined) {
      return {
        status: 400,
        body: apiError(400, `Unable to parse range: ${decodeURIComponent(match[2])}`),
      };
    }
    if (r.method === 'GET') {
      const unformatted = r.query.get('valueRenderOption') === 'UNFORMATTED_VALUE';
      const rows = trim(sheet.rows);
      const lastRow = a1.row2 === undefined ? rows.length - 1 : Math.min(a1.row2, rows.length - 1);
      const values: Cell[][] = [];
      for (let i = a1.row1; i <= lastRow; i++) {
        const row = rows[i] ?? [];
        const end = a1.col2 === undefined ? row.length : Math.min(a1.col2 + 1, row.length);
        values.push(row.slice(a1.col1, end).map((c) => (unformatted ? c : formatted(c))));
      }
      const out = trim(values);
      return {
        status: 200,
        body: {
          range: rangeText(sheet.title, a1.col1, a1.row1, a1.col2 ?? 25, a1.row2 ?? 999),
          majorDimension: 'ROWS',
          ...(out.length === 0 ? {} : { values: out }),
        },
      };
    }
    const values = ((r.body as { values?: Cell[][] })?.values ?? []).map((row) =>
      row.map((c) => (c === null ? '' : c)),
    );
    const width = Math.max(0, ...values.map((row) => row.length));
    if (r.method === 'POST' && match[3] === ':append') {
      // The table is the sheet's data: the rows go after its last row that holds anything.
      const start = trim(sheet.rows).length;
      sheet.rows.splice(start, 0, ...values.map((row) => [...row]));
      const updatedRange = rangeText(
        sheet.title,
        a1.col1,
        start,
        a1.col1 + width - 1,
        start + values.length - 1,
      );
      return {
        status: 200,
        body: {
          spreadsheetId: book.id,
          tableRange: start === 0 ? undefined : rangeText(sheet.title, 0, 0, 25, start - 1),
          updates: {
            spreadsheetId: book.id,
            updatedRange,
            updatedRows: values.length,
            updatedColumns: width,
            updatedCells: values.reduce((n, row) => n + row.length, 0),
          },
        },
      };
    }
    if (r.method === 'PUT') {
      values.forEach((row, i) => {
        const at = a1.row1 + i;
        while (sheet.rows.length <= at) sheet.rows.push([]);
        const target = sheet.rows[at]!;
        row.forEach((cell, j) => {
          while (target.length <= a1.col1 + j) target.push('');
          target[a1.col1 + j] = cell;
        });
      });
      return {
        status: 200,
        body: {
          spreadsheetId: book.id,
          updatedRange: rangeText(
            sheet.title,
            a1.col1,
            a1.row1,
            a1.col1 + width - 1,
            a1.row1 + values.length - 1,
          ),
          updatedRows: values.length,
          updatedColumns: width,
          updatedCells: values.reduce((n, row) => n + row.length, 0),
        },
      };
    }
    return { status: 404, body: apiError(404, 'Method not found.') };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return consent(url, res);
      if (req.method === 'POST' && url.pathname === '/token') return tokenEndpoint(req, res);
      const raw = await readBody(req);
      let body: unknown;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        return send(res, 400, apiError(400, 'Invalid JSON payload received.'));
      }
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const access = bearer === undefined ? undefined : accessTokens.get(bearer);
      const request: GoogleRequest = {
        at: Date.now(),
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        ...(access !== undefined && access.expiresAt > Date.now() ? { grant: access.grant } : {}),
      };
      requests.push(request);
      if (request.grant === undefined || grants.get(request.grant)?.revoked) {
        return send(
          res,
          401,
          apiError(
            401,
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          ),
          { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        );
      }
      const outcome = behaviour(request);
      if (outcome === 'hangAfterWrite') {
        sheetsCall(request);
        answers.never(res);
        return;
      }
      if (outcome !== 'ok' && 'status' in outcome) {
        return send(
          res,
          outcome.status,
          apiError(
            outcome.status,
            outcome.status === 429 ? 'Quota exceeded for quota metric' : 'Internal error encountered.',
          ),
          outcome.retryAfterSeconds === undefined ? {} : { 'retry-after': String(outcome.retryAfterSeconds) },
        );
      }
      const served = sheetsCall(request);
      if (outcome !== 'ok' && 'afterWrite' in outcome) {
        return send(
          res,
          outcome.afterWrite,
          apiError(outcome.afterWrite, 'The service is currently unavailable.'),
        );
      }
      send(answers.later(res, standIn.latencyMs), served.status, served.body);
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, apiError(500, String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      answers.close();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
