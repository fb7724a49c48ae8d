/**
 * One server instance for instances.bench.ts, in its own process: the app as `formloom serve`
 * builds it, on the database BENCH_DATABASE_URL names (SQLite in the data dir when unset), without
 * the request limits (a load test would hit them within a second; auth-limits.bench.ts measures
 * their cost). Several of these share one database as several `formloom serve` instances would.
 */

import { createApp } from '../src/app.js';
import { ensureDefaultAccount } from '../src/bootstrap.js';
import { createDb } from '../src/db/create-db.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { answerCpuQuestions, CHILD_ENV, type DriverMessage, send } from './ipc.js';

export const DATABASE_URL_ENV = 'BENCH_DATABASE_URL';

const dataDir = process.env[CHILD_ENV.dataDir];
if (!dataDir) throw new Error(`${CHILD_ENV.dataDir} is not set; run this through the bench driver`);

const handle = await createDb({ dataDir, url: process.env[DATABASE_URL_ENV] || undefined });
const first = await ensureDefaultAccount(createServices({ db: handle.db }));
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: process.env[CHILD_ENV.logLevel] ?? 'info' }),
  config: { publicUrl: 'http://127.0.0.1', dataDir },
  rateLimits: false,
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });

answerCpuQuestions();
process.on('message', async (message: DriverMessage) => {
  if (message.type === 'shutdown') {
    await running.close();
    await handle.close();
    process.disconnect?.();
  }
});

send({ type: 'ready', url: running.url, key: first?.token });
