/**
 * The Formloom server under test, in its own process: a fresh SQLite database, the `default`
 * account with an all-scopes key (as `formloom serve` makes it), the app from `createApp`, pino
 * logging one line per request (to stdout, which the driver sends to /dev/null).
 */

import { randomUUID } from 'node:crypto';
import { createApp } from '../src/app.js';
import { ensureDefaultAccount } from '../src/bootstrap.js';
import { createDb } from '../src/db/create-db.js';
import type { Db } from '../src/db/database.js';
import { toJson } from '../src/db/json.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { benchAnswers } from './bench-form.js';
import { answerCpuQuestions, CHILD_ENV, type DriverMessage, send } from './ipc.js';

const dataDir = process.env[CHILD_ENV.dataDir];
if (!dataDir) throw new Error(`${CHILD_ENV.dataDir} is not set; run this through the bench driver`);

const handle = await createDb({ dataDir });
const first = await ensureDefaultAccount(createServices({ db: handle.db }));
const logger = createLogger({ level: process.env[CHILD_ENV.logLevel] ?? 'info' });
// The plan's request limits would refuse a load test within a second (Max: 150 a minute); their
// cost is measured by auth-limits.bench.ts.
const app = createApp({
  db: handle.db,
  logger,
  config: { publicUrl: 'http://127.0.0.1' },
  rateLimits: false,
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });

/**
 * `rows` responses for one form, written straight to the tables in one transaction (batched
 * multi-row inserts) with `response_count` kept in step, one second apart, newest now.
 */
async function seed(db: Db, formId: string, rows: number): Promise<void> {
  const form = await db
    .selectFrom('forms')
    .select('account_id')
    .where('id', '=', formId)
    .executeTakeFirstOrThrow();
  const answers = toJson(benchAnswers());
  const now = Date.now();
  const BATCH = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, rows - start) }, (_, i) => ({
        id: randomUUID(),
        form_id: formId,
        account_id: form.account_id,
        answers,
        submitted_at: new Date(now - (start + i) * 1000).toISOString(),
        idempotency_key: null,
        idempotency_fingerprint: null,
      }));
      await trx.insertInto('responses').values(batch).execute();
    }
    await trx
      .updateTable('forms')
      .set((eb) => ({ response_count: eb('response_count', '+', rows) }))
      .where('id', '=', formId)
      .execute();
  });
}

answerCpuQuestions();
process.on('message', async (message: DriverMessage) => {
  if (message.type === 'seed') {
    const started = performance.now();
    await seed(handle.db, message.formId, message.rows);
    send({ type: 'seeded', rows: message.rows, ms: performance.now() - started });
  } else if (message.type === 'shutdown') {
    await running.close();
    await handle.close();
    process.disconnect?.();
  }
});

send({ type: 'ready', url: running.url, key: first?.token });
