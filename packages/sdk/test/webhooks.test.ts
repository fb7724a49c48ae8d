import { generateWebhookSecret, signAnalyticsCallback, signDelivery } from '@formloom/contract';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyAnalyticsCallback, verifyWebhook, WebhookVerificationError } from '../src/index.js';

const secret = generateWebhookSecret();
const event = {
  type: 'FORM_RESPONSE_CREATED',
  created_at: '2025-01-31T09:30:00.000Z',
  data: {
    formId: '6f1c1a52-3c3e-4a55-9a6e-1f2d3c4b5a69',
    formTitle: 'Feedback',
    responseId: '0b7e2f4a-8d1c-4e5f-a6b7-c8d9e0f1a2b3',
    answers: { email: { question: 'Email', answer: 'ada@example.com' } },
  },
};
const body = JSON.stringify(event);
const now = () => Math.floor(Date.now() / 1000);

/** Headers signed by the independent `standardwebhooks` implementation. */
function standardHeaders(id: string, at: Date, payload = body, key = secret) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, payload),
  };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe('verifyWebhook', () => {
  it('accepts a signature made by the standardwebhooks package and returns the typed event', async () => {
    const verified = await verifyWebhook({
      payload: body,
      headers: standardHeaders('msg_1', new Date()),
      secret,
    });
    expect(verified).toEqual(event);
    if (verified.type === 'FORM_RESPONSE_CREATED') {
      expect(verified.data.answers.email?.answer).toBe('ada@example.com');
    }
  });

  it('signs what standardwebhooks verifies (the server side)', async () => {
    const headers = await signDelivery({
      id: 'msg_2',
      timestamp: new Date(),
      body,
      secret,
      event: event.type,
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(event);
    await expect(
      verifyWebhook({ payload: Buffer.from(body), headers: new Headers(headers), secret }),
    ).resolves.toEqual(event);
  });

  it('accepts the X-Service-Signature headers alone', async () => {
    const signed = await signDelivery({ id: 'msg_3', timestamp: new Date(), body, secret });
    const headers = {
      'x-service-signature': signed['X-Service-Signature'],
      'x-service-delivery': signed['X-Service-Delivery'],
      'x-service-timestamp': signed['X-Service-Timestamp'],
    };
    await expect(verifyWebhook({ payload: body, headers, secret })).resolves.toEqual(event);
  });

  it('rejects a tampered body', async () => {
    const headers = standardHeaders('msg_4', new Date());
    const tampered = body.replace('ada@example.com', 'eve@example.com');
    expect(await reason(verifyWebhook({ payload: tampered, headers, secret }))).toBe('no_matching_signature');
  });

  it('rejects an old (and a future) timestamp', async () => {
    const old = new Date((now() - 301) * 1000);
    expect(
      await reason(verifyWebhook({ payload: body, headers: standardHeaders('msg_5', old), secret })),
    ).toBe('timestamp_too_old');
    const future = new Date((now() + 400) * 1000);
    expect(
      await reason(verifyWebhook({ payload: body, headers: standardHeaders('msg_6', future), secret })),
    ).toBe('timestamp_too_new');
  });

  it('rejects a wrong secret, and accepts the old one during rotation', async () => {
    const headers = standardHeaders('msg_7', new Date());
    const other = generateWebhookSecret();
    expect(await reason(verifyWebhook({ payload: body, headers, secret: other }))).toBe(
      'no_matching_signature',
    );
    await expect(verifyWebhook({ payload: body, headers, secret: [other, secret] })).resolves.toEqual(event);
  });

  it('explains a body that was parsed before verifying', async () => {
    const headers = standardHeaders('msg_8', new Date());
    const error = await verifyWebhook({ payload: event as never, headers, secret }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toMatch(/raw request body/);
  });

  it('rejects a signed body that is not JSON', async () => {
    const headers = standardHeaders('msg_9', new Date(), 'not json');
    expect(await reason(verifyWebhook({ payload: 'not json', headers, secret }))).toBe('invalid_event');
  });
});

describe('verifyAnalyticsCallback', () => {
  const report = {
    jobId: 'j',
    reportId: 'r',
    formId: 'f',
    status: 'DONE',
    creditsUsed: 10,
    created_at: 'now',
  };
  const payload = JSON.stringify(report);

  it('accepts a valid signature and returns the typed report', async () => {
    const headers = await signAnalyticsCallback({ body: payload, secret });
    const verified = await verifyAnalyticsCallback({ payload, headers, secret });
    expect(verified).toEqual(report);
    expect(verified.status).toBe('DONE');
  });

  it('rejects a tampered body and a wrong secret', async () => {
    const headers = await signAnalyticsCallback({ body: payload, secret });
    expect(await reason(verifyAnalyticsCallback({ payload: `${payload} `, headers, secret }))).toBe(
      'no_matching_signature',
    );
    expect(await reason(verifyAnalyticsCallback({ payload, headers, secret: generateWebhookSecret() }))).toBe(
      'no_matching_signature',
    );
  });
});
