import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../test/support/fixtures.js';
import { describeEachDialect } from '../../test/support/test-server.js';
import { dialectOf } from './dialect.js';

/**
 * What must behave identically on SQLite and PostgreSQL (an installation moves from one to the other:
 * docs/self-hosting.md "From SQLite to PostgreSQL"), each stated once and run on every dialect of the suite:
 * JSON columns, timestamps, case-insensitive search and pagination, plus the value types a row reads back
 * with. The feature suites cover the same ground in passing.
 */
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDialect('dialect parity', (t) => {
  let key = '';
  let accountId = '';
  beforeAll(async () => {
    ({ key, accountId } = await t.account());
  });

  const createForm = async (title: string, schema = contactSchema()) => {
    const res = await t.request('/v1/forms', { method: 'POST', key, json: { title, schema } });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; createdAt: string; updatedAt: string };
  };

  it('knows its dialect', () => {
    expect(dialectOf(t.db)).toBe(t.dialect);
  });

  it('JSON columns keep every value, character and key order', async () => {
    const schema = contactSchema();
    // (A NUL or a lone surrogate is refused with a 400 before storage: see bad-input.test.ts.)
    schema.meta.title = 'Ünïcödé 🧵 表单 \u00e9 vs e\u0301, "quotes", back\\slash, tab\t, line\r\nbreak';
    schema.meta.description = 'ß'.repeat(500);
    schema.fields[4]!.validation = { rules: [{ type: 'max', value: Number.MAX_SAFE_INTEGER }] };
    const form = await createForm('JSON', schema);
    const read = await t.request(`/v1/forms/${form.id}`, { key });
    expect(read.body.data.schema).toEqual(schema);
    // Stored as the text the server wrote (text, not jsonb: never re-serialised by the database).
    const row = await t.db
      .selectFrom('forms')
      .select('schema')
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    expect(typeof row.schema).toBe('string');
    expect(row.schema).toContain('🧵 表单');
    expect(row.schema).toContain('line\\r\\nbreak');
    expect(JSON.parse(row.schema)).toEqual(schema);

    const published = await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key });
    const answers = { name: 'Zoë 🧶\ttab', email: 'zoe@example.com', contact: 'email', age: 2 ** 40 };
    const submitted = await t.request(`/v1/public/forms/${published.body.data.shareUrl}/responses`, {
      method: 'POST',
      json: { answers },
    });
    expect(submitted.status).toBe(201);
    const responses = await t.request(`/v1/forms/${form.id}/responses`, { key });
    expect(responses.body.data.responses[0].answers).toEqual(answers);
  });

  it('timestamps are ISO strings with milliseconds that sort and filter as instants', async () => {
    const form = await createForm('Timestamps');
    expect(form.createdAt).toMatch(ISO_MS);
    const row = await t.db
      .selectFrom('forms')
      .select(['created_at', 'updated_at'])
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: form.createdAt, updated_at: form.updatedAt });
    // `since` is strictly after, to the millisecond.
    const ids = async (since: string) =>
      (
        await t.request(`/v1/forms?limit=100&since=${encodeURIComponent(since)}`, { key })
      ).body.data.forms.map((f: { id: string }) => f.id);
    const before = new Date(Date.parse(form.updatedAt) - 1).toISOString();
    expect(await ids(before)).toContain(form.id);
    expect(await ids(form.updatedAt)).not.toContain(form.id);
    // An offset other than Z names the same instant.
    const shifted = new Date(Date.parse(before)).toISOString().replace('Z', '+00:00');
    expect(await ids(shifted)).toContain(form.id);
  });

  it('search is case-insensitive, Unicode included, with %, _ and \\ taken literally', async () => {
    const other = await t.account();
    const titles = ['Été Survey', 'ÉTÉ survey 2', 'Grüße', '50% off', 'snake_case', 'back\\slash', 'plain'];
    for (const title of titles) {
      await t.request('/v1/forms', { method: 'POST', key: other.key, json: { title } });
    }
    const search = async (q: string) =>
      (await t.request(`/v1/forms?search=${encodeURIComponent(q)}`, { key: other.key })).body.data.forms
        .map((f: { title: string }) => f.title)
        .sort();
    expect(await search('été')).toEqual(['ÉTÉ survey 2', 'Été Survey']);
    expect(await search('SURVEY')).toEqual(['ÉTÉ survey 2', 'Été Survey']);
    expect(await search('GRÜSSE')).toEqual([]); // lower-casing, not case folding: ß stays ß
    expect(await search('GRÜßE')).toEqual(['Grüße']);
    expect(await search('%')).toEqual(['50% off']);
    expect(await search('_')).toEqual(['snake_case']);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect(await search('e_c')).toEqual(['snake_case']);
    expect(await search('s_')).toEqual([]);
  });

  it('pages are stable slices: newest first, ties broken by id, totals counted as numbers', async () => {
    const other = await t.account();
    // 13 forms written at the same instant (before the one made next): only the id orders them.
    const at = '2020-01-01T00:00:00.000Z';
    const ids = Array.from({ length: 13 }, () => randomUUID());
    await t.db
      .insertInto('forms')
      .values(
        ids.map((id, i) => ({
          id,
          account_id: other.accountId,
          title: `Tied ${i}`,
          title_search: `tied ${i}`,
          description: null,
          schema: JSON.stringify(contactSchema()),
          publish_status: 'DRAFT',
          publish_visibility: 'PUBLIC',
          share_code: null,
          published_at: null,
          expires_at: null,
          deleted_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const newest = await t.request('/v1/forms', {
      method: 'POST',
      key: other.key,
      json: { title: 'Newest' },
    });
    const expected = [newest.body.data.id, ...[...ids].sort().reverse()];
    for (const limit of [1, 4, 5, 14, 100]) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const res = await t.request(`/v1/forms?limit=${limit}&page=${page}`, { key: other.key });
        expect(res.status).toBe(200);
        const { forms, total, hasMore } = res.body.data;
        expect(total).toBe(14);
        seen.push(...forms.map((f: { id: string }) => f.id));
        expect(hasMore).toBe(page * limit < 14);
        if (!hasMore) break;
      }
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    const beyond = await t.request('/v1/forms?limit=5&page=4', { key: other.key });
    expect(beyond.body.data).toMatchObject({ forms: [], total: 14, hasMore: false });
    // Counts and integer columns read back as numbers on every dialect.
    const counted = await t.db
      .selectFrom('forms')
      .select((eb) => [eb.fn.countAll().as('n'), sql<number>`max(version)`.as('v')])
      .where('account_id', '=', other.accountId)
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ n: 14, v: 1 });
  });

  describe('responses', () => {
    let form = { id: '', code: '' };
    beforeAll(async () => {
      const created = await createForm('Paged responses');
      const published = await t.request(`/v1/forms/${created.id}/publish`, { method: 'POST', key });
      form = { id: created.id, code: published.body.data.shareUrl };
      for (let i = 1; i <= 7; i++) {
        const res = await t.request(`/v1/public/forms/${form.code}/responses`, {
          method: 'POST',
          json: { answers: { name: `R${i}` } },
        });
        expect(res.status).toBe(201);
      }
    });

    it('every page, front and back half, is the slice of the newest-first list', async () => {
      const all = ['R7', 'R6', 'R5', 'R4', 'R3', 'R2', 'R1'];
      for (const limit of [2, 3, 7]) {
        for (let page = 1; page <= Math.ceil(all.length / limit) + 1; page++) {
          const res = await t.request(`/v1/forms/${form.id}/responses?limit=${limit}&page=${page}`, { key });
          expect(
            res.body.data.responses.map((r: { answers: { name: string } }) => r.answers.name),
            `limit ${limit} page ${page}`,
          ).toEqual(all.slice((page - 1) * limit, page * limit));
          expect(res.body.data.total).toBe(7);
        }
      }
    });
  });

  it('a join reads text, integers and JSON text alike', async () => {
    const rows = await t.db
      .selectFrom('accounts as a')
      .innerJoin('api_keys as k', 'k.account_id', 'a.id')
      .select(['a.id', 'a.credit_balance', 'k.scopes', 'k.revoked_at'])
      .where('a.id', '=', accountId)
      .execute();
    expect(rows).toEqual([
      { id: accountId, credit_balance: 0, scopes: expect.any(String), revoked_at: null },
    ]);
    expect(JSON.parse(rows[0]!.scopes)).toContain('FORMS_READ');
  });
});
