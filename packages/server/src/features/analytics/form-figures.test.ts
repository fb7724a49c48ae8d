import { randomUUID } from 'node:crypto';
import type { Field, FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { insertPublishedForm } from '../../../test/support/fixtures.js';
import { guestsSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { type FiguresQuery, formFigures } from './form-figures.js';
import { histogramEdges } from './histogram.js';

const fields: Field[] = [
  { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0 },
  { id: 'email', sectionId: 's', type: 'email', label: 'Email', order: 1 },
  {
    id: 'plan',
    sectionId: 's',
    type: 'select',
    label: 'Plan',
    order: 2,
    options: [
      { label: 'Basic', value: 'basic' },
      { label: 'Pro', value: 'pro' },
      { label: 'Team', value: 'team' },
    ],
  },
  {
    id: 'extras',
    sectionId: 's',
    type: 'checkbox',
    label: 'Extras',
    order: 3,
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
      { label: 'C', value: 'c' },
    ],
  },
  { id: 'age', sectionId: 's', type: 'number', label: 'Age', order: 4 },
  { id: 'visit', sectionId: 's', type: 'date', label: 'Visit', order: 5 },
  { id: 'notes', sectionId: 's', type: 'textarea', label: 'Notes', order: 6 },
];

/** Five responses over two weeks; the expectations below are worked out by hand from them. */
const RESPONSES: [string, Record<string, unknown>][] = [
  [
    '2026-11-02T09:00:00.000Z',
    { name: 'Ada', email: 'a@x.io', plan: 'pro', extras: ['a', 'b'], age: 30, visit: '2026-10-05' },
  ],
  [
    '2026-11-02T17:30:00.000Z',
    { name: 'Bo', plan: 'basic', extras: [], age: 40, notes: 'Great, thanks! 🎉' },
  ],
  [
    '2026-11-04T12:00:00.000Z',
    { name: 'Cy', email: '', plan: 'pro', extras: ['b'], age: 25.5, visit: '2026-11-20' },
  ],
  ['2026-11-10T08:00:00.000Z', { name: 'Di', plan: 'pro', age: 50, visit: '2026-11-01', retired_field: 'x' }],
  ['2026-11-11T23:59:59.999Z', { name: 'Ed', email: 'e@x.io', extras: ['a', 'b', 'c'], notes: 'Too slow' }],
];

describeEachDialect('form figures, counted by the database', (t) => {
  let accountId: string;
  let formId: string;
  beforeAll(async () => {
    accountId = (await t.account('PRO')).accountId;
    const schema: FormSchema = {
      version: '1.0',
      schemaVersion: '2025-01-01',
      meta: { title: 'Figures', language: 'en' },
      sections: [{ id: 's', title: 'S', order: 0 }],
      fields,
    };
    formId = randomUUID();
    const now = '2026-11-01T00:00:00.000Z';
    await insertPublishedForm(t.db, {
      id: formId,
      accountId: accountId,
      title: 'Figures',
      schema: schema,
      at: now,
    });
    for (const [at, answers] of RESPONSES) {
      await t.db
        .insertInto('responses')
        .values({
          id: randomUUID(),
          form_id: formId,
          account_id: accountId,
          answers: JSON.stringify(answers),
          submitted_at: at,
        })
        .execute();
    }
  });

  it('totals, days, completion and the figures of each field type', async () => {
    const figures = await formFigures(t.db, { accountId, formId, fields });
    expect(figures).toEqual({
      responseCount: 5,
      firstResponseAt: '2026-11-02T09:00:00.000Z',
      lastResponseAt: '2026-11-11T23:59:59.999Z',
      overTime: [
        { period: '2026-11-02', count: 2 },
        { period: '2026-11-04', count: 1 },
        { period: '2026-11-10', count: 1 },
        { period: '2026-11-11', count: 1 },
      ],
      fields: {
        name: {
          type: 'text',
          label: 'Name',
          answered: 5,
          completion: 1,
          text: { count: 5, meanLength: 2.2, maxLength: 3 },
        },
        email: {
          type: 'email',
          label: 'Email',
          answered: 2,
          completion: 0.4,
          text: { count: 2, meanLength: 6, maxLength: 6 },
        },
        plan: {
          type: 'select',
          label: 'Plan',
          answered: 4,
          completion: 0.8,
          options: { basic: 1, pro: 3, team: 0 },
        },
        extras: {
          type: 'checkbox',
          label: 'Extras',
          answered: 3,
          completion: 0.6,
          options: { a: 2, b: 3, c: 1 },
        },
        age: {
          type: 'number',
          label: 'Age',
          answered: 4,
          completion: 0.8,
          numbers: {
            count: 4,
            mean: 36.375,
            median: 35,
            min: 25.5,
            max: 50,
            // 25.5, 30, 40, 50: ten-ish bins of 5 from 25 (the last one holds 50).
            histogram: {
              wholeNumbers: false,
              bins: [25, 30, 35, 40, 45, 50].map((from) => ({
                from,
                to: from + 5,
                count: from === 35 || from === 45 ? 0 : 1,
              })),
            },
          },
        },
        visit: {
          type: 'date',
          label: 'Visit',
          answered: 3,
          completion: 0.6,
          months: { '2026-10': 1, '2026-11': 2 },
        },
        notes: {
          type: 'textarea',
          label: 'Notes',
          answered: 2,
          completion: 0.4,
          // "Great, thanks! 🎉" is 16 characters (the emoji is one), "Too slow" 8.
          text: { count: 2, meanLength: 12, maxLength: 16 },
        },
      },
    });
  });

  it('a form without fields (a blank form, or one whose fields were all removed) still counts', async () => {
    const figures = await formFigures(t.db, { accountId, formId, fields: [] });
    expect(figures).toMatchObject({ responseCount: 5, fields: {} });
    expect(figures.overTime).toHaveLength(4);
  });

  it('by ISO week, within a date range, and for a form of another account nothing', async () => {
    const weekly = await formFigures(t.db, { accountId, formId, fields }, { bucket: 'week' });
    expect(weekly.overTime).toEqual([
      { period: '2026-11-02', count: 3 },
      { period: '2026-11-09', count: 2 },
    ]);
    const ranged = await formFigures(
      t.db,
      { accountId, formId, fields },
      { from: '2026-11-03T00:00:00.000Z', to: '2026-11-10T23:59:59.999Z' },
    );
    expect(ranged.responseCount).toBe(2);
    expect(ranged.fields.age!.numbers).toMatchObject({
      count: 2,
      mean: 37.75,
      median: 37.75,
      min: 25.5,
      max: 50,
    });
    expect(ranged.fields.age!.numbers!.histogram.bins.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 1]);
    const other = await formFigures(t.db, { accountId: randomUUID(), formId, fields });
    expect(other.responseCount).toBe(0);
    expect(other.fields.plan).toEqual({
      type: 'select',
      label: 'Plan',
      answered: 0,
      completion: 0,
      options: { basic: 0, pro: 0, team: 0 },
    });
    expect(other.fields.age!.numbers).toEqual({
      count: 0,
      mean: null,
      median: null,
      min: null,
      max: null,
      histogram: { wholeNumbers: true, bins: [] },
    });
  });
});

/**
 * A published form of a new account with `responses` (`[submittedAt, answers]`) stored straight
 * into the database, in one insert.
 */
async function formWithResponses(
  t: TestServer,
  schema: FormSchema,
  responses: readonly (readonly [string, Record<string, unknown>])[],
): Promise<{ accountId: string; formId: string }> {
  const accountId = (await t.account('PRO')).accountId;
  const formId = randomUUID();
  const at = '2026-02-01T00:00:00.000Z';
  await insertPublishedForm(t.db, { id: formId, accountId, title: schema.meta.title, schema, at });
  await t.db
    .insertInto('responses')
    .values(
      responses.map(([submittedAt, answers]) => ({
        id: randomUUID(),
        form_id: formId,
        account_id: accountId,
        answers: JSON.stringify(answers),
        submitted_at: submittedAt,
      })),
    )
    .execute();
  return { accountId, formId };
}

/** The histogram of sorted numbers, counted in JavaScript over the same edges. */
function histogramOf(numbers: readonly number[]) {
  if (numbers.length === 0) return { wholeNumbers: true, bins: [] };
  const wholeNumbers = numbers.every(Number.isInteger);
  const edges = histogramEdges(numbers[0]!, numbers.at(-1)!, wholeNumbers);
  return {
    wholeNumbers,
    bins: edges.slice(0, -1).map((from, k) => ({
      from,
      to: edges[k + 1]!,
      count: numbers.filter((x) => x >= from && x < edges[k + 1]!).length,
    })),
  };
}

/**
 * The figures against a plain JavaScript reading of the same answers, on a seeded set of 400
 * varied responses: every field type answered with what clients really send, right or wrong
 * (numbers as strings, strings in number fields, null, "", [], booleans, objects, lists with
 * duplicates and unlisted values, emoji), in varying key order.
 */
const MIXED: Field[] = [
  { id: 'title', sectionId: 's', type: 'text', label: 'Title', order: 0 },
  { id: 'mail', sectionId: 's', type: 'email', label: 'Mail', order: 1 },
  {
    id: 'size',
    sectionId: 's',
    type: 'radio',
    label: 'Size',
    order: 2,
    options: ['s', 'm', 'l', 'é 🎉'].map((value) => ({ label: value, value })),
  },
  {
    id: 'tags',
    sectionId: 's',
    type: 'checkbox',
    label: 'Tags',
    order: 3,
    options: ['x', 'y', 'z', '1'].map((value) => ({ label: value, value })),
  },
  { id: 'score', sectionId: 's', type: 'number', label: 'Score', order: 4 },
  { id: 'born', sectionId: 's', type: 'date', label: 'Born', order: 5 },
  { id: 'story', sectionId: 's', type: 'textarea', label: 'Story', order: 6 },
];

function mixedAnswers(count: number): [string, Record<string, unknown>][] {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const pick = <T>(values: readonly T[]) => values[rand(values.length)]!;
  const odd = [null, '', [], true, false, { a: 1 }, 0, '0'];
  const start = Date.parse('2026-03-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => {
    const entries: [string, unknown][] = [];
    const maybe = (id: string, value: () => unknown) => {
      if (rand(5) === 0) return;
      entries.push([id, rand(8) === 0 ? pick(odd) : value()]);
    };
    maybe('title', () => pick(['A', 'Bé', 'tea 🍵 time', `n${rand(1000)}`]));
    maybe('mail', () => `p${rand(50)}@example.com`);
    maybe('size', () => pick(['s', 'm', 'l', 'é 🎉', 'xl', 3]));
    maybe('tags', () => Array.from({ length: rand(4) }, () => pick(['x', 'y', 'z', 'q', '1', 1])));
    maybe('score', () => pick([rand(100), rand(1000) / 8, -rand(20), '42', 1e6]));
    maybe('born', () => pick([`19${50 + rand(50)}-0${1 + rand(9)}-1${rand(9)}`, 'soon', 2001]));
    maybe('story', () => 'wörds 🎉 '.repeat(rand(5)));
    if (rand(10) === 0) entries.push(['gone', 'a field no longer in the schema']);
    for (let k = entries.length - 1; k > 0; k--) {
      const j = rand(k + 1);
      [entries[k], entries[j]] = [entries[j]!, entries[k]!];
    }
    return [new Date(start + i * 7_200_000 + rand(3_600_000)).toISOString(), Object.fromEntries(entries)];
  });
}

/** The figures worked out in JavaScript from the parsed answers: the reference to agree with. */
function referenceFigures(fields: Field[], responses: Record<string, unknown>[]) {
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  const chars = (s: string) => [...s].length;
  const answered = (v: unknown) =>
    v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  const out: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const values = responses.map((r) => r[field.id]);
    const n = values.filter(answered).length;
    const figures: Record<string, unknown> = { answered: n };
    if (field.type === 'radio' || field.type === 'checkbox') {
      figures.options = Object.fromEntries(
        field.options!.map((o) => [
          o.value,
          values.filter((v) =>
            field.type === 'checkbox' ? Array.isArray(v) && v.includes(o.value) : v === o.value,
          ).length,
        ]),
      );
    }
    const strings = values.filter((v): v is string => typeof v === 'string' && v !== '');
    if (field.type === 'number') {
      const numbers = values.filter((v): v is number => typeof v === 'number').sort((x, y) => x - y);
      const m = numbers.length;
      figures.numbers = {
        count: m,
        mean: m === 0 ? null : round(numbers.reduce((s, x) => s + x, 0) / m),
        median: m === 0 ? null : round((numbers[Math.floor((m - 1) / 2)]! + numbers[Math.floor(m / 2)]!) / 2),
        min: m === 0 ? null : numbers[0],
        max: m === 0 ? null : numbers[m - 1],
        histogram: histogramOf(numbers),
      };
    }
    if (field.type === 'date') {
      const months: Record<string, number> = {};
      for (const s of strings) {
        const month = [...s].slice(0, 7).join('');
        months[month] = (months[month] ?? 0) + 1;
      }
      figures.months = months;
    }
    if (field.type === 'text' || field.type === 'email' || field.type === 'textarea') {
      figures.text = {
        count: strings.length,
        meanLength:
          strings.length === 0 ? null : round(strings.reduce((s, x) => s + chars(x), 0) / strings.length),
        maxLength: strings.length === 0 ? null : Math.max(...strings.map(chars)),
      };
    }
    out[field.id] = figures;
  }
  return out;
}

describeEachDialect('form figures against a JavaScript reading of the same answers', (t) => {
  const responses = mixedAnswers(400);
  let accountId: string;
  let formId: string;
  beforeAll(async () => {
    ({ accountId, formId } = await formWithResponses(
      t,
      {
        version: '1.0',
        schemaVersion: '2025-01-01',
        meta: { title: 'Mixed', language: 'en' },
        sections: [{ id: 's', title: 'S', order: 0 }],
        fields: MIXED,
      },
      responses,
    ));
  });

  const ranges: FiguresQuery[] = [{}, { from: '2026-03-05T00:00:00.000Z', to: '2026-03-20T12:00:00.000Z' }];
  for (const range of ranges) {
    it(`agrees on every field ${range.from ? 'within a date range' : 'over all responses'}`, async () => {
      const within = responses.filter(
        ([at]) =>
          (range.from === undefined || at >= range.from) && (range.to === undefined || at <= range.to),
      );
      const figures = await formFigures(t.db, { accountId, formId, fields: MIXED }, range);
      expect(figures.responseCount).toBe(within.length);
      expect(figures.firstResponseAt).toBe(within[0]![0]);
      expect(figures.lastResponseAt).toBe(within.at(-1)![0]);
      const days = new Map<string, number>();
      for (const [at] of within) days.set(at.slice(0, 10), (days.get(at.slice(0, 10)) ?? 0) + 1);
      expect(figures.overTime).toEqual([...days].map(([period, count]) => ({ period, count })));
      const reference = referenceFigures(
        MIXED,
        within.map(([, answers]) => answers),
      );
      for (const field of MIXED) {
        const { type: _type, label: _label, completion, ...got } = figures.fields[field.id]!;
        expect(got, field.id).toEqual(reference[field.id]);
        expect(completion).toBe(Math.round((got.answered / within.length) * 10_000) / 10_000);
      }
    });
  }
});

describeEachDialect("a repeating section's figures against a JavaScript reading of its entries", (t) => {
  const inSection = MIXED.map((field) => ({ ...field, sectionId: 'g' }));
  const schema: FormSchema = {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Entries', language: 'en' },
    sections: [
      { id: 'h', title: 'Host', order: 0 },
      { id: 'g', title: 'Guests', order: 1, repeat: { max: 5 } },
    ],
    fields: [{ id: 'host', sectionId: 'h', type: 'text', label: 'Host', order: 0 }, ...inSection],
  };
  // The mixed answers as entries: 0 to 4 a response, a response without entries answering the
  // section not at all or with something that is no list.
  const entries = mixedAnswers(300).map(([, answers]) => answers);
  const responses: { at: string; answers: Record<string, unknown>; entries: Record<string, unknown>[] }[] =
    [];
  for (let i = 0, next = 0; next < entries.length; i++) {
    const list = entries.slice(next, next + (i % 5));
    next += list.length;
    const at = new Date(Date.parse('2026-03-01T00:00:00.000Z') + i * 3_600_000).toISOString();
    const host = i % 3 === 0 ? { host: `h${i}` } : {};
    const g = list.length > 0 ? list : i % 2 === 0 ? undefined : { title: 'not a list' };
    responses.push({ at, answers: { ...host, ...(g === undefined ? {} : { g }) }, entries: list });
  }
  let accountId: string;
  let formId: string;
  beforeAll(async () => {
    ({ accountId, formId } = await formWithResponses(
      t,
      schema,
      responses.map(({ at, answers }) => [at, answers]),
    ));
  });

  const ranges: FiguresQuery[] = [{}, { from: '2026-03-02T00:00:00.000Z', to: '2026-03-04T12:00:00.000Z' }];
  for (const range of ranges) {
    it(`counts each field over the entries and the entries per response ${range.from ? 'within a date range' : 'over all responses'}`, async () => {
      const within = responses.filter(
        ({ at }) =>
          (range.from === undefined || at >= range.from) && (range.to === undefined || at <= range.to),
      );
      const all = within.flatMap((r) => r.entries);
      const figures = await formFigures(t.db, { accountId, formId, fields: schema.fields, schema }, range);
      expect(figures.responseCount).toBe(within.length);
      expect(Object.keys(figures.fields)).toEqual(schema.fields.map((f) => f.id));
      expect(figures.fields.host).toMatchObject({ answered: within.filter((r) => r.answers.host).length });
      expect(figures.fields.host).not.toHaveProperty('section');
      const reference = referenceFigures(inSection, all);
      for (const field of inSection) {
        const { type: _type, label: _label, section, completion, ...got } = figures.fields[field.id]!;
        expect(section).toBe('g');
        expect(got, field.id).toEqual(reference[field.id]);
        expect(completion).toBe(Math.round((got.answered / all.length) * 10_000) / 10_000);
      }
      const answering = within.filter((r) => r.entries.length > 0);
      const perCount = new Map<number, number>();
      for (const r of answering) perCount.set(r.entries.length, (perCount.get(r.entries.length) ?? 0) + 1);
      expect(figures.sections).toEqual({
        g: {
          title: 'Guests',
          answered: answering.length,
          completion: Math.round((answering.length / within.length) * 10_000) / 10_000,
          entries: all.length,
          mean: Math.round((all.length / answering.length) * 10_000) / 10_000,
          distribution: [...perCount].sort(([x], [y]) => x - y).map(([value, count]) => ({ value, count })),
        },
      });
      // The funnel counts responses, entries or not.
      expect(figures.dropOff).toMatchObject({ started: within.length, completed: within.length });
    });
  }

  it('a form without a repeating section has no section figures', async () => {
    const plain = { ...schema, sections: [{ id: 'h', title: 'Host', order: 0 }] };
    const figures = await formFigures(t.db, { accountId, formId, fields: plain.fields, schema: plain });
    expect(figures).not.toHaveProperty('sections');
    expect(figures.fields.title).not.toHaveProperty('section');
  });

  it('the figures route gives them for a published form', async () => {
    const { key } = await t.account('PRO');
    const booking = await publishForm(t, key, guestsSchema());
    for (const guests of [
      [{ name: 'Ada', age: 40, meal: 'fish' }],
      [
        { name: 'Bo', age: 30, meal: 'veg' },
        { name: 'Cy', age: 4 },
      ],
    ]) {
      const res = await t.request(`/v1/public/forms/${booking.code}/responses`, {
        method: 'POST',
        json: { answers: { host: 'Ann', guests } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await t.request(`/v1/forms/${booking.id}/figures`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data.sections).toEqual({
      guests: {
        title: 'Guests',
        answered: 2,
        completion: 1,
        entries: 3,
        mean: 1.5,
        distribution: [
          { value: 1, count: 1 },
          { value: 2, count: 1 },
        ],
      },
    });
    expect(res.body.data.fields.meal).toMatchObject({
      section: 'guests',
      answered: 2,
      completion: 0.6667,
      options: { fish: 1, veg: 1 },
    });
    expect(res.body.data.fields.age.numbers).toMatchObject({ count: 3, min: 4, max: 40 });
  });
});
