import { beforeAll, expect, it } from 'vitest';
import { guestsSchema, publishForm } from '../../../test/support/page-fixtures.js';
import {
  INPUT_TYPES_SCHEMA,
  INPUT_TYPES_STORED,
  INPUT_TYPES_SUBMITTED,
} from '../../../test/support/question-types.js';
import { describeEachDialect } from '../../../test/support/test-server.js';

describeEachDialect('phone, url, time, datetime, address, consent and statement answers', (t) => {
  let key = '';
  const form = { id: '', code: '' };
  const submit = (answers: unknown) =>
    t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: { answers } });
  const read = async (responseId: string) =>
    (await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key })).body.data.answers;

  beforeAll(async () => {
    ({ key } = await t.account());
    Object.assign(form, await publishForm(t, key, INPUT_TYPES_SCHEMA));
  });

  it('stores each answer normalised: E.164, HH:MM, the offset kept, address parts trimmed, no statement', async () => {
    const res = await submit(INPUT_TYPES_SUBMITTED);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await read(res.body.data.responseId)).toEqual(INPUT_TYPES_STORED);
  });

  it('conditions on the country, a time, a date and time and a consent decide what is kept', async () => {
    const res = await submit({
      ...INPUT_TYPES_SUBMITTED,
      ship: { line1: 'Rue 2', city: 'Paris', country: 'fr' },
      slot: '14:00',
      when: '2026-12-01T12:30:00+01:00',
      news: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answers = await read(res.body.data.responseId);
    expect(answers).toMatchObject({ news: true, topics: 'hidden, news not given', slot: '14:00' });
    for (const hidden of ['vat', 'morning', 'later']) expect(answers).not.toHaveProperty(hidden);
  });

  it('a URL without a scheme is refused, its message saying a scheme is needed', async () => {
    const res = await submit({ ...INPUT_TYPES_SUBMITTED, site: 'example.com' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([expect.objectContaining({ fieldId: 'site', code: 'url' })]);
    expect(res.body.message).toContain('"site"');
    expect(res.body.message).toContain('https://');
  });

  it('an address without a required part and a missing required consent are refused', async () => {
    const { terms: _terms, ...withoutConsent } = INPUT_TYPES_SUBMITTED;
    const res = await submit({ ...withoutConsent, ship: { line1: 'Hauptstr. 1', country: 'DE' } });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(
      res.body.issues.map((i: { fieldId: string; code: string }) => [i.fieldId, i.code]),
    );
    expect(byField).toEqual({ ship: 'address_part', terms: 'required' });
  });

  it('a consent sent as false is not given: refused when required, absent otherwise', async () => {
    expect((await submit({ ...INPUT_TYPES_SUBMITTED, terms: false })).status).toBe(400);
    const res = await submit({ ...INPUT_TYPES_SUBMITTED, news: false });
    expect(res.status).toBe(201);
    expect(await read(res.body.data.responseId)).not.toHaveProperty('news');
  });

  it('a phone number that is not one is refused', async () => {
    const res = await submit({ ...INPUT_TYPES_SUBMITTED, phone: '12' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([expect.objectContaining({ fieldId: 'phone', code: 'phone' })]);
  });
});

describeEachDialect("a repeating section's entries", (t) => {
  let key = '';
  const form = { id: '', code: '' };
  const submit = (answers: unknown) =>
    t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: { answers } });

  beforeAll(async () => {
    ({ key } = await t.account());
    Object.assign(form, await publishForm(t, key, guestsSchema()));
  });

  it('stores the entries as a list, normalised: numbers as numbers, hidden and empty answers left out', async () => {
    const res = await submit({
      host: 'Ann',
      guests: [
        { name: 'Ada', age: '40', meal: 'fish' },
        // The meal shows from 18 only, so a child's is dropped.
        { name: 'Bo', age: 7, meal: 'fish' },
        { name: 'Cy', age: '' },
      ],
      note: 'Fish for Ada',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await t.request(`/v1/forms/${form.id}/responses/${res.body.data.responseId}`, { key });
    expect(stored.body.data).toMatchObject({
      answers: {
        host: 'Ann',
        guests: [{ name: 'Ada', age: 40, meal: 'fish' }, { name: 'Bo', age: 7 }, { name: 'Cy' }],
        note: 'Fish for Ada',
      },
      variables: { count: 3, years: 47 },
    });
  });

  it('names the entry and the field of each error, and the section for its bounds', async () => {
    const res = await submit({ host: 'Ann', guests: [{ name: 'Ada' }, { age: -1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"guests[1].');
    expect(
      res.body.issues.map((i: { fieldId: string; path: string; code: string }) => [
        i.fieldId,
        i.path,
        i.code,
      ]),
    ).toEqual([
      ['guests[1].name', 'body.answers.guests[1].name', 'required'],
      ['guests[1].age', 'body.answers.guests[1].age', 'min'],
    ]);
    const codes = async (guests: unknown) =>
      (await submit({ host: 'Ann', guests })).body.issues.map((i: { fieldId: string; code: string }) => [
        i.fieldId,
        i.code,
      ]);
    expect(await codes([])).toEqual([['guests', 'minEntries']]);
    expect(await codes([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }])).toEqual([
      ['guests', 'maxEntries'],
    ]);
    expect(await codes('Ada')).toEqual([['guests', 'type']]);
  });
});
