import type { AddressInfo } from 'node:net';
import { generateWebhookSecret, signAnalyticsCallback, signDelivery } from '@formloom/contract';
import { createReceiver } from '@formloom/example-webhook-receiver/app';
import type { SmartAnalyticsCallback, WebhookEvent } from '@formloom/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const secret = generateWebhookSecret();
const analyticsSecret = generateWebhookSecret();
const received: WebhookEvent[] = [];
const reports: SmartAnalyticsCallback[] = [];
let origin = '';
let url = '';
let close = () => {};

beforeAll(async () => {
  const app = createReceiver(secret, (event) => received.push(event), {
    secret: analyticsSecret,
    onReport: (report) => reports.push(report),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  url = `${origin}/webhooks/formloom`;
  close = () => server.close();
});
afterAll(() => close());

const event = {
  type: 'FORM_CREATED',
  created_at: '2025-01-31T09:30:00.000Z',
  data: { formId: '6f1c1a52-3c3e-4a55-9a6e-1f2d3c4b5a69', formTitle: 'Feedback' },
};

async function deliver(body: string, signedBody = body) {
  const headers = await signDelivery({
    id: 'd1',
    timestamp: new Date(),
    body: signedBody,
    secret,
    event: event.type,
  });
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}

describe('examples/webhook-receiver', () => {
  it('accepts a delivery signed as the server signs it', async () => {
    const body = JSON.stringify(event);
    const answer = await deliver(body);
    expect(answer.status).toBe(204);
    expect(received).toEqual([event]);
  });

  it('refuses a tampered delivery', async () => {
    const answer = await deliver(JSON.stringify({ ...event, type: 'FORM_DELETED' }), JSON.stringify(event));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'no_matching_signature' });
    expect(received).toHaveLength(1);
  });
});

describe('examples/webhook-receiver: smart-analytics callbacks', () => {
  const report = {
    jobId: '0b7e2f4a-8d1c-4e5f-a6b7-c8d9e0f1a2b3',
    reportId: '1c8f3a5b-9e2d-4f60-b7c8-d9e0f1a2b3c4',
    formId: event.data.formId,
    status: 'FAILED',
    error: 'No responses yet',
    creditsUsed: 0,
    created_at: '2025-01-31T09:30:00.000Z',
  };

  async function callback(body: string, signedBody = body) {
    const headers = await signAnalyticsCallback({ body: signedBody, secret: analyticsSecret });
    return fetch(`${origin}/callbacks/analytics`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }

  it('accepts a signed report', async () => {
    const answer = await callback(JSON.stringify(report));
    expect(answer.status).toBe(204);
    expect(reports).toEqual([report]);
  });

  it('refuses a tampered report', async () => {
    const answer = await callback(JSON.stringify({ ...report, creditsUsed: 9 }), JSON.stringify(report));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'no_matching_signature' });
    expect(reports).toHaveLength(1);
  });
});
