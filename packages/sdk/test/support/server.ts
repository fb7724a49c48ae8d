import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAccountsService,
  createApp,
  createDb,
  createKeysService,
  createLogger,
  type DbHandle,
  listen,
  type RunningServer,
} from '@formloom/server';
import { afterAll, beforeAll } from 'vitest';

export interface E2EServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** A fresh account on `plan` with a key holding `scopes`; returns the key. */
  key(plan?: string, scopes?: string[]): Promise<string>;
}

/** The reference server on 127.0.0.1 over a fresh SQLite database, for one test file. */
export function useServer(): E2EServer {
  let dataDir = '';
  let handle: DbHandle | undefined;
  let running: RunningServer | undefined;
  let accounts = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'formloom-sdk-e2e-'));
    handle = await createDb({ dataDir });
    const app = createApp({
      db: handle.db,
      logger: createLogger({ level: 'silent' }),
      config: { publicUrl: 'https://forms.example.test' },
    });
    running = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 2000 });
  });

  afterAll(async () => {
    await running?.close();
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get baseUrl() {
      return `${running!.url}/v1`;
    },
    async key(plan = 'MAX', scopes = ['all']) {
      const db = handle!.db;
      const account = await createAccountsService(db).create({ name: `sdk-e2e-${++accounts}`, plan });
      const { token } = await createKeysService(db).create({ account: account.id, scopes });
      return token;
    },
  };
}
