import { beforeAll, expect, it } from 'vitest';
import { equals, signupSchema } from '../../../test/support/jumps-fixtures.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

describeEachDialect('jumps and endings', (t: TestServer) => {
  let key = '';
  const form = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account('MAX'));
    const created = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'Sign up', schema: signupSchema() },
    });
    expect(created.status).toBe(201);
    form.id = created.body.data.id;
    form.code = (await t.request(`/v1/forms/${form.id}/publish`, { method: 'POST', key })).body.data.shareUrl;
  });

  const submit = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.request(`/v1/public/forms/${form.code}/responses`, { method: 'POST', json: body, headers });
  const read = async (responseId: string) =>
    (await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key })).body.data;

  it("the public form carries the jumps and the endings' texts, never the endings' conditions", async () => {
    const { schema } = (await t.request(`/v1/public/forms/${form.code}`)).body.data;
    expect(schema.sections[0].jumps).toHaveLength(2);
    expect(schema.settings.endings.map((e: { id: string }) => e.id)).toEqual(['bye', 'big']);
    expect(JSON.stringify(schema.settings.endings)).not.toContain('conditionGroups');
  });

  it('a jump past a page drops its answers, invalid or not, and its required field never fails', async () => {
    const res = await submit({ answers: { kind: 'free', seats: 'lots', name: 'Ada' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ endingId: null, ending: { message: 'Thanks Ada!' } });
    const stored = await read(res.body.data.responseId);
    expect(stored.answers).toEqual({ kind: 'free', name: 'Ada' });
    expect(stored.endingId).toBeNull();
  });

  it('a page on the path still fails its required field', async () => {
    const res = await submit({ answers: { kind: 'pro', name: 'Ada' } });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { fieldId: string }) => i.fieldId)).toEqual(['seats']);
  });

  it('a jump to an ending ends the path: later pages are skipped and the ending is recorded', async () => {
    const res = await submit({ answers: { kind: 'none', seats: 90 } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      endingId: 'bye',
      ending: { title: 'Goodbye', message: 'Maybe next time.' },
    });
    const stored = await read(res.body.data.responseId);
    expect(stored).toMatchObject({ answers: { kind: 'none' }, endingId: 'bye' });
  });

  it('the first ending whose conditions match is answered translated and recalled, and a retry gets it again', async () => {
    const body = { answers: { kind: 'pro', seats: 80, name: 'Ada' }, language: 'de' };
    const headers = { 'Idempotency-Key': 'ending-retry-1' };
    const res = await submit(body, headers);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      endingId: 'big',
      ending: {
        title: 'Ein großes Team',
        message: 'Wir rufen Sie wegen 80 Plätzen an, Ada.',
        redirectUrl: 'https://example.com/sales',
      },
    });
    const again = await submit(body, headers);
    expect(again.body.data).toEqual(res.body.data);
    expect((await read(res.body.data.responseId)).endingId).toBe('big');
  });

  it('a partial saved on a jumped path and resumed is completed along that path', async () => {
    const saved = await t.request(`/v1/public/forms/${form.code}/partials`, {
      method: 'POST',
      json: { answers: { kind: 'free', seats: 3 }, page: 'profile' },
    });
    expect(saved.status).toBe(201);
    const token = saved.body.data.resumeToken;
    const done = await t.request(`/v1/public/forms/${form.code}/partials/${token}/complete`, {
      method: 'POST',
      json: { answers: { name: 'Bo' } },
    });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ endingId: null, ending: { message: 'Thanks Bo!' } });
    expect((await read(done.body.data.responseId)).answers).toEqual({ kind: 'free', name: 'Bo' });
  });

  it('the figures count the responses per ending', async () => {
    const figures = (await t.request(`/v1/forms/${form.id}/figures`, { key })).body.data;
    const rows = await t.db
      .selectFrom('responses')
      .select('ending_id')
      .where('form_id', '=', form.id)
      .execute();
    const count = (id: string | null) => rows.filter((r) => r.ending_id === id).length;
    expect(count('bye')).toBe(1);
    expect(count('big')).toBe(1);
    expect(figures.endings).toEqual({ bye: 1, big: 1 });
    expect(figures.responseCount).toBe(rows.length);
  });

  it('refuses a schema whose jump goes back or to an ending it does not have', async () => {
    const schema = signupSchema();
    schema.sections[1]!.jumps = [{ conditionGroups: [equals('kind', 'pro')], to: { section: 'plan' } }];
    schema.sections[2]!.jumps = [{ conditionGroups: [equals('kind', 'pro')], to: { ending: 'nope' } }];
    const res = await t.request('/v1/forms', { method: 'POST', key, json: { title: 'Bad', schema } });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { code: string }) => i.code).sort()).toEqual([
      'jump_backwards',
      'unknown_jump_target',
    ]);
  });
});
