import type { FormSchema } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema, quizSchema } from '../../../test/support/fixtures.js';
import { guestsSchema } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

describeEachDialect('response variables', (t: TestServer) => {
  let key = '';
  const quiz = { id: '', code: '' };
  const plain = { id: '', code: '' };

  async function publish(schema: FormSchema, into: { id: string; code: string }) {
    const created = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'F', schema } });
    expect(created.status).toBe(201);
    into.id = created.body.data.id;
    into.code = (await t.request(`/v1/forms/${into.id}/publish`, { method: 'POST', key })).body.data.shareUrl;
  }

  beforeAll(async () => {
    // MAX: the plan with webhooks, whose event payload is checked below.
    ({ key } = await t.account('MAX'));
    await publish(quizSchema(), quiz);
    await publish(contactSchema(), plain);
  });

  const submit = (code: string, body: Record<string, unknown>) =>
    t.request(`/v1/public/forms/${code}/responses`, { method: 'POST', json: body });
  const read = async (form: { id: string }, responseId: string) =>
    (await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key })).body.data;

  it('are computed at submission, stored and returned on every read', async () => {
    const res = await submit(quiz.code, { answers: { capital: 'paris', primes: ['two', 'three', 'four'] } });
    expect(res.status).toBe(201);
    const { responseId } = res.body.data;
    expect((await read(quiz, responseId)).variables).toEqual({ score: 2, grade: 'pass' });
    const low = await submit(quiz.code, { answers: { capital: 'lyon' } });
    expect((await read(quiz, low.body.data.responseId)).variables).toEqual({ score: 0, grade: 'fail' });
    const list = (await t.request(`/v1/forms/${quiz.id}/responses`, { key })).body.data.responses;
    expect(list.map((r: { variables: unknown }) => r.variables)).toEqual([
      { score: 0, grade: 'fail' },
      { score: 2, grade: 'pass' },
    ]);
  });

  it('are never taken from the client: a body with variables is refused', async () => {
    const res = await submit(quiz.code, { answers: { capital: 'lyon' }, variables: { score: 99 } });
    expect(res.status).toBe(400);
    // Nor as an answer: a key that is no field is unknown.
    const asAnswer = await submit(quiz.code, { answers: { capital: 'lyon', score: 99 } });
    expect(asAnswer.status).toBe(400);
    expect(asAnswer.body.issues[0]).toMatchObject({ fieldId: 'score', code: 'unknown_field' });
  });

  it('are {} for a form without variables and for rows stored before variables were', async () => {
    const res = await submit(plain.code, { answers: { name: 'Ada' } });
    expect(res.status).toBe(201);
    expect((await read(plain, res.body.data.responseId)).variables).toEqual({});
    const stored = await t.db
      .selectFrom('responses')
      .select('variables')
      .where('id', '=', res.body.data.responseId)
      .executeTakeFirstOrThrow();
    expect(stored.variables).toBeNull();

    const scored = await submit(quiz.code, { answers: { capital: 'paris' } });
    const { responseId } = scored.body.data;
    await t.db.updateTable('responses').set({ variables: null }).where('id', '=', responseId).execute();
    expect((await read(quiz, responseId)).variables).toEqual({});
  });

  it('are carried in the webhook event of a form with variables only', async () => {
    const hook = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: 'https://93.184.216.34/variables', events: ['FORM_RESPONSE_CREATED'] },
    });
    expect(hook.status).toBe(201);
    const scored = await submit(quiz.code, { answers: { capital: 'paris', primes: ['two'] } });
    const other = await submit(plain.code, { answers: { name: 'Ada' } });
    const rows = await t.db.selectFrom('webhook_events').select('payload').execute();
    const eventOf = (responseId: string) =>
      rows.map((r) => JSON.parse(r.payload)).find((p) => p.data?.responseId === responseId);
    expect(eventOf(scored.body.data.responseId).data.variables).toEqual({ score: 2, grade: 'pass' });
    expect(eventOf(other.body.data.responseId).data).not.toHaveProperty('variables');
  });

  it("carry a repeating section's entries as stored beside its title, each entry's answers labelled", async () => {
    const guests = { id: '', code: '' };
    await publish(guestsSchema(), guests);
    await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: 'https://93.184.216.34/guests', events: ['FORM_RESPONSE_CREATED'] },
    });
    const entries = [
      { name: 'Bo', age: 40, meal: 'fish' },
      { name: 'Cy', age: 7 },
    ];
    const res = await submit(guests.code, { answers: { host: 'Ada', guests: entries } });
    expect(res.status).toBe(201);
    const rows = await t.db.selectFrom('webhook_events').select('payload').execute();
    const event = rows
      .map((r) => JSON.parse(r.payload))
      .find((p) => p.data?.responseId === res.body.data.responseId);
    expect(event.data.answers).toEqual({
      host: { question: 'Your name', answer: 'Ada' },
      guests: {
        question: 'Guests',
        answer: entries,
        entries: [
          {
            name: { question: 'Guest name', answer: 'Bo' },
            age: { question: 'Age', answer: 40 },
            meal: { question: 'Meal for {{name}}', answer: 'fish' },
          },
          { name: { question: 'Guest name', answer: 'Cy' }, age: { question: 'Age', answer: 7 } },
        ],
      },
    });
    expect(event.data.variables).toEqual({ count: 2, years: 47 });
  });

  describe('hidden fields', () => {
    const hiddenForm = { id: '', code: '' };
    beforeAll(async () => {
      const schema = contactSchema();
      schema.fields.push({
        id: 'utm_source',
        sectionId: 'main',
        type: 'hidden',
        label: 'Source',
        order: 5,
        validation: { rules: [{ type: 'maxLength', value: 10 }] },
      });
      await publish(schema, hiddenForm);
    });

    it('a valid hidden value is stored; an invalid one is dropped, not a 400', async () => {
      const ok = await submit(hiddenForm.code, { answers: { name: 'Ada', utm_source: 'newsletter' } });
      expect(ok.status).toBe(201);
      expect((await read(hiddenForm, ok.body.data.responseId)).answers).toEqual({
        name: 'Ada',
        utm_source: 'newsletter',
      });
      for (const bad of ['much-too-long-a-source', 42, ['a']]) {
        const res = await submit(hiddenForm.code, { answers: { name: 'Ada', utm_source: bad } });
        expect(res.status, JSON.stringify(bad)).toBe(201);
        expect((await read(hiddenForm, res.body.data.responseId)).answers).toEqual({ name: 'Ada' });
      }
    });
  });
});
