import { beforeAll, expect, it } from 'vitest';
import { fundedAccount } from '../../../test/support/ai-test-kit.js';
import { pagedQuizSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { formFigures } from './form-figures.js';

/**
 * The drop-off funnel of a paged form's partial responses, counted by the database: started,
 * reaching each page (the furthest one saved, in the schema's page order), completed.
 */
describeEachDialect(
  'form figures: the drop-off funnel of partial responses',
  (t) => {
    let key = '';
    let accountId = '';
    let form = { id: '', code: '' };
    beforeAll(async () => {
      ({ key, accountId } = await fundedAccount(t, 100, 'PRO'));
      form = await publishForm(t, key, pagedQuizSchema());
      const url = `/v1/public/forms/${form.code}/partials`;
      const save = async (token: string | undefined, page: string, answers: object = { name: 'Ada' }) => {
        if (token === undefined) {
          const created = await t.request(url, { method: 'POST', json: { answers, page } });
          expect(created.status).toBe(201);
          return created.body.data.resumeToken as string;
        }
        expect((await t.request(`${url}/${token}`, { method: 'PUT', json: { answers, page } })).status).toBe(
          200,
        );
        return token;
      };
      await save(undefined, 'you'); // stopped on page 1
      await save(await save(undefined, 'you'), 'q1page'); // reached page 2
      const c = await save(undefined, 'you');
      await save(c, 'q1page', { name: 'Cy', q1: 'paris' });
      await save(c, 'q2page', { name: 'Cy', q1: 'paris' });
      await save(c, 'you', { name: 'Cy', q1: 'paris' }); // went back: still reached page 4
      const d = await save(undefined, 'you');
      const done = await t.request(`${url}/${d}/complete`, {
        method: 'POST',
        json: { answers: { q1: 'paris', q2: 'four' } },
      });
      expect(done.status).toBe(201);
    });

    it('counts started, reached per page in page order, and completed', async () => {
      const schema = pagedQuizSchema();
      const figures = await formFigures(t.db, { accountId, formId: form.id, fields: schema.fields, schema });
      expect(figures.dropOff).toEqual({
        started: 4,
        pages: [
          { page: 'you', title: 'About you', reached: 4 },
          { page: 'q1page', title: '{{name}}, question one', reached: 3 },
          { page: 'why', title: 'Why?', reached: 2 },
          { page: 'q2page', title: 'Question two', reached: 2 },
        ],
        completed: 1,
      });
      expect(figures.responseCount).toBe(1);
      // Without the schema, the figures are the responses' alone.
      expect(
        (await formFigures(t.db, { accountId, formId: form.id, fields: schema.fields })).dropOff,
      ).toBeUndefined();
    });

    it("is part of the analytics chat's context", async () => {
      const res = await t.request(`/v1/forms/${form.id}/analytics-chat`, {
        method: 'POST',
        key,
        json: { message: 'Where do people stop?' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.message).toContain(
        'Funnel (responses and unfinished saved ones): 4 started, reached "About you" 4, "{{name}}, question one" 3, "Why?" 2, "Question two" 2; 1 completed.',
      );
    });
  },
  { publicRateLimit: false },
);
