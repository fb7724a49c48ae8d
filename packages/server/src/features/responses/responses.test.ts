import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

async function publishedForm(t: TestServer, key: string) {
  const form = (
    await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Contact', schema: contactSchema() } })
  ).body.data;
  const code = (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data
    .shareUrl as string;
  return { id: form.id as string, code };
}

describeEachDialect('responses', (t) => {
  let key = '';
  let form = { id: '', code: '' };
  const submit = (answers: unknown, headers: Record<string, string> = {}, code = form.code) =>
    t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers }, headers });

  beforeAll(async () => {
    ({ key } = await t.account());
    form = await publishedForm(t, key);
  });

  describe('public routes', () => {
    it('read the published schema without a key, and nothing about the owner', async () => {
      const res = await t.request(`/v1/public/forms/${form.code}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        code: form.code,
        title: 'Contact',
        description: null,
        schema: contactSchema(),
        acceptsResponses: true,
        expiresAt: null,
      });
      expect(res.text).not.toContain(form.id);
    });

    it('unknown or malformed codes are 404 / 400', async () => {
      expect((await t.request('/v1/public/forms/AAAAAAAAAAAAAAAA')).status).toBe(404);
      expect((await t.request('/v1/public/forms/short')).status).toBe(404);
      expect((await t.request('/v1/public/forms/has.dot')).status).toBe(400);
      expect((await submit({ name: 'x' }, {}, 'AAAAAAAAAAAAAAAA')).status).toBe(404);
    });

    it('stores valid answers normalised, dropping hidden fields', async () => {
      const res = await submit({ name: 'Ada', contact: 'email', phone: '555-hidden', age: '42' });
      expect(res.status).toBe(201);
      const { responseId, submittedAt } = res.body.data;
      const stored = await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key });
      expect(stored.body.data).toEqual({
        id: responseId,
        formId: form.id,
        submittedAt,
        updatedAt: null,
        answers: { name: 'Ada', contact: 'email', age: 42 },
        language: 'en',
        variables: {},
        endingId: null,
        formRevision: 1,
        quiz: null,
      });
    });

    it('a shown conditional field is required', async () => {
      const res = await submit({ name: 'Bob', contact: 'phone' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('"phone"');
      expect(res.body.issues).toEqual([expect.objectContaining({ fieldId: 'phone', code: 'required' })]);
      expect((await submit({ name: 'Bob', contact: 'phone', phone: '555' })).status).toBe(201);
    });

    it('invalid answers are 400 with one issue per field, and nothing is stored', async () => {
      const before = (await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count;
      const res = await submit({ email: 'not-an-email', contact: 'fax', age: 7, extra: 'x' });
      expect(res.status).toBe(400);
      const byField = Object.fromEntries(
        res.body.issues.map((i: { fieldId: string; code: string }) => [i.fieldId, i.code]),
      );
      expect(byField).toMatchObject({
        name: 'required',
        email: 'email',
        contact: 'option',
        age: 'min',
        extra: 'unknown_field',
      });
      expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count).toBe(before);
    });

    it('malformed submission bodies are 400s naming the value', async () => {
      for (const [json, message] of [
        [{}, /body\.answers/],
        [{ answers: 'x' }, /body\.answers/],
        [{ answers: {}, more: 1 }, /more|unrecognized/i],
      ] as const) {
        const res = await t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(message);
      }
    });

    it('an Idempotency-Key makes a retried submission count once', async () => {
      const before = (await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count;
      const headers = { 'idempotency-key': `retry-${Date.now()}` };
      const first = await submit({ name: 'Once' }, headers);
      const second = await submit({ name: 'Once' }, headers);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.data).toEqual(first.body.data);
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, () => submit({ name: 'Race' }, { 'idempotency-key': 'race-key' })),
      );
      expect(new Set(concurrent.map((r) => r.body.data.responseId)).size).toBe(1);
      expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count).toBe(
        before + 2,
      );
      const rows = await t.db
        .selectFrom('responses')
        .select('id')
        .where('idempotency_key', '=', 'race-key')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('an Idempotency-Key reused with other answers is 409', async () => {
      const headers = { 'idempotency-key': 'reused-key' };
      expect((await submit({ name: 'One' }, headers)).status).toBe(201);
      const res = await submit({ name: 'Two' }, headers);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('CONFLICT');
    });
  });

  describe('reading responses', () => {
    let k = '';
    let f = { id: '', code: '' };
    const ids: string[] = [];
    beforeAll(async () => {
      ({ key: k } = await t.account());
      f = await publishedForm(t, k);
      // Five responses on five consecutive days, 2025-03-01 .. 2025-03-05 at noon UTC.
      for (let day = 1; day <= 5; day++) {
        const res = await submit({ name: `Day ${day}` }, {}, f.code);
        ids.push(res.body.data.responseId);
        await t.db
          .updateTable('responses')
          .set({ submitted_at: `2025-03-0${day}T12:00:00.000Z` })
          .where('id', '=', res.body.data.responseId)
          .execute();
      }
    });

    const names = async (query: string) => {
      const res = await t.request(`/v1/forms/${f.id}/responses${query}`, { key: k });
      expect(res.status).toBe(200);
      return res.body.data.responses.map((r: { answers: { name: string } }) => r.answers.name);
    };

    it('lists newest first with total and hasMore', async () => {
      const res = await t.request(`/v1/forms/${f.id}/responses?limit=2`, { key: k });
      expect(res.body.data).toMatchObject({ total: 5, page: 1, limit: 2, hasMore: true });
      expect(await names('?limit=2&page=2')).toEqual(['Day 3', 'Day 2']);
    });

    it('every page is the matching slice of the newest-first list, back pages included', async () => {
      // Pages in the back half are read from the oldest end; they must be the same rows.
      const all = ['Day 5', 'Day 4', 'Day 3', 'Day 2', 'Day 1'];
      for (const [filter, expected] of [
        ['', all],
        ['&startDate=2025-03-02', all.slice(0, 4)],
      ] as const) {
        for (let limit = 1; limit <= 6; limit++) {
          for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
            expect(
              await names(`?limit=${limit}&page=${page}${filter}`),
              `limit ${limit} page ${page}`,
            ).toEqual(expected.slice((page - 1) * limit, page * limit));
          }
        }
      }
    });

    it('since is exclusive; startDate and endDate are inclusive, a bare date covering its day', async () => {
      expect(await names('?since=2025-03-03T12:00:00.000Z')).toEqual(['Day 5', 'Day 4']);
      expect(await names('?startDate=2025-03-03T12:00:00Z')).toEqual(['Day 5', 'Day 4', 'Day 3']);
      expect(await names('?endDate=2025-03-02')).toEqual(['Day 2', 'Day 1']);
      expect(await names('?startDate=2025-03-02&endDate=2025-03-04')).toEqual(['Day 4', 'Day 3', 'Day 2']);
      expect(
        await names('?startDate=2025-03-02&endDate=2025-03-04&since=2025-03-03T00:00:00%2B02:00'),
      ).toEqual(['Day 4', 'Day 3']);
      const bad = await t.request(`/v1/forms/${f.id}/responses?startDate=March`, { key: k });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('query.startDate');
    });

    it('reads one response and the count', async () => {
      const one = await t.request(`/v1/forms/${f.id}/responses/${ids[0]}`, { key: k });
      expect(one.body.data).toMatchObject({ id: ids[0], formId: f.id, answers: { name: 'Day 1' } });
      expect((await t.request(`/v1/forms/${f.id}/responses/count`, { key: k })).body.data).toEqual({
        count: 5,
      });
      const missing = await t.request(`/v1/forms/${f.id}/responses/00000000-0000-4000-8000-000000000000`, {
        key: k,
      });
      expect(missing.status).toBe(404);
    });

    it('a response id of another form is 404', async () => {
      const other = await publishedForm(t, k);
      const res = await t.request(`/v1/forms/${other.id}/responses/${ids[0]}`, { key: k });
      expect(res.status).toBe(404);
    });

    it('a restart keeps every form and response', async () => {
      const before = await t.request(`/v1/forms/${f.id}/responses`, { key: k });
      await t.restart();
      const after = await t.request(`/v1/forms/${f.id}/responses`, { key: k });
      expect(after.body.data).toEqual(before.body.data);
      expect((await t.request(`/v1/public/forms/${f.code}`)).status).toBe(200);
    });
  });
});
