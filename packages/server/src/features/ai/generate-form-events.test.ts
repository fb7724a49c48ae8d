import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../../test/support/test-database.js';
import {
  type Receiver,
  startReceiver,
  startWebhookTestServer,
  type WebhookTestServer,
} from '../../../test/support/webhook-test-kit.js';
import type { AiWorker } from '../../ai/jobs/worker.js';
import { startAiJobs } from '../../ai-jobs.js';
import { createServices } from '../../services.js';

describeDialects('a generated form emits FORM_CREATED like any other', (dialect) => {
  let t: WebhookTestServer;
  let receiver: Receiver;
  let ai: AiWorker;
  beforeAll(async () => {
    t = await startWebhookTestServer({ dialect });
    receiver = await startReceiver();
    ai = startAiJobs(t.services, { pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await ai.stop();
    await receiver.close();
    await t.close();
  });

  it('the webhook receiver gets FORM_CREATED for the form the job created', async () => {
    const { accountId, key } = await t.account('MAX');
    await createServices({ db: t.db }).credits.grant(accountId, 10);
    const hook = await t.request('/v1/webhooks', {
      method: 'POST',
      key,
      json: { url: receiver.url, events: ['FORM_CREATED'] },
    });
    expect(hook.status).toBe(201);
    const accepted = await t.request('/v1/ai/generate-form', {
      method: 'POST',
      key,
      json: { prompt: 'A volunteer signup with email and a date', language: 'en' },
    });
    expect(accepted.status).toBe(202);
    await receiver.waitFor((requests) => requests.length >= 1, 15_000);
    const event = JSON.parse(receiver.requests[0]!.body);
    const job = await t.request(`/v1/ai/jobs/${accepted.body.data.jobId}`, { key });
    expect(job.body.data.status).toBe('DONE');
    expect(event).toMatchObject({
      type: 'FORM_CREATED',
      data: { formId: job.body.data.form.id, formTitle: 'Volunteer signup' },
    });
  });
});
