import { randomUUID } from 'node:crypto';
import type { Field, FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { insertPublishedForm } from '../../../test/support/fixtures.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { formFigures } from './form-figures.js';

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
          numbers: { count: 4, mean: 36.375, median: 35, min: 25.5, max: 50 },
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
    expect(ranged.fields.age!.numbers).toEqual({ count: 2, mean: 37.75, median: 37.75, min: 25.5, max: 50 });
    const other = await formFigures(t.db, { accountId: randomUUID(), formId, fields });
    expect(other.responseCount).toBe(0);
    expect(other.fields.plan).toEqual({
      type: 'select',
      label: 'Plan',
      answered: 0,
      completion: 0,
      options: { basic: 0, pro: 0, team: 0 },
    });
    expect(other.fields.age!.numbers).toEqual({ count: 0, mean: null, median: null, min: null, max: null });
  });
});
