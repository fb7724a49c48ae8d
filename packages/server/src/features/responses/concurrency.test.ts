import { beforeAll, expect, it } from 'vitest';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeEachDialect } from '../../../test/support/test-server.js';

/**
 * Submissions racing for the last places of a form. On PostgreSQL they run truly in parallel
 * (several connections, several instances), so the limit must hold inside the database's
 * transactions, not because one connection happens to serialise them as on SQLite.
 */
describeEachDialect('concurrent submissions', (t) => {
  let key = '';
  beforeAll(async () => {
    ({ key } = await t.account());
  });

  it('maxResponses holds when 20 submissions race for 5 places', async () => {
    const schema = contactSchema();
    schema.settings = { ...schema.settings, maxResponses: 5 };
    const form = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Five', schema } });
    const published = await t.request(`/v1/forms/${form.body.data.id}/publish`, { method: 'POST', key });
    const code = published.body.data.shareUrl;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request(`/v1/public/forms/${code}/responses`, {
          method: 'POST',
          json: { answers: { name: `n${i}` } },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const count = await t.request(`/v1/forms/${form.body.data.id}/responses/count`, { key });
    expect(count.body.data).toEqual({ count: 5 });
    const stored = await t.db
      .selectFrom('responses')
      .select('id')
      .where('form_id', '=', form.body.data.id)
      .execute();
    expect(stored).toHaveLength(5);
  });
});
