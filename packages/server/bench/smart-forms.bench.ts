/**
 * Smart-form insights over BENCH_SESSIONS (default 100,000) sessions of 8 questions each, seeded with
 * distinct contents (test/support/session-seed.ts), on SQLite and, when FORMLOOM_TEST_POSTGRES_URL is set
 * (scripts/with-postgres.sh), on PostgreSQL (docs/benchmarks.md "Smart-form analytics and export"):
 * - aggregate analytics: the database's figures (`sessionFigures`), median of 3 runs; target < 1 s;
 * - export in each format through a server in its own process, read to the end over HTTP: time,
 *   bytes, and the server's peak resident set while it streams; target < 100 MB.
 *
 * BENCH_EXPORT=0 measures the analytics only.
 *
 * Run: bash scripts/with-postgres.sh node --conditions=source --import tsx packages/server/bench/smart-forms.bench.ts
 */

import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDb } from '../src/db/create-db.js';
import { sessionFigures } from '../src/features/smart-forms/index.js';
import { createServices } from '../src/services.js';
import { seedSessions } from '../test/support/session-seed.js';
import { createTestDatabase, testDialects } from '../test/support/test-database.js';
import { fmt, median } from './bench-utils.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const QUESTIONS = 8;
const MB = 1024 * 1024;
// The built server (`pnpm build`), what `formloom serve` runs; without it, the sources through tsx.
const formloomBin = fileURLToPath(new URL('../../../apps/server/bin/formloom.js', import.meta.url));
const formloomBuilt = fileURLToPath(new URL('../../../apps/server/dist/formloom.js', import.meta.url));
const childFile = fileURLToPath(new URL('./export-child.ts', import.meta.url));

type ChildAnswer =
  | { type: 'ready'; url: string; rss: number; built: boolean }
  | { type: 'peak'; rss: number };

interface BenchServer {
  what: string;
  url: string;
  idleRss: number;
  resetPeak(): Promise<void>;
  peak(): Promise<number>;
  stop(): Promise<void>;
}

const kB = (status: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;

/**
 * The server the export is read from, in its own process. With the build there (`pnpm build`):
 * the built `formloom serve`, what a self-hoster runs, over the seeded database; its peak resident
 * set is the kernel's own (VmHWM in /proc, reset through clear_refs before each format). Without
 * the build: the app from the sources through tsx in a child that samples its own RSS.
 */
async function startServer(database: { dataDir: string; url?: string | undefined }): Promise<BenchServer> {
  if (existsSync(formloomBuilt)) {
    const child = spawn(process.execPath, [formloomBin, 'serve'], {
      env: {
        ...process.env,
        FORMLOOM_DATA_DIR: database.dataDir,
        FORMLOOM_DATABASE_URL: database.url ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        FORMLOOM_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        // What serve prints once it listens (the log itself is at warn here).
        const url = /Formloom API: (http:\/\/\S+)\/v1/.exec(out)?.[1];
        if (url) resolve(url);
      });
      child.once('exit', (code) => reject(new Error(`formloom serve exited with ${code}: ${out}`)));
    });
    child.stdout.resume();
    const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return {
      what: 'built formloom serve',
      url,
      idleRss: kB(status(), 'VmRSS'),
      resetPeak: async () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
      peak: async () => kB(status(), 'VmHWM'),
      stop: async () => {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      },
    };
  }
  const child = fork(childFile, {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, BENCH_EXPORT_DATA_DIR: database.dataDir, BENCH_EXPORT_PG_URL: database.url ?? '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<ChildAnswer>((resolve) => child.once('message', (m) => resolve(m as ChildAnswer)));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('export child did not start');
  return {
    what: 'sources through tsx',
    url: ready.url,
    idleRss: ready.rss,
    resetPeak: async () => {
      child.send({ type: 'peak' });
      await next();
    },
    peak: async () => {
      child.send({ type: 'peak' });
      return ((await next()) as { rss: number }).rss;
    },
    stop: async () => {
      child.send({ type: 'shutdown' });
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

console.log(
  `Smart-form insights over ${fmt(SESSIONS)} sessions of ${QUESTIONS} questions (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
for (const dialect of testDialects()) {
  const database = await createTestDatabase(dialect, 'smart-forms-bench');
  const handle = await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 4 });
  const db = handle.db;
  const account = await createServices({ db: db }).accounts.create({ name: 'insights', plan: 'MAX' });
  const { token } = await createServices({ db: db }).keys.create({ account: account.id, scopes: ['all'] });
  const smartFormId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('smart_forms')
    .values({
      id: smartFormId,
      account_id: account.id,
      title: 'Churn interviews',
      title_search: 'churn interviews',
      description: null,
      purpose: 'Understand why customers cancel and what would have kept them.',
      target_audience: null,
      languages: '[]',
      max_questions: QUESTIONS,
      is_private: 0,
      reference_json: null,
      status: 'published',
      share_code: randomUUID().slice(0, 8),
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const seeding = performance.now();
  await seedSessions(db, {
    smartFormId,
    accountId: account.id,
    count: SESSIONS,
    questions: QUESTIONS,
    stepMs: 90_000,
    batch: 500,
  });
  const seedMs = performance.now() - seeding;
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  console.log(`${dialect}: seeded in ${fmt(seedMs / 1000, 1)} s`);

  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const figures = await sessionFigures(db, { smartFormId });
    times.push(performance.now() - t0);
    if (figures.totalSessions !== SESSIONS) throw new Error(`figures counted ${figures.totalSessions}`);
  }
  console.log(
    `${dialect}: analytics figures median ${fmt(median(times))} ms (runs ${times.map((t) => fmt(t)).join(', ')} ms)`,
  );
  await handle.close();
  if (process.env.BENCH_EXPORT === '0') {
    await database.drop();
    continue;
  }

  const server = await startServer(database);
  console.log(`${dialect}: server (${server.what}) idle RSS ${fmt(server.idleRss / MB)} MB`);
  for (const format of ['csv', 'json', 'xlsx'] as const) {
    await server.resetPeak();
    const t0 = performance.now();
    const res = await fetch(`${server.url}/v1/smart-forms/${smartFormId}/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    const ms = performance.now() - t0;
    const peak = await server.peak();
    console.log(
      `${dialect}: export ${format} ${fmt(ms / 1000, 1)} s, ${fmt(bytes / MB, 1)} MB, ${fmt(SESSIONS / (ms / 1000))} sessions/s, server peak RSS ${fmt(peak / MB)} MB (+${fmt((peak - server.idleRss) / MB)} over idle)`,
    );
  }
  await server.stop();
  await database.drop();
}
