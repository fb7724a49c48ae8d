import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import type { AiWorker } from '../../src/ai/jobs/worker.js';
import type { AiProvider } from '../../src/ai/provider.js';
import { createOfflineProvider } from '../../src/ai/providers/offline.js';
import { type AiJobsOptions, startAiJobs } from '../../src/ai-jobs.js';
import { type AppConfig, createApp } from '../../src/app.js';
import { createDb, type DbHandle, type DialectName } from '../../src/db/create-db.js';
import type { Db } from '../../src/db/database.js';
import { analyticsCallbackSender } from '../../src/features/analytics/index.js';
import { mailSender } from '../../src/features/notifications/index.js';
import { createWorkSignals } from '../../src/jobs/wake.js';
import { createLogger } from '../../src/logger.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { type OutboxWorker, type OutboxWorkerOptions, startOutboxWorker } from '../../src/outbox/worker.js';
import { listen, type RunningServer } from '../../src/server.js';
import { createServices, type Services, type ServicesDeps } from '../../src/services.js';
import { createTestDatabase, describeDialects, type TestDatabase } from './test-database.js';
import { undeclaredErrors } from './undeclared-errors.js';

export { testDialects } from './test-database.js';

export interface TestServerOptions {
  bodyLimitBytes?: number;
  publicUrl?: string;
  /** The per-address limit of the public routes (default: the app's default). */
  publicRateLimit?: ServicesDeps['publicRateLimit'];
  /** `false`: no per-account rate limits (a fuzzer sends more than any plan allows). */
  rateLimits?: false;
  /** The JSON body read timeout (default the app's, 10 s). */
  bodyTimeoutMs?: number;
  /** Webhooks and analytics callbacks may target 127.0.0.1 and plain http. */
  allowPrivateTargets?: boolean;
  /** express's `trust proxy` (FORMLOOM_TRUST_PROXY); default none. */
  trustProxy?: AppConfig['trustProxy'];
  /** More app settings, read when the server starts (so stand-ins started in a beforeAll can be named). */
  appConfig?: () => Partial<AppConfig>;
  /**
   * The port to listen on, read when the server starts (default: any free one). Given with a
   * `publicUrl` naming it, so that the URL a browser is sent back to is this server's.
   */
  port?: () => number;
  /** Sign-in throttling (`LoginLimits`); what is not given is the app's default. */
  loginLimits?: ServicesDeps['loginLimits'];
  /** Password tries of protected forms (`UnlockLimits`); what is not given is the app's default. */
  unlockLimits?: ServicesDeps['unlockLimits'];
  /**
   * The AI job worker: on by default with the offline provider and short test timings. `provider`
   * is called at each start (after `beforeAll`s, so a stand-in started there can be used);
   * `worker: false` runs no worker (jobs stay PENDING).
   */
  /** Runs the webhook delivery worker too (fast test timings unless overridden). */
  webhookWorker?: Partial<OutboxWorkerOptions>;
  /** Sends the one-time codes of private smart forms (default: the app's log mailer). */
  mailer?: () => Mailer;
  /** The webhook worker sends the outbox's mails too, through `mailer` (it needs `webhookWorker`). */
  sendMails?: boolean;
  ai?: {
    provider?: () => AiProvider;
    worker?: false | Partial<Omit<AiJobsOptions, 'provider' | 'publicUrl'>>;
  };
}

/**
 * A movable clock: tests jump ahead to expire keys, grace periods and forms. It runs with the real
 * time (shifted by `advance`) unless stopped with `set`, for a test whose expectations depend on
 * the exact instant (a `retry_after` in whole seconds): a running clock would drift by however
 * long the machine takes, and a slow run would see other figures.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock `ms` ahead (a stopped clock stays stopped, at the new instant). */
  advance(ms: number): void;
  /** Stops the clock at `at`: it reads exactly that until `set`, `advance` or `reset`. */
  set(at: Date | string): void;
  /** Back to the real time, running. */
  reset(): void;
}

function createTestClock(): TestClock {
  let offset = 0;
  let stoppedAt: number | undefined;
  return {
    now: () => new Date(stoppedAt ?? Date.now() + offset),
    advance: (ms) => {
      if (stoppedAt === undefined) offset += ms;
      else stoppedAt += ms;
    },
    set: (at) => {
      const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
      if (Number.isNaN(ms)) throw new Error(`not an instant: ${String(at)}`);
      stoppedAt = ms;
    },
    reset: () => {
      offset = 0;
      stoppedAt = undefined;
    },
  };
}

export interface TestServer {
  readonly dialect: DialectName;
  readonly url: string;
  readonly db: Db;
  readonly dataDir: string;
  readonly clock: TestClock;
  /** Every log line the app wrote, raw. */
  readonly logs: string[];
  /** fetch against the server; a JSON body is sent as JSON. */
  request(path: string, init?: RequestOptions): Promise<TestResponse>;
  /** An account on `plan` with a key holding `scopes` (default all); returns the key. */
  account(plan?: string, scopes?: string[]): Promise<{ accountId: string; key: string }>;
  /** Stops the server and reopens it on the same database (restart test). */
  restart(): Promise<void>;
}

export interface RequestOptions {
  method?: string;
  key?: string | undefined;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes loosely
  body: any;
  text: string;
}

/**
 * A real app listening on 127.0.0.1 (port 0) over a fresh database of `dialect` (a SQLite file in
 * a temp folder, or a new PostgreSQL database dropped afterwards), for the tests of one `describe`. Use inside `describeEachDialect`.
 */
export function useTestServer(dialect: DialectName, options: TestServerOptions = {}): TestServer {
  const clock = createTestClock();
  const logs: string[] = [];
  /** Error answers their routes do not declare: each fails the file once its tests ran. */
  const undeclared = undeclaredErrors();
  let dataDir = '';
  let database: TestDatabase | undefined;
  let handle: DbHandle | undefined;
  let running: RunningServer | undefined;
  let aiWorker: AiWorker | undefined;
  let webhookWorker: OutboxWorker | undefined;
  let services: Services | undefined;
  // One server key for the app and the AI worker, kept across restarts.
  const secretKey = randomBytes(32);
  let counter = 0;

  async function start() {
    handle = await createDb({ dataDir, url: database?.url, poolSize: 4 });
    const destination = new Writable({
      write(chunk, _enc, done) {
        logs.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const ai = options.ai ?? {};
    const provider = ai.provider?.() ?? createOfflineProvider();
    // The app's wake-ups, shared with its workers below.
    const signals = createWorkSignals();
    // One container for the app and its workers, as `formloom serve` builds it.
    services = createServices({
      signals,
      secretKey,
      aiProvider: provider,
      db: handle.db,
      logger: createLogger({ level: 'info', destination }),
      clock: clock.now,
      config: {
        publicUrl: options.publicUrl ?? 'https://forms.example.test',
        bodyLimitBytes: options.bodyLimitBytes,
        ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
        allowPrivateTargets: options.allowPrivateTargets ?? false,
        dataDir,
        ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
        ...options.appConfig?.(),
      },
      ...(options.rateLimits === false ? { rateLimits: false } : {}),
      ...(options.loginLimits === undefined ? {} : { loginLimits: options.loginLimits }),
      ...(options.unlockLimits === undefined ? {} : { unlockLimits: options.unlockLimits }),
      ...(options.publicRateLimit === undefined ? {} : { publicRateLimit: options.publicRateLimit }),
      ...(options.mailer === undefined ? {} : { mailer: options.mailer() }),
    });
    const app = createApp({ services, onUndeclaredError: undeclared.report });
    running = await listen(app, { port: options.port?.() ?? 0, host: '127.0.0.1', shutdownTimeoutMs: 2000 });
    if (options.webhookWorker !== undefined) {
      webhookWorker = startOutboxWorker({
        db: handle.db,
        box: services.box,
        allowPrivateTargets: options.allowPrivateTargets ?? false,
        retryBaseMs: 50,
        timeoutMs: 2000,
        pollIntervalMs: 50,
        senders: [
          analyticsCallbackSender(handle.db, services.signingSecrets, clock.now),
          ...(options.sendMails === true
            ? [
                mailSender(handle.db, {
                  mailer: services.mailer,
                  accounts: services.accounts,
                  clock: clock.now,
                }),
              ]
            : []),
        ],
        wake: signals.outbox,
        ...options.webhookWorker,
      });
    }
    if (ai.worker !== false) {
      aiWorker = startAiJobs(services, { pollIntervalMs: 100, retryBaseMs: 50, ...ai.worker });
    }
  }

  async function stop() {
    await running?.close();
    await aiWorker?.stop();
    await webhookWorker?.stop();
    await handle?.close();
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dataDir = database.dataDir;
    await start();
  });
  afterAll(async () => {
    await stop();
    await database?.drop();
    undeclared.assertNone();
  });

  return {
    dialect,
    clock,
    logs,
    get url() {
      return running!.url;
    },
    get db() {
      return handle!.db;
    },
    get dataDir() {
      return dataDir;
    },
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
      let body: string | undefined = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${running!.url}${path}`, { method: init.method ?? 'GET', headers, body });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
    async account(plan = 'MAX', scopes = ['all']) {
      counter += 1;
      const { accounts, keys } = services!;
      const account = await accounts.create({ name: `acct-${counter}`, plan });
      // Keys of a Free account cannot be created; make it on Max and move it down.
      const creationPlan = plan.toUpperCase() === 'FREE' ? 'MAX' : plan;
      if (creationPlan !== plan) await accounts.setPlan(account.id, creationPlan);
      const { token } = await keys.create({ account: account.id, scopes });
      if (creationPlan !== plan) await accounts.setPlan(account.id, plan);
      return { accountId: account.id, key: token };
    },
    async restart() {
      await stop();
      await start();
    },
  };
}

/** `describe` once per dialect, each with its own server: `describeEachDialect('forms', (t) => ...)`. */
export function describeEachDialect(
  name: string,
  body: (server: TestServer) => void,
  options: TestServerOptions = {},
): void {
  describeDialects(name, (dialect) => {
    body(useTestServer(dialect, options));
  });
}
