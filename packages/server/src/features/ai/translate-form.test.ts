import type { FormSchema } from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import { checkSchema } from '@formloom/contract/integrity';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { balanceOf, fundedAccount, waitForJob } from '../../../test/support/ai-test-kit.js';
import { contactSchema } from '../../../test/support/fixtures.js';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../../test/support/openai-stand-in.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createOpenAiProvider } from '../../ai/providers/openai.js';

/** The contact form with recall in a help text, a custom rule message and a section description: texts of every kind. */
function schemaToTranslate(): FormSchema {
  const schema = contactSchema();
  schema.sections[0]!.description = 'So that we can answer you';
  schema.fields[0]!.validation = { rules: [{ type: 'maxLength', value: 50, message: 'At most {max}' }] };
  schema.fields[1]!.helpText = 'We write to {{name}} here';
  return { ...schema, settings: { ...schema.settings, completion: { message: 'Thanks {{name}}!' } } };
}

async function formOf(t: TestServer, key: string, schema = schemaToTranslate()): Promise<string> {
  const res = await t.request('/v1/forms', {
    method: 'POST',
    key,
    json: { title: 'Contact us', schema },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const translate = (t: TestServer, key: string, formId: string, language: string, overwrite?: boolean) =>
  t.request(`/v1/forms/${formId}/translate`, {
    method: 'POST',
    key,
    json: overwrite === undefined ? { language } : { language, overwrite },
  });

/** German a person typed into the builder, for two of the form's texts. */
const HAND_MADE = { 'meta.title': 'Kontaktieren Sie uns', 'fields.name.label': 'Ihr Name' };
const withHandMadeGerman = (): FormSchema => ({ ...schemaToTranslate(), translations: { de: HAND_MADE } });

/** The credits a job cost: what its usage rows add up to, priced as a chat. */
async function costOf(t: TestServer, jobId: string): Promise<number> {
  const rows = await t.db
    .selectFrom('ai_usage')
    .select(['prompt_tokens', 'completion_tokens'])
    .where('job_id', '=', jobId)
    .execute();
  const tokens = rows.reduce((n, r) => n + Number(r.prompt_tokens) + Number(r.completion_tokens), 0);
  return 1 + Math.floor(tokens / 1000);
}

describeEachDialect('POST /v1/forms/:id/translate (offline provider)', (t) => {
  it('copies the base texts into translations.<language>, says it is offline, charges as a chat', async () => {
    const { key, accountId } = await fundedAccount(t, 20);
    const formId = await formOf(t, key);
    const accepted = await translate(t, key, formId, 'de');
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toEqual({ jobId: expect.any(String), status: 'PENDING' });
    const job = await waitForJob(t, key, accepted.body.data.jobId);
    expect(job.status).toBe('DONE');
    expect(job.ai).toMatchObject({ provider: 'offline', offline: true });
    const schema = job.form!.schema;
    expect(job.form!.id).toBe(formId);
    const base = Object.fromEntries(translationKeys(schemaToTranslate()).map((k) => [k.key, k.text]));
    expect(schema.translations).toEqual({ de: base });
    expect(checkSchema(schema)).toEqual([]);
    // Stored: the form read again carries them.
    const stored = (await t.request(`/v1/forms/${formId}`, { key })).body.data.schema;
    expect(stored.translations.de['fields.name.rules.0.message']).toBe('At most {max}');
    const cost = await costOf(t, job.jobId);
    expect(cost).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, accountId)).toBe(20 - cost);
  });

  it("keeps a person's translation: fills only the missing texts, and never writes English over one, even with overwrite", async () => {
    const { key } = await fundedAccount(t, 20);
    const formId = await formOf(t, key, withHandMadeGerman());
    const base = Object.fromEntries(translationKeys(schemaToTranslate()).map((k) => [k.key, k.text]));
    for (const overwrite of [undefined, true]) {
      const job = await waitForJob(
        t,
        key,
        (await translate(t, key, formId, 'de', overwrite)).body.data.jobId,
      );
      expect(job.status).toBe('DONE');
      expect(job.ai).toMatchObject({ offline: true });
      expect(job.form!.schema.translations!.de).toEqual({ ...base, ...HAND_MADE });
    }
    const stored = (await t.request(`/v1/forms/${formId}`, { key })).body.data.schema;
    expect(stored.translations.de['meta.title']).toBe('Kontaktieren Sie uns');
    expect(stored.translations.de['fields.name.label']).toBe('Ihr Name');
  });

  it('refuses the base language (400), an unknown form (404) and an empty balance (402)', async () => {
    const { key } = await fundedAccount(t, 5);
    const formId = await formOf(t, key);
    const base = await translate(t, key, formId, 'en');
    expect(base.status).toBe(400);
    expect(base.body.message).toContain('base language');
    expect((await translate(t, key, formId, 'fr')).status).toBe(400);
    expect((await translate(t, key, '00000000-0000-4000-8000-000000000000', 'de')).status).toBe(404);
    const broke = await fundedAccount(t, 0);
    expect((await translate(t, broke.key, await formOf(t, broke.key), 'de')).status).toBe(402);
  });
});

let standIn: OpenAiStandIn;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn.close());

/** The texts the job sent, as the model reads them. */
function textsIn(body: { messages: { role: string; content: string }[] }): { key: string; text: string }[] {
  const user = body.messages.find((m) => m.role === 'user')!.content;
  return JSON.parse(/<texts>\n([\s\S]*)\n<\/texts>/.exec(user)![1]!);
}

/** A "German" answer: every text prefixed, recall kept. */
const german = (body: Parameters<typeof textsIn>[0], extra: { key: string; text: string }[] = []) =>
  JSON.stringify({
    texts: [...textsIn(body).map(({ key, text }) => ({ key, text: `DE ${text}` })), ...extra],
  });

describeEachDialect(
  'POST /v1/forms/:id/translate through the openai client and the stand-in',
  (t) => {
    beforeEach(() => {
      standIn.reset();
      standIn.respond = (body) => ({
        content: german(body),
        usage: { prompt_tokens: 1_500, completion_tokens: 700 },
      });
    });

    it('writes the model texts, drops keys the form does not have, charges 1 + 1 per 1,000 tokens', async () => {
      const { key, accountId } = await fundedAccount(t, 20);
      const formId = await formOf(t, key);
      standIn.respond = (body) => ({
        content: german(body, [{ key: 'fields.nobody.label', text: 'Niemand' }]),
        usage: { prompt_tokens: 600, completion_tokens: 300 },
      });
      const job = await waitForJob(t, key, (await translate(t, key, formId, 'de')).body.data.jobId);
      expect(job.status).toBe('DONE');
      expect(job.ai).toEqual({ provider: 'openai', model: 'stand-in-model', offline: false });
      const de = job.form!.schema.translations!.de!;
      expect(de['fields.email.helpText']).toBe('DE We write to {{name}} here');
      expect(de['completion.message']).toBe('DE Thanks {{name}}!');
      expect(de['sections.main.description']).toBe('DE So that we can answer you');
      expect(de['fields.nobody.label']).toBeUndefined();
      const system = standIn.requests[0]!.body.messages[0].content as string;
      expect(system).toContain('from English into German');
      // 900 tokens: 1 credit. The reservation held more (what the call could cost); the rest came back.
      expect(await balanceOf(t, accountId)).toBe(19);
      const ledger = await t.db
        .selectFrom('credit_ledger')
        .select(['kind', 'delta', 'reason'])
        .where('account_id', '=', accountId)
        .where('kind', '!=', 'grant')
        .orderBy('created_at')
        .execute();
      expect(ledger.map((r) => r.kind)).toEqual(['reserve', 'refund']);
      expect(ledger[0]!.reason).toBe('ai.translateForm');
      expect(-Number(ledger[0]!.delta) - Number(ledger[1]!.delta)).toBe(1);
      // The public route answers the form in German now.
      await t.request(`/v1/forms/${formId}/publish`, { method: 'POST', key });
      const code = (await t.request(`/v1/forms/${formId}`, { key })).body.data.shareUrl;
      const shown = (await t.request(`/v1/public/forms/${code}?lang=de`)).body.data.schema;
      expect(shown.meta).toMatchObject({ language: 'de', title: 'DE Contact us' });
      expect(shown.sections[0]).toMatchObject({
        title: 'DE About you',
        description: 'DE So that we can answer you',
      });
      // Translating the live form changes it: a revision, as any edit of it makes.
      const dutch = await waitForJob(t, key, (await translate(t, key, formId, 'nl')).body.data.jobId);
      expect(dutch.status).toBe('DONE');
      const { revisions } = (await t.request(`/v1/forms/${formId}/revisions`, { key })).body.data;
      expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
      expect(dutch.form!.revision).toBe(2);
    });

    it("sends and fills only the texts without a translation; overwrite: true replaces a person's too", async () => {
      const { key, accountId } = await fundedAccount(t, 20);
      const formId = await formOf(t, key, withHandMadeGerman());
      const first = await waitForJob(t, key, (await translate(t, key, formId, 'de')).body.data.jobId);
      expect(first.status).toBe('DONE');
      const sent = textsIn(standIn.requests[0]!.body).map((x) => x.key);
      expect(sent).not.toContain('meta.title');
      expect(sent).not.toContain('fields.name.label');
      expect(sent).toContain('fields.email.helpText');
      const de = first.form!.schema.translations!.de!;
      expect(de).toMatchObject({ ...HAND_MADE, 'fields.email.helpText': 'DE We write to {{name}} here' });

      // Every text has one now: nothing to do, no call, every credit back.
      const balance = await balanceOf(t, accountId);
      const idle = await waitForJob(t, key, (await translate(t, key, formId, 'de')).body.data.jobId);
      expect(idle.status).toBe('DONE');
      expect(standIn.requests).toHaveLength(1);
      expect(idle.form!.schema.translations!.de).toEqual(de);
      expect(await balanceOf(t, accountId)).toBe(balance);

      // Asked for: every text is translated again, the hand-made ones included.
      const again = await waitForJob(t, key, (await translate(t, key, formId, 'de', true)).body.data.jobId);
      expect(again.status).toBe('DONE');
      expect(textsIn(standIn.requests[1]!.body).map((x) => x.key)).toEqual(
        translationKeys(schemaToTranslate()).map((k) => k.key),
      );
      expect(again.form!.schema.translations!.de).toMatchObject({
        'meta.title': 'DE Contact us',
        'fields.name.label': 'DE Name',
      });
    });

    it('a made-up recall goes back to the model; its repaired answer is kept', async () => {
      const { key } = await fundedAccount(t, 20);
      const formId = await formOf(t, key);
      let first = true;
      standIn.respond = (body) => {
        if (!first) return { content: german(body), usage: { prompt_tokens: 100, completion_tokens: 50 } };
        first = false;
        const texts = textsIn(body).map(({ key: k, text }) =>
          k === 'fields.name.label' ? { key: k, text: 'Name von {{nobody}}' } : { key: k, text },
        );
        return { content: JSON.stringify({ texts }), usage: { prompt_tokens: 100, completion_tokens: 50 } };
      };
      const job = await waitForJob(t, key, (await translate(t, key, formId, 'nl')).body.data.jobId);
      expect(job.status).toBe('DONE');
      expect(standIn.requests).toHaveLength(2);
      expect(standIn.requests[1]!.body.messages.at(-1).content).toContain('nobody');
      expect(job.form!.schema.translations!.nl!['fields.name.label']).toBe('DE Name');
    });

    it('a refused call fails the job and gives every credit back', async () => {
      const { key, accountId } = await fundedAccount(t, 20);
      const formId = await formOf(t, key);
      standIn.script({ status: 401 });
      const job = await waitForJob(t, key, (await translate(t, key, formId, 'de')).body.data.jobId);
      expect(job.status).toBe('FAILED');
      expect(await balanceOf(t, accountId)).toBe(20);
      expect((await t.request(`/v1/forms/${formId}`, { key })).body.data.schema.translations).toBeUndefined();
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
