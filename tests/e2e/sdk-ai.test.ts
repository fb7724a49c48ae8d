import { checkSchema } from '@formloom/contract/integrity';
import { AIJobError, Formloom, PaymentRequiredError } from '@formloom/sdk';
import { createOfflineProvider, createOpenAiProvider } from '@formloom/server';
import { type OpenAiStandIn, startOpenAiStandIn } from '@formloom/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './support/server.js';

describe('ai.generateForm().wait() against the reference server (offline provider)', () => {
  const server = useServer({ aiProvider: createOfflineProvider });

  it('returns a DRAFT form that passes checkSchema, marked as offline', async () => {
    const client = new Formloom({ apiKey: await server.key('MAX', ['all'], 10), baseUrl: server.baseUrl });
    const pending = client.ai.generateForm({
      prompt: 'A job application with email, a CV upload and a start date',
    });
    const form = await pending.wait({ intervalMs: 100, timeoutMs: 15_000 });
    expect(form.publishStatus).toBe('DRAFT');
    expect(checkSchema(form.schema)).toEqual([]);
    expect(form.schema.fields.map((f) => f.type)).toEqual(expect.arrayContaining(['email', 'file', 'date']));
    const job = await client.ai.retrieveJob((await pending).jobId);
    expect(job.ai).toMatchObject({ provider: 'offline', offline: true });
  });

  it('a short balance is a PaymentRequiredError before any job', async () => {
    const client = new Formloom({ apiKey: await server.key('MAX', ['all'], 4), baseUrl: server.baseUrl });
    await expect(client.ai.generateForm({ prompt: 'A survey' })).rejects.toBeInstanceOf(PaymentRequiredError);
  });
});

describe('ai.generateForm().wait() through the real openai client and the stand-in', () => {
  let standIn: OpenAiStandIn;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(() => standIn.close());
  const server = useServer({
    aiProvider: () =>
      createOpenAiProvider({
        baseURL: standIn.baseURL,
        apiKey: 'sk-e2e',
        model: 'e2e-model',
        backoffMs: () => 5,
      }),
  });

  it('DONE with the model marked; a FAILED job throws AIJobError with its reason', async () => {
    const draft = {
      title: 'Newsletter',
      description: null,
      sections: [
        {
          title: 'You',
          description: null,
          fields: [
            {
              key: 'email',
              type: 'email',
              label: 'Email',
              required: true,
              placeholder: null,
              helpText: null,
              options: null,
              min: null,
              max: null,
              maxLength: null,
              showWhen: null,
            },
          ],
        },
      ],
    };
    standIn.script({ content: JSON.stringify(draft) });
    const client = new Formloom({ apiKey: await server.key('MAX', ['all'], 10), baseUrl: server.baseUrl });
    const form = await client.ai
      .generateForm({ prompt: 'A newsletter signup', language: 'en' })
      .wait({ intervalMs: 100 });
    expect(form).toMatchObject({ title: 'Newsletter', publishStatus: 'DRAFT' });
    expect(form.schema.fields).toEqual([
      { id: 'email', sectionId: 'section_1', type: 'email', label: 'Email', order: 0, required: true },
    ]);

    standIn.script({ status: 401 });
    const failed = await client.ai
      .generateForm({ prompt: 'Another', language: 'en' })
      .wait({ intervalMs: 100 })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AIJobError);
    expect((failed as AIJobError).reason).toContain('FORMLOOM_AI_API_KEY');
  });
});
