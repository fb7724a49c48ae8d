import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  secretKeyBytes,
  signAnalyticsCallback,
  signDelivery,
  timingSafeEqual,
  verifyAnalyticsCallback,
  verifyDelivery,
  WebhookSignatureError,
} from './signature.js';

// 32 bytes 0x00..0x1f, base64.
const SECRET = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const KEY = Buffer.from(SECRET.slice(6), 'base64');
const BODY = '{"type":"FORM_CREATED","created_at":"2025-01-31T09:30:00.000Z","data":{"formId":"f1"}}';
const NOW = 1_738_315_800;

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookSignatureError);
  return (error as WebhookSignatureError).reason;
}

describe('signDelivery', () => {
  it('signs <id>.<timestamp>.<body> with the base64-decoded key bytes in both header sets', async () => {
    const headers = await signDelivery({ id: 'd1', timestamp: NOW, body: BODY, secret: SECRET, event: 'X' });
    const mac = createHmac('sha256', KEY).update(`d1.${NOW}.${BODY}`).digest();
    expect(headers).toEqual({
      'X-Service-Signature': `sha256=${mac.toString('hex')}`,
      'X-Service-Delivery': 'd1',
      'X-Service-Timestamp': String(NOW),
      'X-Service-Event': 'X',
      'webhook-id': 'd1',
      'webhook-timestamp': String(NOW),
      'webhook-signature': `v1,${mac.toString('base64')}`,
    });
  });

  it('accepts a Date and byte bodies, and omits X-Service-Event when no event is given', async () => {
    const fromDate = await signDelivery({
      id: 'd1',
      timestamp: new Date(NOW * 1000 + 999),
      body: new TextEncoder().encode(BODY),
      secret: SECRET,
    });
    const fromText = await signDelivery({ id: 'd1', timestamp: NOW, body: BODY, secret: SECRET });
    expect(fromDate).toEqual(fromText);
    expect(fromText).not.toHaveProperty('X-Service-Event');
  });
});

describe('verifyDelivery', () => {
  const sign = (over: Partial<Parameters<typeof signDelivery>[0]> = {}) =>
    signDelivery({ id: 'd1', timestamp: NOW, body: BODY, secret: SECRET, event: 'FORM_CREATED', ...over });

  it('accepts its own signature from Headers, a record or pairs, in any header case', async () => {
    const signed = await sign();
    const lower = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toLowerCase(), v]));
    for (const headers of [new Headers(signed), signed, lower, Object.entries(signed)]) {
      await expect(verifyDelivery({ payload: BODY, headers, secret: SECRET, now: NOW })).resolves.toEqual({
        id: 'd1',
        timestamp: NOW,
        body: BODY,
        event: 'FORM_CREATED',
      });
    }
  });

  it('accepts the X-Service-* headers alone', async () => {
    const { 'webhook-signature': _s, 'webhook-id': _i, 'webhook-timestamp': _t, ...xs } = await sign();
    await expect(
      verifyDelivery({ payload: BODY, headers: xs, secret: SECRET, now: NOW }),
    ).resolves.toMatchObject({
      id: 'd1',
    });
    const tampered = { ...xs, 'X-Service-Delivery': 'd2' };
    expect(
      await failure(verifyDelivery({ payload: BODY, headers: tampered, secret: SECRET, now: NOW })),
    ).toBe('no_matching_signature');
  });

  it('accepts a Uint8Array or ArrayBuffer body', async () => {
    const headers = await sign();
    const bytes = new TextEncoder().encode(BODY);
    await expect(verifyDelivery({ payload: bytes, headers, secret: SECRET, now: NOW })).resolves.toBeTruthy();
    await expect(
      verifyDelivery({ payload: bytes.buffer, headers, secret: SECRET, now: NOW }),
    ).resolves.toBeTruthy();
  });

  it('rejects a tampered body, a wrong secret and a changed id', async () => {
    const headers = await sign();
    const other = generateWebhookSecret();
    expect(await failure(verifyDelivery({ payload: `${BODY} `, headers, secret: SECRET, now: NOW }))).toBe(
      'no_matching_signature',
    );
    expect(await failure(verifyDelivery({ payload: BODY, headers, secret: other, now: NOW }))).toBe(
      'no_matching_signature',
    );
    expect(
      await failure(
        verifyDelivery({
          payload: BODY,
          headers: { ...headers, 'webhook-id': 'd2' },
          secret: SECRET,
          now: NOW,
        }),
      ),
    ).toBe('no_matching_signature');
  });

  it('enforces the 5-minute tolerance both ways, and a custom one', async () => {
    const headers = await sign();
    const verify = (now: number, toleranceSeconds?: number) =>
      verifyDelivery({ payload: BODY, headers, secret: SECRET, now, toleranceSeconds });
    await expect(verify(NOW + 300)).resolves.toBeTruthy();
    await expect(verify(NOW - 300)).resolves.toBeTruthy();
    expect(await failure(verify(NOW + 301))).toBe('timestamp_too_old');
    expect(await failure(verify(NOW - 301))).toBe('timestamp_too_new');
    expect(await failure(verify(NOW + 61, 60))).toBe('timestamp_too_old');
  });

  it('rejects a malformed timestamp and missing headers', async () => {
    const headers = await sign();
    expect(
      await failure(
        verifyDelivery({
          payload: BODY,
          headers: { ...headers, 'webhook-timestamp': '1e9' },
          secret: SECRET,
        }),
      ),
    ).toBe('invalid_timestamp');
    expect(await failure(verifyDelivery({ payload: BODY, headers: {}, secret: SECRET }))).toBe(
      'missing_headers',
    );
  });

  it('accepts any of several signatures and any of several secrets (rotation)', async () => {
    const oldSecret = generateWebhookSecret();
    const oldHeaders = await sign({ secret: oldSecret });
    const headers = await sign();
    const both = {
      ...headers,
      'webhook-signature': `v2,abc ${oldHeaders['webhook-signature']} v1,not-base64!! ${headers['webhook-signature']}`,
    };
    await expect(
      verifyDelivery({ payload: BODY, headers: both, secret: SECRET, now: NOW }),
    ).resolves.toBeTruthy();
    await expect(
      verifyDelivery({ payload: BODY, headers: oldHeaders, secret: [SECRET, oldSecret], now: NOW }),
    ).resolves.toBeTruthy();
  });

  it('explains that a parsed body cannot be verified', async () => {
    const headers = await sign();
    const error = await verifyDelivery({ payload: JSON.parse(BODY), headers, secret: SECRET }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error.reason).toBe('invalid_payload');
    expect(error.message).toMatch(/raw request body.*got object.*express\.raw/s);
  });
});

describe('smart-analytics callback', () => {
  it('signs the raw body with HMAC-SHA256 in hex and verifies it', async () => {
    const headers = await signAnalyticsCallback({ body: BODY, secret: SECRET });
    expect(headers['X-Service-Signature-256']).toBe(
      `sha256=${createHmac('sha256', KEY).update(BODY).digest('hex')}`,
    );
    await expect(verifyAnalyticsCallback({ payload: BODY, headers, secret: SECRET })).resolves.toBe(BODY);
    expect(await failure(verifyAnalyticsCallback({ payload: `${BODY}x`, headers, secret: SECRET }))).toBe(
      'no_matching_signature',
    );
    expect(await failure(verifyAnalyticsCallback({ payload: BODY, headers, secret: 'whsec_AAAA' }))).toBe(
      'no_matching_signature',
    );
    expect(await failure(verifyAnalyticsCallback({ payload: BODY, headers: {}, secret: SECRET }))).toBe(
      'missing_headers',
    );
  });

  it('keys a secret without the whsec_ prefix with its UTF-8 bytes', async () => {
    const headers = await signAnalyticsCallback({ body: BODY, secret: 'plain-secret' });
    expect(headers['X-Service-Signature-256']).toBe(
      `sha256=${createHmac('sha256', 'plain-secret').update(BODY).digest('hex')}`,
    );
  });
});

describe('helpers', () => {
  it('generates whsec_ + base64 of 32 bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKeyBytes(secret)).toHaveLength(32);
  });

  it('rejects empty and malformed secrets', () => {
    expect(() => secretKeyBytes('')).toThrow(WebhookSignatureError);
    expect(() => secretKeyBytes('whsec_')).toThrow(/base64/);
    expect(() => secretKeyBytes('whsec_!!!')).toThrow(/base64/);
  });

  it('compares bytes', () => {
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
  });
});
