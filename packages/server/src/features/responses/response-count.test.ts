import { expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createFormsAdmin } from '../forms/index.js';

async function published(t: TestServer, key: string, maxResponses?: number) {
  const schema = contactSchema();
  if (maxResponses !== undefined) schema.settings = { ...schema.settings, maxResponses };
  const form = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Count', schema } });
  const done = await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key });
  return { id: form.body.data.id as string, code: done.body.data.shareUrl as string, schema };
}

const submit = (t: TestServer, code: string, i: number) =>
  t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: { answers: { name: `n${i}` } } });

/**
 * A form without a cap is counted in shard rows, not on its own row (docs/self-hosting.md "A popular form and
 * the form row").
 */
describeEachDialect('response counts without a hot form row', (t) => {
  it('submissions to a form without maxResponses leave its row alone, and every count is right', async () => {
    const { key } = await t.account();
    const form = await published(t, key);
    const before = await t.db
      .selectFrom('forms')
      .selectAll()
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(t, form.code, i)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const after = await t.db
      .selectFrom('forms')
      .selectAll()
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    // Not one write to the form's row: no counter update, no new version.
    expect(after).toEqual(before);
    const shards = await t.db
      .selectFrom('form_response_counts')
      .selectAll()
      .where('form_id', '=', form.id)
      .execute();
    expect(shards.reduce((n, s) => n + Number(s.count), 0)).toBe(30);
    expect(shards.length).toBeGreaterThan(1);
    expect((await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data).toEqual({
      count: 30,
    });
    const page = await t.request(`/v1/forms/${form.id}/responses?limit=5`, { key });
    expect(page.body.data).toMatchObject({ total: 30, limit: 5, hasMore: true });
    // The shards have no foreign key (it would lock the form's row): the purge deletes them.
    await t.request(`/v1/forms/${form.id}`, { method: 'DELETE', key });
    await createFormsAdmin({ db: t.db, clock: () => new Date(Date.now() + 31 * 86_400_000) }).purge();
    const left = await t.db
      .selectFrom('form_response_counts')
      .select('shard')
      .where('form_id', '=', form.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a cap set later counts the responses taken before it', async () => {
    const { key } = await t.account();
    const form = await published(t, key);
    for (let i = 0; i < 4; i++) expect((await submit(t, form.code, i)).status).toBe(201);
    // A cap of 4 on a form holding 4 responses: refused while published, as the count says it is full.
    const schema = { ...form.schema, settings: { ...form.schema.settings, maxResponses: 4 } };
    const full = await t.request(`/v1/forms/${form.id}`, { method: 'PATCH', key, json: { schema } });
    expect(full.status).toBe(200);
    expect(full.body.data.publishStatus).toBe('ARCHIVED');

    const other = await published(t, key);
    for (let i = 0; i < 4; i++) expect((await submit(t, other.code, i)).status).toBe(201);
    const six = { ...other.schema, settings: { ...other.schema.settings, maxResponses: 6 } };
    expect(
      (await t.request(`/v1/forms/${other.id}`, { method: 'PATCH', key, json: { schema: six } })).status,
    ).toBe(200);
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(t, other.code, 10 + i)));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    expect((await t.request(`/v1/forms/${other.id}/responses/count`, { key })).body.data).toEqual({
      count: 6,
    });
  });
});
