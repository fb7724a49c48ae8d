import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  RateLimitError,
  ServiceUnavailableError,
} from '../src/index.js';
import { backoffDelay, retryAfterMs } from '../src/internal/retry.js';
import { client, errorAnswer, FORM_ID, mockFetch, ok } from './support/mock-fetch.js';

const FORM = { id: FORM_ID, title: 'T' };
const tooMany = (retryAfter?: number, headers: Record<string, string> = {}) =>
  errorAnswer(
    429,
    'TOO_MANY_REQUESTS',
    retryAfter === undefined
      ? {}
      : { rate_limit: { type: 'BURST_LIMIT', retry_after: retryAfter, limit: 20, remaining: 0, reset: 1 } },
    headers,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('backoff', () => {
  it('doubles from 0.5 s up to 8 s and shaves up to 25% at random', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelay(n, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect(backoffDelay(1, () => 0.999_999)).toBeCloseTo(375, 0);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThan(1500);
      expect(d).toBeLessThanOrEqual(2000);
    }
  });

  it('reads Retry-After (seconds or date) before the body retry_after', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), { rate_limit: { retry_after: 9 } })).toBe(3000);
    expect(
      retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:04 GMT' }), undefined, now),
    ).toBe(4000);
    expect(retryAfterMs(new Headers(), { rate_limit: { retry_after: 9 } })).toBe(9000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), { rate_limit: { retry_after: 2 } })).toBe(
      2000,
    );
    expect(retryAfterMs(new Headers(), { message: 'x' })).toBeUndefined();
  });
});

describe('retries', () => {
  it('retries a 429 after the Retry-After header', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = mockFetch(
      () => tooMany(undefined, { 'retry-after': '2' }),
      () => ok(FORM),
    );
    const promise = client(fetch)
      .forms.retrieve(FORM_ID)
      .then((f) => f);
    await vi.advanceTimersByTimeAsync(1_900);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(requests).toHaveLength(2);
    await expect(promise).resolves.toMatchObject(FORM);
  });

  it('retries a 429 after the body rate_limit.retry_after', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = mockFetch(
      () => tooMany(5),
      () => ok(FORM),
    );
    const promise = client(fetch)
      .forms.retrieve(FORM_ID)
      .then((f) => f);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(promise).resolves.toMatchObject(FORM);
    expect(requests).toHaveLength(2);
  });

  it('backs off exponentially without Retry-After, on 503 and on connection failures', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter: delays of exactly 500 and 1000 ms
    const { fetch, requests } = mockFetch(
      () => errorAnswer(503, 'SERVICE_UNAVAILABLE'),
      () => {
        throw new TypeError('fetch failed');
      },
      () => ok(FORM),
    );
    const promise = client(fetch)
      .forms.retrieve(FORM_ID)
      .then((f) => f);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    await expect(promise).resolves.toMatchObject(FORM);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const { fetch, requests } = mockFetch(() => tooMany(0));
    const error = await client(fetch, { maxRetries: 3 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(4);
  });

  it('honours maxRetries per call and 0 on the client', async () => {
    const { fetch, requests } = mockFetch(() =>
      errorAnswer(503, 'SERVICE_UNAVAILABLE', {}, { 'retry-after': '0' }),
    );
    const c = client(fetch, { maxRetries: 0 });
    await expect(c.forms.retrieve(FORM_ID)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(requests).toHaveLength(1);
    await expect(c.forms.retrieve(FORM_ID, { maxRetries: 1 })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(requests).toHaveLength(3);
  });

  it('does not retry when the server asks to wait more than a minute (a spent quota)', async () => {
    const { fetch, requests } = mockFetch(() => tooMany(86_400));
    const error = await client(fetch)
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(86_400);
    expect(requests).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    for (const status of [400, 401, 403, 404, 409, 500, 502]) {
      const { fetch, requests } = mockFetch(() => errorAnswer(status, 'X', {}, { 'retry-after': '0' }));
      await expect(client(fetch).forms.retrieve(FORM_ID)).rejects.toMatchObject({ status });
      expect(requests).toHaveLength(1);
    }
  });

  it('retries a timeout, then throws APITimeoutError', async () => {
    const { fetch, requests } = mockFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const c = client(fetch, { timeout: 10 });
    await expect(c.forms.retrieve(FORM_ID, { maxRetries: 1 })).rejects.toBeInstanceOf(APITimeoutError);
    expect(requests).toHaveLength(2);
  });
});

describe('idempotency', () => {
  it('sends one generated Idempotency-Key with every attempt of a POST', async () => {
    const { fetch, requests } = mockFetch(
      () => tooMany(0),
      () => errorAnswer(503, 'SERVICE_UNAVAILABLE', {}, { 'retry-after': '0' }),
      () => ok(FORM, {}, 201),
    );
    const c = client(fetch);
    await c.forms.create({ title: 'T' });
    expect(requests).toHaveLength(3);
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(requests.every((r) => r.body === '{"title":"T"}')).toBe(true);

    // A new call gets a new key.
    await c.forms.create({ title: 'T' });
    expect(requests[3]!.headers.get('idempotency-key')).not.toBe(keys[0]);
  });

  it('resends a submission after a connection failure with the same key, and uses a key the caller gives', async () => {
    const stored = {
      responseId: '00000000-0000-4000-8000-000000000001',
      submittedAt: '2025-01-01T00:00:00.000Z',
    };
    const { fetch, requests } = mockFetch(
      () => {
        throw new TypeError('fetch failed');
      },
      () => ok(stored, {}, 201),
    );
    await client(fetch).public.submitResponse('abcdefgh', { answers: {} }, { idempotencyKey: 'order-1' });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['order-1', 'order-1']);
  });

  it('resends a create after a connection failure, with the same key: the server replays its first answer', async () => {
    const failed = mockFetch(
      () => {
        throw new TypeError('fetch failed');
      },
      () => ok(FORM, {}, 201),
    );
    await client(failed.fetch).forms.create({ title: 'T' });
    expect(failed.requests).toHaveLength(2);
    const keys = failed.requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not resend a POST or PATCH that is not a create after a connection failure or timeout', async () => {
    // Publishing or updating has no stored answer to replay: the caller checks before trying again.
    const failed = mockFetch(
      () => {
        throw new TypeError('fetch failed');
      },
      () => ok(FORM, {}, 200),
    );
    await expect(client(failed.fetch).forms.publish(FORM_ID)).rejects.toBeInstanceOf(APIConnectionError);
    expect(failed.requests).toHaveLength(1);
    expect(failed.requests[0]!.headers.has('idempotency-key')).toBe(true);

    const slow = mockFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    await expect(
      client(slow.fetch, { timeout: 10 }).forms.update(FORM_ID, { title: 'U' }),
    ).rejects.toBeInstanceOf(APITimeoutError);
    expect(slow.requests).toHaveLength(1);

    // A 429 or 503 says the work was not done: those are still retried.
    const limited = mockFetch(
      () => tooMany(0),
      () => ok(FORM, {}, 201),
    );
    await client(limited.fetch).forms.publish(FORM_ID);
    expect(limited.requests).toHaveLength(2);
  });

  it('never retries a POST sent without a key', async () => {
    const { fetch, requests } = mockFetch(
      () => {
        throw new TypeError('fetch failed');
      },
      () => ok(FORM),
    );
    const c = client(fetch);
    await expect(c.forms.create({ title: 'T' }, { idempotencyKey: null })).rejects.toBeInstanceOf(
      APIConnectionError,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has('idempotency-key')).toBe(false);

    const limited = mockFetch(() => tooMany(0));
    await expect(
      client(limited.fetch).forms.update(FORM_ID, { title: 'U' }, { idempotencyKey: null }),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(limited.requests).toHaveLength(1);
  });

  it('sends no key with GET and DELETE, and still retries them', async () => {
    const { fetch, requests } = mockFetch(
      () => tooMany(0),
      () => ok({ id: FORM_ID, deleted: true }),
    );
    await client(fetch).forms.delete(FORM_ID);
    expect(requests.map((r) => [r.method, r.headers.has('idempotency-key')])).toEqual([
      ['DELETE', false],
      ['DELETE', false],
    ]);
  });
});
