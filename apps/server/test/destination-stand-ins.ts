import type { FormSchema } from '@formloom/contract';
import {
  type AirtableRequest,
  contactSchema,
  type GoogleRequest,
  type NotionRequest,
  startAirtableStandIn,
  startGoogleStandIn,
  startNotionStandIn,
} from '@formloom/server/testing';
import type { apiClient } from './support.js';

type Api = ReturnType<typeof apiClient>;

/** Connects a destination by the API's POST, as Airtable and Notion are connected. */
async function post(api: Api, formId: string, destination: Record<string, unknown>): Promise<void> {
  const connected = await api.call(`/v1/forms/${formId}/destinations`, { method: 'POST', json: destination });
  if (connected.status !== 201) throw new Error(`connecting answered ${connected.status}: ${connected.text}`);
}

/**
 * The destination kinds as a served `formloom serve` meets them: each provider's stand-in, started
 * with a place for the burst form's answers, and what the crash test and the burst bench ask of it
 * (the records it holds, its lookups, an answer held back). A new kind is one more entry of
 * DESTINATION_KINDS; both read the list.
 */
export interface StandInDestination {
  /** The server's environment that sends this kind's requests to the stand-in. */
  env: Record<string, string>;
  /** Connects it to the served form (a POST, or Google's consent flow). */
  connect(api: Api, formId: string): Promise<void>;
  /** The Response ID of each record, page or row it holds, in order: a response written twice is there twice. */
  written(): string[];
  /** Requests it received (refused ones included). */
  requests(): number;
  /** Lookups by Response ID it received (what a write-once check after an uncertain create sends). */
  lookups(): number;
  /** Requests it refused with a 429 of its rate limit. */
  throttled(): number;
  /** How long it takes to answer a request it has served. */
  setLatency(ms: number): void;
  /** The next create is served (its records written) and never answered. */
  holdNextCreate(): void;
  /** Creates served and held open (see holdNextCreate). */
  held(): number;
  close(): Promise<void>;
}

export interface DestinationKind {
  kind: string;
  /** The provider's requests a second (the stand-in enforces it, the server keeps under it). */
  perSecond: number;
  /** Responses one create request carries at most. */
  batch: number;
  /** In the burst bench unless BENCH_KINDS names others (a page a request is too slow for 10,000). */
  inBench: boolean;
  start(): Promise<StandInDestination>;
}

/** The form of the burst: a few question types, one of them shown by another's answer. */
export const burstSchema = (): FormSchema => contactSchema();

/** A fresh, valid answer set per index (`run` keeps two runs' answers apart): every response differs. */
export function burstAnswers(i: number, run = ''): Record<string, unknown> {
  const byPhone = i % 3 === 0;
  return {
    name: `Person ${run}${i} ${(i * 7919).toString(36)}`,
    email: `p${i}.${run || 'x'}@example.com`,
    contact: byPhone ? 'phone' : 'email',
    ...(byPhone ? { phone: `+49 151 ${String(1_000_000 + i).padStart(8, '0')}` } : {}),
    ...(i % 2 === 0 ? { age: 18 + (i % 70) } : {}),
  };
}

const COLUMNS = ['Name', 'Email', 'Contact by', 'Phone', 'Age', 'Response ID'];

async function airtable(): Promise<StandInDestination> {
  const standIn = await startAirtableStandIn();
  const { baseId, token } = standIn.createBase({ Responses: COLUMNS });
  const path = (r: AirtableRequest) => new URL(r.url, 'http://x').pathname.split('/').filter(Boolean);
  const isCreate = (r: AirtableRequest) => r.method === 'POST' && path(r).length === 3;
  let hold = false;
  standIn.behave((r) => {
    if (!hold || !isCreate(r)) return 'ok';
    hold = false;
    return 'hangAfterWrite';
  });
  return {
    env: { FORMLOOM_AIRTABLE_API_BASE: standIn.url },
    connect: (api, formId) =>
      post(api, formId, { kind: 'airtable', target: { baseId, table: 'Responses' }, credentials: { token } }),
    written: () => standIn.records(baseId, 'Responses').map((r) => String(r.fields['Response ID'])),
    requests: () => standIn.requests.length,
    lookups: () =>
      standIn.requests.filter(
        (r) => (r.method === 'GET' && r.url.includes('filterByFormula')) || path(r)[3] === 'listRecords',
      ).length,
    throttled: () => standIn.throttled,
    setLatency(ms) {
      standIn.latencyMs = ms;
    },
    holdNextCreate() {
      hold = true;
    },
    held: () => standIn.held,
    close: () => standIn.close(),
  };
}

async function notion(): Promise<StandInDestination> {
  const standIn = await startNotionStandIn();
  const { dataSourceId, token } = standIn.createDataSource({
    Entry: 'title',
    Name: 'rich_text',
    Email: 'email',
    'Contact by': 'select',
    Phone: 'rich_text',
    Age: 'number',
    'Response ID': 'rich_text',
  });
  const isCreate = (r: NotionRequest) => r.method === 'POST' && r.path === 'pages';
  let hold = false;
  standIn.behave((r) => {
    if (!hold || !isCreate(r)) return 'ok';
    hold = false;
    return 'hangAfterWrite';
  });
  const text = (value: unknown) =>
    ((value as { rich_text?: { plain_text: string }[] } | undefined)?.rich_text ?? [])
      .map((p) => p.plain_text)
      .join('');
  return {
    env: { FORMLOOM_NOTION_API_BASE: standIn.url },
    connect: (api, formId) =>
      post(api, formId, { kind: 'notion', target: { dataSourceId }, credentials: { token } }),
    written: () =>
      standIn
        .pages(dataSourceId)
        .filter((p) => !p.in_trash)
        .map((p) => text(p.properties['Response ID'])),
    requests: () => standIn.requests.length,
    lookups: () => standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/query')).length,
    throttled: () => standIn.throttled,
    setLatency(ms) {
      standIn.latencyMs = ms;
    },
    holdNextCreate() {
      hold = true;
    },
    held: () => standIn.held,
    close: () => standIn.close(),
  };
}

async function googleSheets(): Promise<StandInDestination> {
  const standIn = await startGoogleStandIn();
  const decoded = (r: GoogleRequest) => decodeURIComponent(r.path);
  const isCreate = (r: GoogleRequest) => r.method === 'POST' && decoded(r).endsWith(':append');
  let hold = false;
  standIn.behave((r) => {
    if (!hold || !isCreate(r)) return 'ok';
    hold = false;
    return 'hangAfterWrite';
  });
  return {
    env: {
      FORMLOOM_GOOGLE_CLIENT_ID: standIn.clientId,
      FORMLOOM_GOOGLE_CLIENT_SECRET: standIn.clientSecret,
      FORMLOOM_GOOGLE_OAUTH_BASE: standIn.url,
      FORMLOOM_GOOGLE_TOKEN_BASE: standIn.url,
      FORMLOOM_GOOGLE_SHEETS_BASE: standIn.url,
    },
    /** The start, Google's consent (given at once), and the browser back at the server's callback. */
    async connect(api, formId) {
      const started = await api.call(`/v1/forms/${formId}/destinations/google/start`);
      if (started.status !== 200) throw new Error(`the start answered ${started.status}: ${started.text}`);
      const consent = await fetch(started.body.data.url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location') ?? '');
      const answer = await fetch(`${api.base}${back.pathname}${back.search}`, { redirect: 'manual' });
      if (!answer.headers.get('location')?.endsWith('google=connected')) {
        throw new Error(`the callback answered ${answer.status} to ${answer.headers.get('location')}`);
      }
    },
    written: () => {
      const [book] = standIn.spreadsheets();
      return book === undefined
        ? []
        : standIn
            .rows(book.id, 'Responses')
            .slice(1)
            .map((row) => String(row[0]));
    },
    requests: () => standIn.requests.length,
    lookups: () => standIn.requests.filter((r) => r.method === 'GET' && decoded(r).endsWith('!A:A')).length,
    // The stand-in does not enforce Google's 60 write requests a minute: the server's limiter keeps under it.
    throttled: () => 0,
    setLatency(ms) {
      standIn.latencyMs = ms;
    },
    holdNextCreate() {
      hold = true;
    },
    held: () => standIn.held,
    close: () => standIn.close(),
  };
}

/** Every destination kind with a stand-in; the crash test and the burst bench run each. */
export const DESTINATION_KINDS: readonly DestinationKind[] = [
  { kind: 'airtable', perSecond: 5, batch: 10, inBench: true, start: airtable },
  { kind: 'notion', perSecond: 3, batch: 1, inBench: false, start: notion },
  // Google's 60 requests a minute per grant: 20 rows an append make 10,000 responses 500 appends, 8.3 min.
  { kind: 'google_sheets', perSecond: 1, batch: 20, inBench: false, start: googleSheets },
];

/** Response ids that are not written exactly once among `written`: missing ones, and ones written twice. */
export function writtenOnce(submitted: readonly string[], written: readonly string[]) {
  const count = new Map<string, number>();
  for (const id of written) count.set(id, (count.get(id) ?? 0) + 1);
  const expected = new Set(submitted);
  return {
    missing: submitted.filter((id) => !count.has(id)),
    twice: [...count].filter(([, n]) => n > 1).map(([id]) => id),
    unknown: [...count.keys()].filter((id) => !expected.has(id)),
  };
}
