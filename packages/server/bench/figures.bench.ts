/**
 * Form figures over BENCH_FIGURES_RESPONSES (default 100,000) responses of a 10-field form, and as
 * many of a form with every question type (rating, nps, scale, slider, matrix single and multiple,
 * ranking with Other, picture choice, multiple select with Other), on
 * SQLite and, when FORMLOOM_TEST_POSTGRES_URL is set (scripts/with-postgres.sh), on PostgreSQL
 * (the target: under 1 s of database time). Each response is distinct: seeded values, fields
 * present or absent, varied key order. The figures are computed 3 times; the median is reported.
 *
 * Run: bash scripts/with-postgres.sh node --conditions=source --import tsx packages/server/bench/figures.bench.ts
 */

import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Field } from '@formloom/contract';
import { sql } from 'kysely';
import { createDb } from '../src/db/create-db.js';
import { formFigures } from '../src/features/analytics/index.js';
import { createServices } from '../src/services.js';
import { insertPublishedForm } from '../test/support/fixtures.js';
import { createTestDatabase, testDialects } from '../test/support/test-database.js';
import { fmt, median } from './bench-utils.js';

const RESPONSES = Number(process.env.BENCH_FIGURES_RESPONSES ?? 100_000);
const options = (values: string[]) => values.map((v) => ({ label: v, value: v }));
const fields: Field[] = [
  { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0 },
  { id: 'email', sectionId: 's', type: 'email', label: 'Email', order: 1 },
  {
    id: 'plan',
    sectionId: 's',
    type: 'select',
    label: 'Plan',
    order: 2,
    options: options(['basic', 'pro', 'team']),
  },
  {
    id: 'rating',
    sectionId: 's',
    type: 'radio',
    label: 'Rating',
    order: 3,
    options: options(['1', '2', '3', '4', '5']),
  },
  {
    id: 'extras',
    sectionId: 's',
    type: 'checkbox',
    label: 'Extras',
    order: 4,
    options: options(['a', 'b', 'c', 'd']),
  },
  { id: 'age', sectionId: 's', type: 'number', label: 'Age', order: 5 },
  { id: 'seats', sectionId: 's', type: 'number', label: 'Seats', order: 6 },
  { id: 'visit', sectionId: 's', type: 'date', label: 'Visit', order: 7 },
  { id: 'notes', sectionId: 's', type: 'textarea', label: 'Notes', order: 8 },
  { id: 'city', sectionId: 's', type: 'text', label: 'City', order: 9 },
];

const grid = (multiple: boolean) => ({
  rows: ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => ({ id, label: id })),
  columns: ['1', '2', '3', '4', '5'].map((value) => ({ value, label: value })),
  multiple,
});
const questionFields: Field[] = [
  { id: 'stars', type: 'rating', label: 'Stars', rating: { max: 5 } },
  { id: 'nps', type: 'nps', label: 'Recommend' },
  { id: 'agree', type: 'scale', label: 'Agree', scale: { min: 1, max: 7 } },
  { id: 'km', type: 'slider', label: 'Distance', slider: { min: 0, max: 50, step: 0.5 } },
  { id: 'grid', type: 'matrix', label: 'Grid', matrix: grid(false) },
  { id: 'multi', type: 'matrix', label: 'Multi', matrix: grid(true) },
  {
    id: 'rank',
    type: 'ranking',
    label: 'Rank',
    options: options(['a', 'b', 'c', 'd', 'e']),
    other: { label: 'Other' },
  },
  { id: 'pic', type: 'picture_choice', label: 'Pet', options: options(['cat', 'dog', 'fox', 'owl']) },
  {
    id: 'tags',
    type: 'select',
    label: 'Tags',
    multiple: true,
    options: options(['x', 'y', 'z', 'w']),
    other: { label: 'Other' },
  },
].map((f, order) => ({ ...f, sectionId: 's', order }) as Field);

let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed % n;
};

function answers(i: number): string {
  const entries: [string, unknown][] = [['name', `Person ${i}`]];
  if (rand(3) > 0) entries.push(['email', `p${i}@example.com`]);
  if (rand(5) > 0) entries.push(['plan', ['basic', 'pro', 'team'][rand(3)]]);
  entries.push(['rating', String(1 + rand(5))]);
  if (rand(2) === 0) entries.push(['extras', ['a', 'b', 'c', 'd'].filter(() => rand(2) === 0)]);
  if (rand(4) > 0) entries.push(['age', 18 + rand(60) + rand(10) / 10]);
  if (rand(3) === 0) entries.push(['seats', rand(20)]);
  if (rand(2) === 0)
    entries.push([
      'visit',
      `2026-${String(1 + rand(12)).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')}`,
    ]);
  if (rand(3) === 0) entries.push(['notes', 'x'.repeat(rand(300))]);
  if (rand(2) === 0) entries.push(['city', ['Ankara', 'Madrid', 'Roma', 'Berlin', 'Utrecht'][rand(5)]]);
  // Clients send keys in their own order.
  for (let k = entries.length - 1; k > 0; k--) {
    const j = rand(k + 1);
    [entries[k], entries[j]] = [entries[j]!, entries[k]!];
  }
  return JSON.stringify(Object.fromEntries(entries));
}

function questionAnswers(): string {
  const pick = <T>(list: readonly T[]) => list[rand(list.length)]!;
  const rows = ['r1', 'r2', 'r3', 'r4', 'r5'];
  const entries: [string, unknown][] = [];
  if (rand(5) > 0) entries.push(['stars', 1 + rand(5)]);
  entries.push(['nps', rand(11)]);
  if (rand(4) > 0) entries.push(['agree', 1 + rand(7)]);
  if (rand(2) === 0) entries.push(['km', rand(101) / 2]);
  entries.push([
    'grid',
    Object.fromEntries(rows.filter(() => rand(4) > 0).map((r) => [r, String(1 + rand(5))])),
  ]);
  if (rand(2) === 0) {
    entries.push([
      'multi',
      Object.fromEntries(rows.map((r) => [r, ['1', '2', '3', '4', '5'].filter(() => rand(3) === 0)])),
    ]);
  }
  if (rand(3) > 0) {
    const ranked: unknown[] = ['a', 'b', 'c', 'd', 'e'];
    for (let k = ranked.length - 1; k > 0; k--) {
      const j = rand(k + 1);
      [ranked[k], ranked[j]] = [ranked[j], ranked[k]];
    }
    if (rand(10) === 0) ranked[rand(5)] = { other: 'mine' };
    entries.push(['rank', ranked]);
  }
  entries.push(['pic', pick(['cat', 'dog', 'fox', 'owl'])]);
  const tags: unknown[] = ['x', 'y', 'z', 'w'].filter(() => rand(2) === 0);
  if (rand(8) === 0) tags.push({ other: 'else' });
  entries.push(['tags', tags]);
  return JSON.stringify(Object.fromEntries(entries));
}

console.log(
  `Form figures over ${fmt(RESPONSES)} responses (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
for (const dialect of testDialects()) {
  const database = await createTestDatabase(dialect, 'figures-bench');
  const handle = await createDb({ dataDir: database.dataDir, url: database.url, poolSize: 4 });
  const db = handle.db;
  const account = await createServices({ db: db }).accounts.create({ name: 'figures', plan: 'PRO' });
  const forms = [
    { name: '10-field form', fields, answers },
    { name: 'every question type', fields: questionFields, answers: questionAnswers },
  ];
  for (const form of forms) {
    const formId = randomUUID();
    const now = '2026-01-01T00:00:00.000Z';
    await insertPublishedForm(db, {
      id: formId,
      accountId: account.id,
      title: 'Figures',
      schema: {},
      at: now,
    });
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < RESPONSES; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, RESPONSES - i) }, (_, k) => ({
        id: randomUUID(),
        form_id: formId,
        account_id: account.id,
        answers: form.answers(i + k),
        submitted_at: new Date(start + (i + k) * 300_000).toISOString(),
      }));
      await db.insertInto('responses').values(rows).execute();
    }
    if (dialect === 'postgres') await sql`analyze responses`.execute(db);
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const figures = await formFigures(
        db,
        { accountId: account.id, formId, fields: form.fields },
        { bucket: 'week' },
      );
      times.push(performance.now() - t0);
      count = figures.responseCount;
    }
    if (count !== RESPONSES) throw new Error(`figures counted ${count} of ${RESPONSES}`);
    console.log(
      `${dialect}, ${form.name}: median ${fmt(median(times))} ms (runs ${times.map((t) => fmt(t)).join(', ')} ms)`,
    );
  }
  await handle.close();
  await database.drop();
}
