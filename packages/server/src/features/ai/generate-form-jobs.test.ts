import { randomUUID } from 'node:crypto';
import { checkSchema } from '@formloom/contract/integrity';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { balanceOf, emailFormDraft, fundedAccount, waitForJob } from '../../../test/support/ai-test-kit.js';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../../test/support/openai-stand-in.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import { createOpenAiProvider } from '../../ai/providers/openai.js';
import { createServices } from '../../services.js';
import { fieldDraft, offlineFormDraft } from './generate-form/offline-form.js';

/** A well-formed answer for the request in the stand-in's body: the offline draft of its prompt. */
function draftFor(body: { messages: { role: string; content: string }[] }): string {
  const user = body.messages.find((m) => m.role === 'user')!.content;
  const prompt = /<request>\n([\s\S]*)\n<\/request>/.exec(user)?.[1] ?? 'A form';
  return JSON.stringify(offlineFormDraft(prompt, 'en'));
}

/** A model's quiz: two scored questions on their own page; `scores: false` leaves the scores out. */
function quizDraft(scores = true): string {
  const question = (key: string, label: string, options: string[], points: number[]) =>
    fieldDraft(key, 'radio', label, { required: true, options, scores: scores ? points : null });
  return JSON.stringify({
    title: 'Capitals quiz',
    description: null,
    layout: 'paged',
    quiz: { completionMessage: 'Well done {{nickname}}: {{score}} of 2' },
    sections: [
      {
        title: 'You',
        description: null,
        fields: [fieldDraft('nickname', 'text', 'Nickname', { required: true })],
      },
      {
        title: 'Questions',
        description: null,
        fields: [
          question('france', 'Capital of France?', ['Paris', 'Lyon'], [1, 0]),
          question('italy', 'Capital of Italy?', ['Milan', 'Rome'], [0, 1]),
        ],
      },
    ],
  });
}

/** A draft that parses but fails checkSchema: a condition on a field that does not exist. */
const BROKEN = emailFormDraft('Broken', { key: 'no_such_field', equals: 'yes' });

let standIn: OpenAiStandIn;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn.close());

describeEachDialect(
  'AI jobs through the openai client and the stand-in',
  (t) => {
    beforeEach(() => {
      standIn.reset();
      standIn.respond = (body) => ({ content: draftFor(body) });
    });
    const generate = (key: string, prompt: string) =>
      t.request('/v1/ai/generate-form', { method: 'POST', key, json: { prompt, language: 'en' } });

    it('a well-formed answer: DONE, marked with the provider and model, not offline', async () => {
      const { key } = await fundedAccount(t, 10);
      const job = await waitForJob(
        t,
        key,
        (await generate(key, 'A signup form with email and a date')).body.data.jobId,
      );
      expect(job.status).toBe('DONE');
      expect(job.ai).toEqual({ provider: 'openai', model: 'stand-in-model', offline: false });
      expect(job.form!.schema.fields.map((f) => f.type)).toEqual(expect.arrayContaining(['email', 'date']));
      expect(standIn.requests[0]!.body.messages[1].content).toContain('A signup form with email and a date');
    });

    it('repair then success: the problems go back to the model with its answer', async () => {
      const { key, accountId } = await fundedAccount(t, 10);
      standIn.script({ content: BROKEN }, { content: 'not json at all' });
      const job = await waitForJob(
        t,
        key,
        (await generate(key, 'A contact form with email')).body.data.jobId,
      );
      expect(job.status).toBe('DONE');
      expect(checkSchema(job.form!.schema)).toEqual([]);
      expect(standIn.requests).toHaveLength(3);
      const second = standIn.requests[1]!.body.messages;
      expect(second.at(-2)).toEqual({ role: 'assistant', content: BROKEN });
      expect(second.at(-1).content).toContain('no_such_field');
      expect(standIn.requests[2]!.body.messages.at(-1).content).toContain('not valid JSON');
      expect(await balanceOf(t, accountId)).toBe(5);
      const usage = await t.db
        .selectFrom('ai_usage')
        .select('job_id')
        .where('job_id', '=', job.jobId)
        .execute();
      expect(usage).toHaveLength(3);
    });

    it('a quiz: paged, scored options, a score variable the completion recalls; the JSON schema asks for them', async () => {
      const { key } = await fundedAccount(t, 10);
      // First without scores: {{score}} then names nothing, checkSchema says so, the model repairs.
      standIn.script({ content: quizDraft(false) }, { content: quizDraft() });
      const job = await waitForJob(t, key, (await generate(key, 'A quiz about capitals')).body.data.jobId);
      expect(job.status).toBe('DONE');
      const schema = job.form!.schema;
      expect(checkSchema(schema)).toEqual([]);
      expect(standIn.requests[1]!.body.messages.at(-1).content).toContain('score');
      expect(schema.settings).toMatchObject({
        layout: 'paged',
        completion: { message: 'Well done {{nickname}}: {{score}} of 2' },
      });
      expect(schema.fields.find((f) => f.id === 'italy')!.options).toEqual([
        { label: 'Milan', value: 'milan', score: 0 },
        { label: 'Rome', value: 'rome', score: 1 },
      ]);
      expect(schema.variables).toEqual([
        { id: 'score', type: 'number', expression: { '+': [{ score: 'france' }, { score: 'italy' }] } },
      ]);
      const format = JSON.stringify(standIn.requests[0]!.body.response_format);
      for (const property of ['"layout"', '"quiz"', '"completionMessage"', '"scores"', '"paged"']) {
        expect(format).toContain(property);
      }
      expect(standIn.requests[0]!.body.messages[0].content).toContain('{{score}}');
    });

    it('a repeating section: the instructions and the JSON schema describe `repeat`, the form gets it', async () => {
      const { key } = await fundedAccount(t, 10);
      const prompt = 'Dinner booking with your name and email, and for each guest their name and age';
      const job = await waitForJob(t, key, (await generate(key, prompt)).body.data.jobId);
      expect(job.status).toBe('DONE');
      const schema = job.form!.schema;
      expect(checkSchema(schema)).toEqual([]);
      const repeating = schema.sections.filter((s) => s.repeat !== undefined);
      expect(repeating.map((s) => [s.title, s.repeat])).toEqual([['Guest', { addLabel: 'Add another' }]]);
      const inside = schema.fields.filter((f) => f.sectionId === repeating[0]!.id);
      expect(inside.map((f) => f.type)).toEqual(['text', 'number']);
      expect(schema.fields.map((f) => f.id)).not.toContain(repeating[0]!.id);
      const format = JSON.stringify(standIn.requests[0]!.body.response_format);
      for (const property of ['"repeat"', '"addLabel"', '"min"', '"max"']) expect(format).toContain(property);
      expect(standIn.requests[0]!.body.messages[0].content).toContain('one object per entry');
    });

    it('repair then failure: FAILED with the problems after two repairs, credits given back', async () => {
      const { key, accountId } = await fundedAccount(t, 10);
      standIn.script({ content: BROKEN }, { content: BROKEN }, { content: BROKEN });
      const job = await waitForJob(t, key, (await generate(key, 'A broken form')).body.data.jobId);
      expect(job.status).toBe('FAILED');
      expect(job.error).toMatch(
        /^The generated form did not pass the schema checks after 2 repairs: .*no_such_field/,
      );
      expect(job.form).toBeUndefined();
      expect(standIn.requests).toHaveLength(3);
      expect(await balanceOf(t, accountId)).toBe(10);
      const ledger = await t.db
        .selectFrom('credit_ledger')
        .select(['kind', 'delta'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute();
      expect(ledger.map((r) => [r.kind, Number(r.delta)])).toEqual([
        ['grant', 10],
        ['reserve', -5],
        ['refund', 5],
      ]);
    });

    it('provider 429 then success: retried with the Retry-After, DONE', async () => {
      const { key } = await fundedAccount(t, 10);
      standIn.script({ status: 429, headers: { 'retry-after': '0' } });
      const job = await waitForJob(
        t,
        key,
        (await generate(key, 'A feedback form with a rating')).body.data.jobId,
      );
      expect(job.status).toBe('DONE');
      expect(standIn.requests).toHaveLength(2);
    });

    it('a refused call (bad key) fails at once with a reason to act on; credits given back', async () => {
      const { key, accountId } = await fundedAccount(t, 10);
      standIn.script({ status: 401 });
      const job = await waitForJob(t, key, (await generate(key, 'A form')).body.data.jobId);
      expect(job).toMatchObject({
        status: 'FAILED',
        error: 'The AI provider refused the credentials (401): check FORMLOOM_AI_API_KEY',
      });
      expect(standIn.requests).toHaveLength(1);
      expect(await balanceOf(t, accountId)).toBe(10);
    });

    it('a provider down for good: the job is retried later, then FAILS after 3 attempts, refunded', async () => {
      const { key, accountId } = await fundedAccount(t, 10);
      standIn.script(...Array.from({ length: 12 }, () => ({ status: 503 })));
      const job = await waitForJob(t, key, (await generate(key, 'A form')).body.data.jobId, 20_000);
      expect(job.status).toBe('FAILED');
      expect(job.error).toBe('The AI provider failed (503) (gave up after 3 attempts)');
      // 3 job attempts, each with the client's first call and 1 retry.
      expect(standIn.requests).toHaveLength(6);
      expect(await balanceOf(t, accountId)).toBe(10);
    });

    it('a job whose worker died (lease run out) is taken over and finished once', async () => {
      const { key, accountId } = await fundedAccount(t, 10);
      // A dead instance claimed this job and never came back: its lease ran out long ago.
      const jobId = randomUUID();
      const held = await createServices({ db: t.db }).credits.reserve(accountId, 5, 'ai.generateForm');
      await createJobsStore(t.db).insert({
        id: jobId,
        accountId,
        kind: 'generate-form',
        input: { prompt: 'A form with email', language: 'en' },
        reservationId: held.id,
        startedBy: null,
        nowIso: new Date().toISOString(),
      });
      await t.db
        .updateTable('ai_jobs')
        .set({
          status: 'PROCESSING',
          lease_owner: 'dead-instance',
          lease_until: '2000-01-01T00:00:00.000Z',
          attempts: 1,
        })
        .where('id', '=', jobId)
        .execute();
      const job = await waitForJob(t, key, jobId);
      expect(job.status).toBe('DONE');
      const forms = await t.db.selectFrom('forms').select('id').where('account_id', '=', accountId).execute();
      expect(forms.map((f) => f.id)).toEqual([job.form!.id]);
      const row = await t.db
        .selectFrom('ai_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(Number(row.attempts)).toBe(2);
      expect(await balanceOf(t, accountId)).toBe(5);
    });

    it('credits reserved and refunded exactly: 50 requests at once with a balance for 10', async () => {
      const { key, accountId } = await fundedAccount(t, 50);
      // Every job fails (refused), so every accepted one must be refunded; the model answers only
      // once all 50 requests have been answered, so no refund lands while they are being accepted
      // (a fixed delay let a refund in on a busy machine, and a 15th request through).
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      standIn.respond = () => ({ status: 400, after: gate });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => generate(key, `Form number ${i}`)),
      );
      release();
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 202)).toHaveLength(10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(40);
      const accepted = answers.filter((a) => a.status === 202).map((a) => a.body.data.jobId as string);
      for (const id of accepted) expect((await waitForJob(t, key, id)).status).toBe('FAILED');
      expect(await balanceOf(t, accountId)).toBe(50);
      const ledger = await t.db
        .selectFrom('credit_ledger')
        .select(['kind', 'delta'])
        .where('account_id', '=', accountId)
        .execute();
      expect(ledger.filter((r) => r.kind === 'reserve')).toHaveLength(10);
      expect(ledger.filter((r) => r.kind === 'refund')).toHaveLength(10);
      expect(ledger.reduce((sum, r) => sum + Number(r.delta), 0)).toBe(50);
    });

    it('finished jobs are purged after the retention window', async () => {
      const store = createJobsStore(t.db);
      const { key } = await fundedAccount(t, 10);
      const job = await waitForJob(t, key, (await generate(key, 'A form')).body.data.jobId);
      expect(await store.purgeFinished('2000-01-01T00:00:00.000Z')).toBe(0);
      expect(await store.purgeFinished('2999-01-01T00:00:00.000Z')).toBeGreaterThanOrEqual(1);
      expect((await t.request(`/v1/ai/jobs/${job.jobId}`, { key })).status).toBe(404);
    });
  },
  {
    ai: {
      provider: () =>
        createOpenAiProvider({
          baseURL: standIn.baseURL,
          apiKey: 'sk-stand-in',
          model: 'stand-in-model',
          timeoutMs: 2_000,
          maxRetries: 1,
          backoffMs: () => 10,
        }),
      worker: { retryBaseMs: 50, maxAttempts: 3 },
    },
  },
);
