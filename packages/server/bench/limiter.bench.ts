/**
 * The one limiter's multi-key take (`consumeAll`, the plan windows of a request: month, hour,
 * minute of one account), in process, on SQLite and (with FORMLOOM_TEST_POSTGRES_URL, through
 * scripts/with-postgres.sh) PostgreSQL: BENCH_CONCURRENCY (50) takes at once and one at a time,
 * over BENCH_ACCOUNTS (2000) distinct accounts whose rows exist (the common case; a first pass
 * makes them), then BENCH_CONCURRENCY at once on one account (batched: one store call counts the
 * takes that arrive together). Reports takes per second, µs per take and the process's CPU µs
 * per take.
 *
 * Settings: BENCH_TAKES (5000 per run), BENCH_ACCOUNTS, BENCH_CONCURRENCY.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/db/create-db.js';
import { createLimiter, type LimitPart } from '../src/platform/limits/index.js';
import { fmt, median } from './bench-utils.js';

const POSTGRES = process.env.FORMLOOM_TEST_POSTGRES_URL;
const TAKES = Number(process.env.BENCH_TAKES ?? 5000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RUNS = 3;

/** The plan windows of one account, with limits no run reaches. */
const partsOf = (account: number): LimitPart[] => [
  { key: `plan:bench-${account}:month`, rule: { limit: 1e9, window: 'month' } },
  { key: `plan:bench-${account}:hour`, rule: { limit: 1e9, window: 'hour' } },
  { key: `plan:bench-${account}:minute`, rule: { limit: 1e9, window: 'minute' } },
];

async function run(name: string, handle: DbHandle): Promise<void> {
  const limiter = createLimiter({ db: handle.db, clock: () => new Date() });
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => partsOf(i));
  let next = 0;
  let spread = ACCOUNTS;
  const take = async () => {
    const answer = await limiter.consumeAll(accounts[next++ % spread]!);
    if (!answer.allowed) throw new Error('refused: the bench limits are never reached');
  };
  // Every account's rows exist before anything is measured.
  for (let i = 0; i < ACCOUNTS; i += CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ACCOUNTS - i) }, take));
  }

  const measure = async (concurrency: number) => {
    const rates: number[] = [];
    const cpus: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      let left = TAKES;
      const worker = async () => {
        while (left-- > 0) await take();
      };
      const cpu = process.cpuUsage();
      const start = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      rates.push((TAKES / ms) * 1000);
      cpus.push((used.user + used.system) / TAKES);
    }
    const rate = median(rates);
    return `${fmt(rate)} takes/s, ${fmt(1e6 / rate, 1)} µs per take, CPU ${fmt(median(cpus), 1)} µs per take`;
  };
  console.log(`${name}, ${CONCURRENCY} at once: ${await measure(CONCURRENCY)}`);
  console.log(`${name}, one at a time: ${await measure(1)}`);
  // One account: takes arriving together are counted by one store call (the limiter's batches).
  spread = 1;
  console.log(`${name}, ${CONCURRENCY} at once, one account: ${await measure(CONCURRENCY)}`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-bench-limiter-'));
try {
  const sqlite = await createDb({ dataDir });
  await run('SQLite', sqlite);
  await sqlite.close();
  if (POSTGRES) {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    const name = `bench_limiter_${process.pid}`;
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    const postgres = await createDb({ dataDir, url: url.href });
    await run('PostgreSQL', postgres);
    await postgres.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  } else {
    console.log(
      'PostgreSQL: skipped (FORMLOOM_TEST_POSTGRES_URL not set; run through scripts/with-postgres.sh)',
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
