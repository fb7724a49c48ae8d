import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AiProvider,
  type AiWorker,
  analyticsCallbackSender,
  createApp,
  createDb,
  createLogger,
  createServices,
  createWorkSignals,
  type DbHandle,
  listen,
  type OutboxWorker,
  type RunningServer,
  startAiJobs,
  startOutboxWorker,
} from '@formloom/server';
import { afterAll, beforeAll } from 'vitest';

type Db = DbHandle['db'];

export interface E2EServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** A fresh account on `plan` with a key holding `scopes`; returns the key. */
  key(plan?: string, scopes?: string[], credits?: number): Promise<string>;
  /** The server's database, to seed data no public route writes quickly (many sessions). */
  readonly db: Db;
}

export interface E2EServerOptions {
  /** The AI jobs' provider, made when the server starts (default: none, no AI worker runs). */
  aiProvider?: () => AiProvider;
  /** The provider of the app's synchronous AI routes (chat, analytics); default: the offline one. */
  appAiProvider?: () => AiProvider;
}

/**
 * The reference server in this process, from the workspace sources, on 127.0.0.1 over a fresh
 * SQLite database, for one test file. Only for tests that need what the built `formloom serve`
 * cannot give (`useBuiltServer` in built-server.ts, which the others use): the database itself
 * (seeding many sessions, a user) or an AI provider of the test's own.
 */
export function useServer(options: E2EServerOptions = {}): E2EServer {
  let dataDir = '';
  let handle: DbHandle | undefined;
  let running: RunningServer | undefined;
  let aiJobs: AiWorker | undefined;
  let outbox: OutboxWorker | undefined;
  // One server key for the app and the AI worker: analytics signing secrets are sealed with it.
  const secretKey = randomBytes(32);
  let accounts = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'formloom-sdk-e2e-'));
    handle = await createDb({ dataDir });
    // One provider for the app (interview questions, chat) and the AI worker (jobs).
    const provider = options.aiProvider?.();
    // The app's wake-ups, shared with its workers, as formloom serve does.
    const signals = createWorkSignals();
    // One container for the app and its workers, as formloom serve builds it.
    const appProvider = options.appAiProvider?.() ?? provider;
    const services = createServices({
      db: handle.db,
      signals,
      ...(appProvider === undefined ? {} : { aiProvider: appProvider }),
      logger: createLogger({ level: 'silent' }),
      config: { publicUrl: 'https://forms.example.test', allowPrivateTargets: true },
      secretKey,
    });
    const app = createApp({ services });
    running = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2000 });
    if (provider !== undefined) {
      aiJobs = startAiJobs(services, { pollIntervalMs: 100 });
      // Report callbacks are deliveries of the outbox, as on formloom serve.
      outbox = startOutboxWorker({
        db: handle.db,
        box: services.box,
        allowPrivateTargets: true,
        pollIntervalMs: 50,
        senders: [analyticsCallbackSender(handle.db, services.signingSecrets)],
        wake: signals.outbox,
      });
    }
  });

  afterAll(async () => {
    await running?.close();
    await aiJobs?.stop();
    await outbox?.stop();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get db() {
      return handle!.db;
    },
    get baseUrl() {
      return `${running!.url}/v1`;
    },
    async key(plan = 'MAX', scopes = ['all'], credits = 0) {
      const db = handle!.db;
      const services = createServices({ db });
      const account = await services.accounts.create({ name: `sdk-e2e-${++accounts}`, plan });
      const { token } = await services.keys.create({ account: account.id, scopes });
      if (credits > 0) await services.credits.grant(account.id, credits);
      return token;
    },
  };
}
