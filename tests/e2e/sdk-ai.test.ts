import { checkSchema } from '@formloom/contract/integrity';
import { AIJobError, Formloom, PaymentRequiredError, verifyAnalyticsCallback } from '@formloom/sdk';
import { createOfflineProvider, createOpenAiProvider } from '@formloom/server';
import {
  emailFormDraft,
  type OpenAiStandIn,
  startOpenAiStandIn,
  startReceiver,
} from '@formloom/server/testing';
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
    standIn.script({ content: emailFormDraft('Newsletter') });
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

describe('analytics chat from the SDK against the reference server (offline provider)', () => {
  const server = useServer({ aiProvider: createOfflineProvider });

  it('chat answers in JSON; chatStream yields session, chunks and done', async () => {
    const client = new Formloom({ apiKey: await server.key('PRO', ['all'], 20), baseUrl: server.baseUrl });
    const form = await client.forms.create({ title: 'Poll', language: 'en' });
    const answer = await client.analytics.chat(form.id, { message: 'How is it going?' });
    expect(answer.message).toContain('this form has no responses yet');
    expect(answer.creditsUsed).toBeGreaterThanOrEqual(1);

    const events: string[] = [];
    let text = '';
    for await (const { event, data } of client.analytics.chatStream(form.id, {
      message: 'And now?',
      sessionId: answer.sessionId,
    })) {
      events.push(event);
      if (event === 'chunk') text += data.text;
      if (event === 'done') expect(data.message).toBe(text);
    }
    expect(events[0]).toBe('session');
    expect(events.at(-1)).toBe('done');
    expect(events.filter((e) => e === 'chunk').length).toBeGreaterThan(3);
  });
});

describe('smart analytics from the SDK: the callback verifies with verifyAnalyticsCallback', () => {
  const server = useServer({ aiProvider: createOfflineProvider });

  it('creates the signing secret, requests a report, and verifies what the server sends', async () => {
    const client = new Formloom({ apiKey: await server.key('PRO', ['all'], 20), baseUrl: server.baseUrl });
    const receiver = await startReceiver();
    try {
      const form = await client.forms.create({ title: 'Poll', language: 'en' });
      const { secret } = await client.analytics.createSigningSecret();
      expect((await client.analytics.retrieveSigningSecret()).secretLast4).toBe(secret.slice(-4));
      const { reportId } = await client.analytics.smartAnalytics(form.id, { callbackUrl: receiver.url });
      await receiver.waitFor((q) => q.length >= 1, 15_000);
      const callback = await verifyAnalyticsCallback({
        payload: receiver.requests[0]!.body,
        headers: receiver.requests[0]!.headers,
        secret,
      });
      expect(callback).toMatchObject({ reportId, formId: form.id, status: 'DONE' });
      const report = await client.analytics.retrieveReport(form.id, reportId);
      expect(report.status).toBe('DONE');
    } finally {
      await receiver.close();
    }
  });
});
