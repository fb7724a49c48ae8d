/**
 * How long a submission holds the row lock it takes (docs/self-hosting.md "A popular form and the form row"),
 * on PostgreSQL, measured inside the real server. The pg client under kysely is wrapped: for each
 * transaction, the time from the counting statement's answer (the form row's `UPDATE ... response_count + 1`
 * of a form with `maxResponses`, or a shard's upsert for one without) to the answer of its `commit`, when the
 * lock is released. First one submission at a time (no waiting on anyone), then with BENCH_CONNECTIONS (16)
 * at once on one form. The model in docs/self-hosting.md takes its inputs from here.
 *
 * Needs FORMLOOM_TEST_POSTGRES_URL (scripts/with-postgres.sh). Settings: BENCH_SERIAL (500
 * submissions), BENCH_DURATION (s, 5), BENCH_CONNECTIONS (16).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createApp } from '../src/app.js';
import { ensureDefaultAccount } from '../src/bootstrap.js';
import { createDb } from '../src/db/create-db.js';
import type { Database } from '../src/db/database.js';
import { withSqlDialect } from '../src/db/dialect.js';
import { postgresSql } from '../src/db/dialects/postgres.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { benchAnswers, benchSchema } from './bench-form.js';
import { callJson as call, expectStatus, fmt } from './bench-utils.js';

const POSTGRES = process.env.FORMLOOM_TEST_POSTGRES_URL;
if (!POSTGRES) throw new Error('FORMLOOM_TEST_POSTGRES_URL is not set: run through scripts/with-postgres.sh');
const SERIAL = Number(process.env.BENCH_SERIAL ?? 500);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const COUNTERS = [/^update "forms" set "response_count"/, /^insert into "form_response_counts"/];
const holds: number[] = [];

/** A pool whose clients time each transaction from its counting statement to its commit. */
function timedPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let locked: number | undefined;
    (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : '';
      const result = await query(...args);
      if (COUNTERS.some((c) => c.test(text))) locked = performance.now();
      else if (locked !== undefined && (text === 'commit' || text === 'rollback')) {
        holds.push(performance.now() - locked);
        locked = undefined;
      }
      return result;
    };
  });
  return pool;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const describe = (xs: number[]) =>
  `median ${fmt(quantile(xs, 0.5), 2)} ms, p90 ${fmt(quantile(xs, 0.9), 2)} ms, p99 ${fmt(quantile(xs, 0.99), 2)} ms (n=${xs.length})`;

const admin = new pg.Client({ connectionString: POSTGRES });
await admin.connect();
const name = `bench_lock_${process.pid}`;
await admin.query(`create database ${name}`);
const url = new URL(POSTGRES);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'formloom-bench-lock-'));
const migrated = await createDb({ dataDir, url: url.href });
const first = await ensureDefaultAccount(createServices({ db: migrated.db }));
await migrated.close();

const pool = timedPool(url.href);
const db = withSqlDialect(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), postgresSql);
const app = createApp({
  db,
  logger: createLogger({ level: 'warn' }),
  config: { publicUrl: 'http://127.0.0.1', dataDir },
  rateLimits: false,
});
const server = await listen(app, { port: 0, host: '127.0.0.1' });

async function form(maxResponses?: number): Promise<string> {
  const schema = benchSchema();
  if (maxResponses !== undefined) schema.settings = { ...schema.settings, maxResponses };
  const created = await call(server.url, 'POST', '/v1/forms', { title: 'Lock', schema }, first!.token);
  expectStatus('create form', created.status, 201);
  const published = await call(
    server.url,
    'POST',
    `/v1/forms/${String(created.body.data.id)}/publish`,
    undefined,
    first!.token,
  );
  expectStatus('publish', published.status, 200);
  return `/v1/public/forms/${String(published.body.data.shareUrl)}/responses`;
}

const body = JSON.stringify({ answers: benchAnswers() });
let sent = 0;
try {
  console.log(`Node ${process.version}; lock hold = counting statement answered -> commit answered\n`);
  for (const [label, cap] of [
    ['form with maxResponses (its row)', 1e9],
    ['form without maxResponses (a shard row)', undefined],
  ] as const) {
    const path = await form(cap);
    holds.length = 0;
    for (let i = 0; i < SERIAL; i++) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `lock-${++sent}` },
        body,
      });
      await res.arrayBuffer();
      expectStatus('submission', res.status, 201);
    }
    console.log(`${label}, one at a time: ${describe(holds)}`);
    holds.length = 0;
    const result = await autocannon({
      url: server.url,
      duration: DURATION,
      connections: CONNECTIONS,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            path,
            body,
            headers: { 'content-type': 'application/json', 'idempotency-key': `lock-${++sent}` },
          }),
        },
      ],
    });
    const failures = result.non2xx + result.errors + result.timeouts;
    if (failures > 0) throw new Error(`${failures} failed submissions`);
    console.log(
      `${label}, ${CONNECTIONS} at once: ${describe(holds)}; ${fmt(result.requests.average)} submissions/s, p50 ${result.latency.p50} ms`,
    );
  }
} finally {
  await server.close();
  await db.destroy();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
