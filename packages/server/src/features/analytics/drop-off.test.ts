import { beforeAll, expect, it } from 'vitest';
import { fundedAccount } from '../../../test/support/ai-test-kit.js';
import { signupSchema } from '../../../test/support/jumps-fixtures.js';
import { pagedQuizSchema, publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { formFigures } from './form-figures.js';

/**
 * The drop-off funnel of a paged form's partial responses: started, reaching each page on their
 * path up to the furthest one saved, completed.
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
          // Shown only to those who answered Lyon, which no one did: on no one's path, so not
          // reached, though two went past it.
          { page: 'why', title: 'Why?', reached: 0 },
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
        'Funnel (responses and unfinished saved ones): 4 started, reached "About you" 4, "{{name}}, question one" 3, "Why?" 0, "Question two" 2; 1 completed.',
      );
    });
  },
  { publicRateLimit: false },
);

/**
 * With jumps, a page counts the responses and partials whose path (the engine's formPath of their
 * answers) went through it: Plan jumps past Billing to Profile for the free plan, and to the
 * Goodbye ending for none, so Billing is reached only on the paid path and is no drop-off on the
 * others.
 */
describeEachDialect(
  'form figures: the drop-off funnel along each path',
  (t) => {
    let key = '';
    let accountId = '';
    let form = { id: '', code: '' };
    beforeAll(async () => {
      ({ key, accountId } = await fundedAccount(t, 100, 'PRO'));
      form = await publishForm(t, key, signupSchema());
      const submit = async (answers: object) =>
        expect(
          (await t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: { answers } }))
            .status,
        ).toBe(201);
      await submit({ kind: 'free', name: 'Ada' }); // Plan, Profile
      await submit({ kind: 'pro', seats: 10, name: 'Bo' }); // Plan, Billing, Profile
      await submit({ kind: 'none' }); // Plan, then the Goodbye ending
      const url = `/v1/public/forms/${form.code}/partials`;
      const save = async (answers: object, page: string) =>
        expect((await t.request(url, { method: 'POST', json: { answers, page } })).status).toBe(201);
      await save({}, 'plan'); // stopped on Plan
      // Jumped to Profile and stopped there; the seats typed before going back to Plan are off its path.
      await save({ kind: 'free', seats: 99 }, 'profile');
      await save({ kind: 'pro', seats: 5 }, 'billing'); // stopped on Billing
    });

    it('counts a page reached only on the paths that go through it', async () => {
      const schema = signupSchema();
      const figures = await formFigures(t.db, { accountId, formId: form.id, fields: schema.fields, schema });
      expect(figures.dropOff).toEqual({
        started: 6,
        pages: [
          { page: 'plan', title: 'Plan', reached: 6 },
          // Counted in page order ("reached it or a later page"), Billing would be 5 and Profile 4.
          { page: 'billing', title: 'Billing', reached: 2 },
          { page: 'profile', title: 'Profile', reached: 3 },
        ],
        completed: 3,
      });
      // The figures' route gives the same funnel.
      const res = await t.request(`/v1/forms/${form.id}/figures`, { key });
      expect(res.status).toBe(200);
      expect(res.body.data.dropOff).toEqual(figures.dropOff);
    });

    it("follows each response along the path of the revision it answered, not the live form's", async () => {
      // The free plan no longer skips Billing: responses from now on go through it.
      const schema = signupSchema();
      schema.sections[0]!.jumps = schema.sections[0]!.jumps!.filter((j) => !('section' in j.to));
      const edited = await t.request(`/v1/forms/${form.id}`, { method: 'PATCH', key, json: { schema } });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data.revision).toBe(2);
      const sent = await t.request(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        json: { answers: { kind: 'free', seats: 3, name: 'Di' } },
      });
      expect(sent.status).toBe(201);
      const res = await t.request(`/v1/forms/${form.id}/figures`, { key });
      expect(res.status).toBe(200);
      // Ada (free, revision 1) jumped past Billing then and still has not reached it; Di (free,
      // revision 2) went through it. The partials follow the live form: the one that jumped to
      // Profile now reads as having passed Billing (its answers reach it on today's path).
      expect(res.body.data.dropOff.pages).toEqual([
        { page: 'plan', title: 'Plan', reached: 7 },
        { page: 'billing', title: 'Billing', reached: 4 },
        { page: 'profile', title: 'Profile', reached: 4 },
      ]);
    });
  },
  { publicRateLimit: false },
);
