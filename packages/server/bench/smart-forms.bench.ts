/**
 * Smart-form insights over BENCH_SESSIONS (default 100,000) sessions of 8 questions each, seeded
 * with distinct contents (test/support/session-seed.ts), on SQLite and, when
 * FORMLOOM_TEST_POSTGRES_URL is set (scripts/with-postgres.sh), on PostgreSQL (issue 16):
 * - aggregate analytics: the database's figures (`sessionFigures`), median of 3 runs; target < 1 s;
 * - export in each format through a server in its own process, read to the end over HTTP: time,
 *   bytes, and the server's peak resident set while it streams; target < 100 MB.
 *
 * BENCH_EXPORT=0 measures the analytics only.
 *
 * Run: bash scripts/with-postgres.sh node --conditions=source --import tsx packages/server/bench/smart-forms.bench.ts
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { sql } from 'kysely';
import { createDb } from '../src/db/create-db.js';
import { createAccountsService } from '../src/features/accounts/accounts-service.js';
import { createKeysService } from '../src/features/auth/keys-service.js';
import { sessionFigures } from '../src/features/smart-forms/session-figures.js';
import { seedSessions } from '../test/support/session-seed.js';
import { createTestDatabase, testDialects } from '../test/support/test-database.js';
import { fmt, median } from './bench-utils.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const QUESTIONS = 8;
const MB = 1024 * 1024;
const builtPackages = ['../dist/index.js', '../../contract/dist/index.js'].every((path) =>
  existsSync(fileURLToPath(new URL(path, import.meta.url))),
);
// With the packages built (contract and server), the server runs as `formloom serve` does: plain
// node on the built package, without tsx compiling sources in its process (some 200 MB alone).
// Node 20 cannot strip types, so the child's own few lines are turned into JavaScript beside it.
let childFile = fileURLToPath(new URL('./export-child.ts', import.meta.url));
if (builtPackages) {
  const js = fileURLToPath(new URL('./.export-child.mjs', import.meta.url));
  writeFileSync(js, (await transform(readFileSync(childFile, 'utf8'), { loader: 'ts', format: 'esm' })).code);
  process.once('exit', () => rmSync(js, { force: true }));
  childFile = js;
}

type ChildAnswer =
  | { type: 'ready'; url: string; rss: number; built: boolean }
  | { type: 'peak'; rss: number };

console.log(
  `Smart-form insights over ${fmt(SESSIONS)} sessions of ${QUESTIONS} questions (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
for (const dialect of testDialects()) {
  const database = await createTestDatabase(dialect, 'smart-forms-bench');
  const handle = await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 4 });
  const db = handle.db;
  const account = await createAccountsService(db).create({ name: 'insights', plan: 'MAX' });
  const { token } = await createKeysService(db).create({ account: account.id, scopes: ['all'] });
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

  const child = fork(childFile, {
    execArgv: builtPackages ? [] : ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, BENCH_EXPORT_DATA_DIR: database.dataDir, BENCH_EXPORT_PG_URL: database.url ?? '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<ChildAnswer>((resolve) => child.once('message', (m) => resolve(m as ChildAnswer)));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('export child did not start');
  console.log(
    `${dialect}: server (${ready.built ? 'built package' : 'sources through tsx'}) idle RSS ${fmt(ready.rss / MB)} MB`,
  );
  for (const format of ['csv', 'json', 'xlsx'] as const) {
    const t0 = performance.now();
    const res = await fetch(`${ready.url}/v1/smart-forms/${smartFormId}/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    const ms = performance.now() - t0;
    child.send({ type: 'peak' });
    const peak = await next();
    console.log(
      `${dialect}: export ${format} ${fmt(ms / 1000, 1)} s, ${fmt(bytes / MB, 1)} MB, ${fmt(SESSIONS / (ms / 1000))} sessions/s, server peak RSS ${fmt(peak.rss / MB)} MB (+${fmt((peak.rss - ready.rss) / MB)} over idle)`,
    );
  }
  child.send({ type: 'shutdown' });
  await new Promise((resolve) => child.once('exit', resolve));
  await database.drop();
}
