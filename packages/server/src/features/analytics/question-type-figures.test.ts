import { randomUUID } from 'node:crypto';
import type { Field, FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { insertPublishedForm } from '../../../test/support/fixtures.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { formFigures } from './form-figures.js';

const at = (order: number) => ({ sectionId: 's', order });
const pets = [
  { label: 'Cat', value: 'cat' },
  { label: 'Dog', value: 'dog' },
];
const fields: Field[] = [
  { id: 'stars', type: 'rating', label: 'Stars', rating: { max: 5 }, ...at(0) },
  { id: 'nps', type: 'nps', label: 'Recommend', ...at(1) },
  { id: 'agree', type: 'scale', label: 'Agree', scale: { min: 0, max: 4 }, ...at(2) },
  {
    id: 'km',
    type: 'slider',
    label: 'Distance',
    slider: { min: 0, max: 10, step: 0.5, unit: 'km' },
    ...at(3),
  },
  {
    id: 'grid',
    type: 'matrix',
    label: 'Grid',
    matrix: {
      rows: [
        { id: 'q1', label: 'Speed' },
        { id: 'q2', label: 'Price' },
      ],
      columns: [
        { value: 'good', label: 'Good' },
        { value: 'meh', label: 'Meh' },
        { value: 'bad', label: 'Bad' },
      ],
    },
    ...at(4),
  },
  {
    id: 'multi',
    type: 'matrix',
    label: 'Multi',
    matrix: {
      rows: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
      columns: [
        { value: 'x', label: 'X' },
        { value: 'y', label: 'Y' },
      ],
      multiple: true,
    },
    ...at(5),
  },
  {
    id: 'rank',
    type: 'ranking',
    label: 'Rank',
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
      { label: 'C', value: 'c' },
    ],
    other: { label: 'Other' },
    ...at(6),
  },
  { id: 'pic', type: 'picture_choice', label: 'Pet', options: pets, other: { label: 'Other' }, ...at(7) },
  { id: 'pics', type: 'picture_choice', label: 'Pets', options: pets, multiple: true, ...at(8) },
  {
    id: 'tags',
    type: 'select',
    label: 'Tags',
    multiple: true,
    options: [
      { label: 'X', value: 'x' },
      { label: 'Y', value: 'y' },
      { label: 'None', value: 'none' },
    ],
    exclusiveValue: 'none',
    other: { label: 'Other' },
    ...at(9),
  },
  {
    id: 'how',
    type: 'radio',
    label: 'How',
    options: [{ label: 'A', value: 'a' }],
    other: { label: 'Other' },
    ...at(10),
  },
  { id: 'tel', type: 'phone', label: 'Phone', phone: { defaultCountry: 'DE' }, ...at(11) },
  { id: 'home', type: 'address', label: 'Address', ...at(12) },
  { id: 'clock', type: 'time', label: 'Time', ...at(13) },
  { id: 'when', type: 'datetime', label: 'When', ...at(14) },
];

/** Five responses; the expectations below are worked out by hand from them. */
const RESPONSES: Record<string, unknown>[] = [
  {
    stars: 5,
    nps: 10,
    agree: 0,
    km: 2.5,
    grid: { q1: 'good', q2: 'bad' },
    multi: { a: ['x', 'y'], b: ['y'] },
    rank: ['a', 'b', 'c'],
    pic: 'cat',
    pics: ['cat', 'dog'],
    tags: ['x', { other: 'q' }],
    how: { other: 'hm' },
    tel: '+4915112345678',
    home: { line1: 'Hauptstr. 1', city: 'Berlin', country: 'DE' },
    clock: '00:15',
    // 22:30 in UTC: counted at its local hour, 23
    when: '2026-12-01T23:30:00+01:00',
  },
  {
    stars: 4,
    nps: 9,
    agree: 2,
    km: 2.5,
    grid: { q1: 'good' },
    multi: { a: ['x'] },
    rank: ['b', 'a', 'c'],
    pic: 'dog',
    pics: ['dog'],
    tags: ['y'],
    how: 'a',
    tel: '+14165550123',
    home: { line1: '1 Rue', city: 'Paris', country: 'FR' },
    clock: '23:59',
    when: '2026-12-01T09:30:00-05:00',
  },
  {
    stars: 4,
    nps: 8,
    agree: 4,
    km: 7,
    grid: { q2: 'meh' },
    rank: ['b', { other: 'Z' }, 'a'],
    pic: { other: 'fox' },
    tel: '+49301234567',
    home: { line1: 'Weg 2', city: 'Köln', country: 'DE' },
    clock: '09:00',
    when: '2026-12-02T00:05:00Z',
  },
  { stars: 2, nps: 3, agree: 4, km: 10, grid: { q1: 'bad', q2: 'bad' }, pic: 'cat', tags: ['x', 'y'] },
  // A number of no single country, an address without one, and the local midnight of a UTC 22:45.
  { nps: 9, tel: '+80012345678', home: { line1: 'Nowhere 3', city: 'X' }, when: '2026-12-02T00:45:00+02:00' },
];

describeEachDialect('figures of the question types, counted by the database', (t) => {
  let accountId: string;
  let key: string;
  let formId: string;
  beforeAll(async () => {
    ({ accountId, key } = await t.account('PRO'));
    const schema: FormSchema = {
      version: '1.0',
      schemaVersion: '2025-01-01',
      meta: { title: 'Question types', language: 'en' },
      sections: [{ id: 's', title: 'S', order: 0 }],
      fields,
    };
    formId = randomUUID();
    await insertPublishedForm(t.db, {
      id: formId,
      accountId,
      title: 'Question types',
      schema,
      at: '2026-11-01T00:00:00.000Z',
    });
    // Stored as the responses service stores them (the engine's checks of these types land apart).
    for (const [k, answers] of RESPONSES.entries()) {
      await t.db
        .insertInto('responses')
        .values({
          id: randomUUID(),
          form_id: formId,
          account_id: accountId,
          answers: JSON.stringify(answers),
          submitted_at: `2026-11-0${k + 2}T09:00:00.000Z`,
        })
        .execute();
    }
  });

  it('distributions with mean and median, the NPS, matrix tables, mean ranks and choices with Other', async () => {
    const { fields: figures } = await formFigures(t.db, { accountId, formId, fields });
    const counts = (from: number, list: number[]) => list.map((count, k) => ({ value: from + k, count }));
    // 2, 4, 4, 5
    expect(figures.stars).toMatchObject({
      answered: 4,
      distribution: { count: 4, mean: 3.75, median: 4, values: counts(1, [0, 1, 0, 2, 1]) },
    });
    // 3, 8, 9, 9, 10: three promoters, one passive, one detractor: (3 - 1) / 5 = 40
    expect(figures.nps).toMatchObject({
      answered: 5,
      distribution: { count: 5, mean: 7.8, median: 9, values: counts(0, [0, 0, 0, 1, 0, 0, 0, 0, 1, 2, 1]) },
      nps: { score: 40, promoters: 3, passives: 1, detractors: 1 },
    });
    // 0, 2, 4, 4: the median is the mean of the middle two
    expect(figures.agree!.distribution).toEqual({
      count: 4,
      mean: 2.5,
      median: 3,
      values: counts(0, [1, 0, 1, 0, 2]),
    });
    expect(figures.km!.distribution).toEqual({
      count: 4,
      mean: 5.5,
      median: 4.75,
      values: [
        { value: 2.5, count: 2 },
        { value: 7, count: 1 },
        { value: 10, count: 1 },
      ],
    });
    expect(figures.grid).toMatchObject({
      answered: 4,
      matrix: { q1: { good: 2, meh: 0, bad: 1 }, q2: { good: 0, meh: 1, bad: 2 } },
    });
    expect(figures.multi!.matrix).toEqual({ a: { x: 2, y: 1 }, b: { x: 0, y: 1 } });
    expect(figures.rank).toMatchObject({
      answered: 3,
      ranking: {
        a: { ranked: 3, meanRank: 2 },
        b: { ranked: 3, meanRank: 1.3333 },
        c: { ranked: 2, meanRank: 3 },
      },
      other: 1,
    });
    expect(figures.pic).toMatchObject({ answered: 4, options: { cat: 2, dog: 1 }, other: 1 });
    expect(figures.pics).toMatchObject({ answered: 2, options: { cat: 1, dog: 2 } });
    expect(figures.pics!.other).toBeUndefined();
    expect(figures.tags).toMatchObject({ answered: 3, options: { x: 2, y: 2, none: 0 }, other: 1 });
    expect(figures.how).toMatchObject({ answered: 2, options: { a: 1 }, other: 1 });
  });

  it('countries of phone numbers and addresses, most answered first, and answers per hour as written', async () => {
    const { fields: figures } = await formFigures(t.db, { accountId, formId, fields });
    const hours = (counted: Record<number, number>) =>
      Array.from({ length: 24 }, (_, hour) => ({ hour, count: counted[hour] ?? 0 }));
    // +800 belongs to no country: answered, not counted by country
    expect(figures.tel).toMatchObject({ answered: 4, countries: { DE: 2, CA: 1 } });
    expect(Object.keys(figures.tel!.countries!)).toEqual(['DE', 'CA']);
    expect(figures.home).toMatchObject({ answered: 4, countries: { DE: 2, FR: 1 } });
    expect(Object.keys(figures.home!.countries!)).toEqual(['DE', 'FR']);
    expect(figures.clock!.hours).toEqual(hours({ 0: 1, 9: 1, 23: 1 }));
    // Local hours 23, 9, 0 and 0; in UTC they would be 22, 14, 0 and 22
    expect(figures.when!.hours).toEqual(hours({ 0: 2, 9: 1, 23: 1 }));
    expect(figures.tags!.countries).toBeUndefined();
    expect(figures.tags!.hours).toBeUndefined();
    const none = await formFigures(t.db, { accountId, formId, fields }, { from: '2030-01-01T00:00:00.000Z' });
    expect(none.fields.tel!.countries).toEqual({});
    expect(none.fields.when!.hours).toEqual(hours({}));
  });

  it('the NPS within a date range, and null without answers', async () => {
    // Within a range holding the responses 3 (8) and 4 (3): no promoter, one detractor of two.
    const two = await formFigures(
      t.db,
      { accountId, formId, fields },
      { from: '2026-11-04T00:00:00.000Z', to: '2026-11-05T23:59:59.999Z' },
    );
    expect(two.fields.nps!.nps).toEqual({ score: -50, promoters: 0, passives: 1, detractors: 1 });
    const none = await formFigures(t.db, { accountId, formId, fields }, { from: '2030-01-01T00:00:00.000Z' });
    expect(none.fields.nps!.nps).toEqual({ score: null, promoters: 0, passives: 0, detractors: 0 });
    expect(none.fields.stars!.distribution).toMatchObject({ count: 0, mean: null, median: null });
    expect(none.fields.grid!.matrix).toEqual({
      q1: { good: 0, meh: 0, bad: 0 },
      q2: { good: 0, meh: 0, bad: 0 },
    });
  });

  it('GET /v1/forms/:id/figures answers them within the contract; another account gets 404', async () => {
    const res = await t.request(`/v1/forms/${formId}/figures`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data.fields.nps.nps).toEqual({ score: 40, promoters: 3, passives: 1, detractors: 1 });
    expect(res.body.data.fields.grid.matrix.q2).toEqual({ good: 0, meh: 1, bad: 2 });
    expect(res.body.data.fields.home.countries).toEqual({ DE: 2, FR: 1 });
    expect(res.body.data.fields.clock.hours[23]).toEqual({ hour: 23, count: 1 });
    const other = await t.account('PRO');
    expect((await t.request(`/v1/forms/${formId}/figures`, { key: other.key })).status).toBe(404);
  });
});
