import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { createDb, type DbHandle, type DialectName } from '../../src/db/create-db.js';
import type { Db } from '../../src/db/database.js';
import { isoNow } from '../../src/db/json.js';
import { createWorkSignals, type WorkSignals } from '../../src/jobs/wake.js';
import { createLogger } from '../../src/logger.js';
import { newTargetRow } from '../../src/outbox/target-row.js';
import { type OutboxWorker, type OutboxWorkerOptions, startOutboxWorker } from '../../src/outbox/worker.js';
import { listen, type RunningServer } from '../../src/server.js';
import { type AppConfig, createServices, type Services } from '../../src/services.js';
import { createTestDatabase } from './test-database.js';
import { undeclaredErrors } from './undeclared-errors.js';

/** Test support (not shipped): a real HTTP receiver and a server with its delivery worker. */

/**
 * Keeps the account's events of `types`: an endpoint that subscribes to them (never sent to, as
 * no worker runs), so a service part built alone records its events, read with `storedEvents`.
 */
export async function keepEventsOf(db: Db, accountId: string, types: readonly string[]): Promise<void> {
  await db
    .insertInto('outbox_targets')
    .values(
      newTargetRow({
        id: randomUUID(),
        accountId,
        channel: 'webhook',
        label: 'hook',
        configSealed: 'x',
        events: JSON.stringify(types),
        now: isoNow(),
      }),
    )
    .execute();
}

/** The `data` of each stored event of `type` about the form `formId`, oldest first. */
export async function storedEvents(db: Db, type: string, formId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('webhook_events')
    .select('payload')
    .where('type', '=', type)
    .orderBy('seq')
    .execute();
  return rows.map((e) => JSON.parse(e.payload).data).filter((data) => data.formId === formId);
}

export interface Received {
  /** 1 for the first request this receiver got. */
  n: number;
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** What the receiver does with request `n`: answer a status (after a delay), or never answer. */
export type Behaviour = (
  received: Received,
) => { status: number; delayMs?: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  /** `http://127.0.0.1:<port><path>`. */
  readonly url: string;
  readonly port: number;
  /** The path it answers, with everything below it; other paths get a 404 and are not recorded. */
  readonly path: string;
  readonly requests: Received[];
  behave(behaviour: Behaviour): void;
  /** Resolves once `predicate` holds over the requests (polled), or rejects after `timeoutMs`. */
  waitFor(predicate: (requests: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A receiver on `port` (0: any free one) answering at `path`, by default a path of its own. Ports
 * come back: the kernel may give a receiver the port of one an earlier test closed, whose endpoint
 * is still registered (a second endpoint with the same URL would be a 409) and may still be
 * retrying deliveries (which would land among this receiver's requests). Its own path keeps both
 * apart.
 */
export async function startReceiver(
  behaviour: Behaviour = () => ({ status: 204 }),
  port = 0,
  path = `/hook/${randomBytes(8).toString('hex')}`,
): Promise<Receiver> {
  let current = behaviour;
  const requests: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const ours = (url: string | undefined) => {
    const pathname = new URL(url ?? '/', 'http://receiver').pathname;
    return pathname === path || pathname.startsWith(`${path}/`);
  };
  const server = createServer((req, res) => {
    if (!ours(req.url)) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: Received = {
        n: requests.length + 1,
        at: Date.now(),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '/',
      };
      requests.push(received);
      const answer = current(received);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      const reply = () => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}${path}`,
    port: actualPort,
    path,
    requests,
    behave(next) {
      current = next;
    },
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(requests)) {
        if (Date.now() > deadline) {
          throw new Error(`receiver: condition not met within ${timeoutMs} ms (${requests.length} requests)`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface WebhookTestServer {
  readonly url: string;
  readonly db: Db;
  readonly worker: OutboxWorker;
  /** The app's wake-ups: give them to another worker started on `db` (`startAiJobs`). */
  readonly signals: WorkSignals;
  /** The app's services (`createServices`): give them to another worker (`startAiJobs`). */
  readonly services: Services;
  /** An account on `plan` with an all-scopes key. */
  account(plan?: string): Promise<{ accountId: string; key: string }>;
  /** fetch with the key and a JSON body; returns status and parsed body. */
  request(
    path: string,
    init?: { method?: string; key?: string; json?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface WebhookTestServerOptions {
  /** The database: SQLite (default) or a fresh PostgreSQL database (see testing/test-database.ts). */
  dialect?: DialectName;
  allowPrivateTargets?: boolean;
  worker?: Partial<OutboxWorkerOptions> | false;
  /** Settings of the app beyond the kit's (a provider's base URL pointing at its stand-in). */
  config?: Partial<AppConfig>;
  /** The worker serves every channel of the app (`services.outboxSenders`), not webhooks only. */
  appSenders?: boolean;
}

/** App + worker over a fresh database, listening on 127.0.0.1; the worker is fast by default. */
export async function startWebhookTestServer(
  options: WebhookTestServerOptions = {},
): Promise<WebhookTestServer> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite', 'webhooks');
  const handle: DbHandle = await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 4 });
  const secretKey = new Uint8Array(32).fill(7);
  const logger = createLogger({ level: 'silent' });
  const allowPrivateTargets = options.allowPrivateTargets ?? true;
  const signals = createWorkSignals();
  const services = createServices({
    db: handle.db,
    logger,
    config: { publicUrl: 'https://forms.example.test', allowPrivateTargets, ...options.config },
    secretKey,
    rateLimits: false,
    signals,
  });
  // Error answers their routes do not declare: closing the server fails with them.
  const undeclared = undeclaredErrors();
  const app = createApp({ services, onUndeclaredError: undeclared.report });
  const running: RunningServer = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1000 });
  const noWorker = { kick() {}, async stop() {} };
  const worker =
    options.worker === false
      ? noWorker
      : startOutboxWorker({
          db: handle.db,
          box: services.box,
          allowPrivateTargets,
          retryBaseMs: 50,
          timeoutMs: 2000,
          pollIntervalMs: 50,
          logger,
          wake: signals.outbox,
          ...(options.appSenders === true ? { senders: services.outboxSenders } : {}),
          ...options.worker,
        });
  let accounts = 0;
  return {
    url: running.url,
    db: handle.db,
    worker,
    signals,
    services,
    async account(plan = 'MAX') {
      const account = await services.accounts.create({ name: `wh-${++accounts}`, plan });
      const { token } = await services.keys.create({ account: account.id, scopes: ['all'] });
      return { accountId: account.id, key: token };
    },
    async request(path, init = {}) {
      const headers: Record<string, string> = {};
      if (init.key) headers.authorization = `Bearer ${init.key}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${running.url}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      const text = await res.text();
      return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
    },
    async close() {
      await worker.stop();
      await running.close();
      await handle.close();
      await database.drop();
      undeclared.assertNone();
    },
  };
}
