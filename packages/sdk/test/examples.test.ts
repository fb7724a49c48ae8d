import type { AddressInfo } from 'node:net';
import { generateWebhookSecret, signDelivery } from '@formloom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiver } from '../../../examples/webhook-receiver/src/app.js';
import type { WebhookEvent } from '../src/index.js';

const secret = generateWebhookSecret();
const received: WebhookEvent[] = [];
let url = '';
let close = () => {};

beforeAll(async () => {
  const server = createReceiver(secret, (event) => received.push(event)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/formloom`;
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
