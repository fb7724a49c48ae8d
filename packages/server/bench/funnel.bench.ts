/**
 * The drop-off funnel of a paged form with jumps over BENCH_FUNNEL_RESPONSES (default 100,000)
 * responses and a tenth as many unfinished partials, on SQLite and, when
 * FORMLOOM_TEST_POSTGRES_URL is set (scripts/with-postgres.sh), on PostgreSQL: each respondent's
 * path is walked by the engine's formPath, against the same form without its jumps, whose funnel
 * the database counts alone. The figures are computed 3 times; the median is reported.
 *
 * Run: bash scripts/with-postgres.sh node --conditions=source --import tsx packages/server/bench/funnel.bench.ts
 */

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FormSchema } from '@formloom/contract';
import { sql } from 'kysely';
import { createDb } from '../src/db/create-db.js';
import { formFigures } from '../src/features/analytics/index.js';
import { createServices } from '../src/services.js';
import { insertPublishedForm } from '../test/support/fixtures.js';
import { signupSchema } from '../test/support/jumps-fixtures.js';
import { createTestDatabase, testDialects } from '../test/support/test-database.js';
import { fmt, median } from './bench-utils.js';

const RESPONSES = Number(process.env.BENCH_FUNNEL_RESPONSES ?? 100_000);
const PARTIALS = Math.ceil(RESPONSES / 10);
const KINDS = ['free', 'pro', 'none'] as const;

/** A response's answers along its path: free skips Billing, none ends at once. */
function answers(i: number): string {
  const kind = KINDS[i % 3]!;
  if (kind === 'none') return JSON.stringify({ kind });
  if (kind === 'free') return JSON.stringify({ kind, name: `n${i}` });
  return JSON.stringify({ kind, seats: i % 97, name: `n${i}` });
}

const withJumps = signupSchema();
const withoutJumps: FormSchema = {
  ...withJumps,
  sections: withJumps.sections.map(({ jumps: _, ...section }) => section),
};

for (const dialect of testDialects()) {
  const database = await createTestDatabase(dialect, 'funnel-bench');
  const handle = await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 4 });
  const db = handle.db;
  const account = await createServices({ db }).accounts.create({ name: 'funnel', plan: 'PRO' });
  const formId = randomUUID();
  const now = '2026-01-01T00:00:00.000Z';
  await insertPublishedForm(db, { id: formId, accountId: account.id, title: 'Funnel', schema: {}, at: now });
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < RESPONSES; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, RESPONSES - i) }, (_, k) => ({
      id: randomUUID(),
      form_id: formId,
      account_id: account.id,
      answers: answers(i + k),
      submitted_at: new Date(start + (i + k) * 300_000).toISOString(),
    }));
    await db.insertInto('responses').values(rows).execute();
  }
  for (let i = 0; i < PARTIALS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, PARTIALS - i) }, (_, k) => ({
      id: randomUUID(),
      form_id: formId,
      account_id: account.id,
      token_hash: randomUUID(),
      answers: answers(i + k),
      answered_count: 1,
      page: 'plan',
      seed: null,
      reached_page: (['plan', 'billing', 'profile'] as const)[(i + k) % 3],
      response_id: null,
      created_at: now,
      updated_at: now,
      expires_at: '2099-01-01T00:00:00.000Z',
    }));
    await db.insertInto('partials').values(rows).execute();
  }
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  for (const [name, schema] of [
    ['along each path (jumps)', withJumps],
    ['counted by the database (no jumps)', withoutJumps],
  ] as const) {
    const times: number[] = [];
    let reached: number[] = [];
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const figures = await formFigures(db, { accountId: account.id, formId, fields: schema.fields, schema });
      times.push(performance.now() - t0);
      reached = figures.dropOff!.pages.map((p) => p.reached);
    }
    console.log(
      `${dialect}, ${RESPONSES} responses and ${PARTIALS} partials, funnel ${name}: median ${fmt(median(times))} ms ` +
        `(runs ${times.map((t) => fmt(t)).join(', ')} ms; reached ${reached.join(', ')})`,
    );
  }
  await handle.close();
  await database.drop();
}
