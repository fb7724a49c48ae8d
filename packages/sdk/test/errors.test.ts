import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  FormloomError,
  InternalServerError,
  NotFoundError,
  PaymentRequiredError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
} from '../src/index.js';
import { client, errorAnswer, FORM_ID, json, mockFetch } from './support/mock-fetch.js';

const cases = [
  [400, 'BAD_REQUEST', BadRequestError],
  [401, 'UNAUTHORIZED', AuthenticationError],
  [402, 'PAYMENT_REQUIRED', PaymentRequiredError],
  [403, 'FORBIDDEN', PermissionDeniedError],
  [404, 'NOT_FOUND', NotFoundError],
  [409, 'CONFLICT', ConflictError],
  [429, 'TOO_MANY_REQUESTS', RateLimitError],
  [500, 'INTERNAL_SERVER_ERROR', InternalServerError],
  [503, 'SERVICE_UNAVAILABLE', ServiceUnavailableError],
] as const;

describe('error mapping', () => {
  it.each(cases)('%i %s -> %o', async (status, code, ErrorClass) => {
    const { fetch } = mockFetch(() => errorAnswer(status, code, {}, { 'x-request-id': 'req_1' }));
    const error = await client(fetch, { maxRetries: 0 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(FormloomError);
    expect(error).toMatchObject({
      status,
      code,
      requestId: 'req_1',
      message: `${status} failed: ${code}`,
      name: ErrorClass.name,
    });
    expect((error as APIError).headers?.get('x-request-id')).toBe('req_1');
    expect((error as APIError).body).toMatchObject({ error: code, data: null });
  });

  it.each([
    [409, 'FORM_CLOSED', ConflictError],
    [401, 'PASSWORD_REQUIRED', AuthenticationError],
    [403, 'ORIGIN_NOT_ALLOWED', PermissionDeniedError],
  ] as const)(
    'a case code keeps its status class and names the case: %i %s',
    async (status, code, ErrorClass) => {
      const { fetch } = mockFetch(() => errorAnswer(status, code));
      const error = await client(fetch, { maxRetries: 0 })
        .public.retrieveForm('abcdefgh')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ status, code });
    },
  );

  it("types each status class's code as its general code or one of its cases", () => {
    expectTypeOf<ConflictError['code']>().toEqualTypeOf<
      | 'CONFLICT'
      | 'LAST_OWNER'
      | 'FORM_CLOSED'
      | 'EDIT_WINDOW_CLOSED'
      | 'ALREADY_ANSWERED'
      | 'CHECKOUT_REQUIRED'
      | 'STRIPE_NOT_CONNECTED'
      | 'CHECKOUT_NOT_NEEDED'
      | 'PAYMENT_REFUNDED'
      | 'GOOGLE_NOT_CONFIGURED'
      | undefined
    >();
    expectTypeOf<BadRequestError['code']>().toEqualTypeOf<'BAD_REQUEST' | 'CAPTCHA_FAILED' | undefined>();
    expectTypeOf<NotFoundError['code']>().toEqualTypeOf<'NOT_FOUND' | undefined>();
  });

  it('derives the code from the status when the body names an unknown one', async () => {
    const { fetch } = mockFetch(() => errorAnswer(409, 'SOMETHING_NEW'));
    const error = await client(fetch, { maxRetries: 0 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('keeps the issues of a 400', async () => {
    const issues = [{ path: 'body.title', code: 'too_big', message: 'At most 200 characters' }];
    const { fetch } = mockFetch(() => errorAnswer(400, 'BAD_REQUEST', { issues }));
    const error = await client(fetch)
      .forms.create({ title: 'x'.repeat(300) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).issues).toEqual(issues);
  });

  it('reads RateLimitError fields from the body rate_limit', async () => {
    const rate_limit = {
      type: 'HOURLY_LIMIT',
      retry_after: 120,
      limit: 200,
      remaining: 0,
      reset: 1_750_000_000,
    };
    const { fetch } = mockFetch(() => errorAnswer(429, 'TOO_MANY_REQUESTS', { rate_limit }));
    const error = (await client(fetch, { maxRetries: 0 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      retryAfter: 120,
      type: 'HOURLY_LIMIT',
      limit: 200,
      remaining: 0,
      reset: 1_750_000_000,
    });
  });

  it('falls back to the headers for RateLimitError fields', async () => {
    const { fetch } = mockFetch(() =>
      json(
        429,
        { message: 'slow down' },
        { 'retry-after': '7', 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0' },
      ),
    );
    const error = (await client(fetch, { maxRetries: 0 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toMatchObject({
      retryAfter: 7,
      limit: 20,
      remaining: 0,
      type: undefined,
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('maps other statuses to APIError (4xx) and InternalServerError (5xx), with non-JSON bodies', async () => {
    const { fetch } = mockFetch(
      () => new Response('Payload Too Large', { status: 413 }),
      () => new Response('<html>Bad Gateway</html>', { status: 502 }),
    );
    const c = client(fetch, { maxRetries: 0 });
    const first = (await c.forms.retrieve(FORM_ID).catch((e: unknown) => e)) as APIError;
    expect(first.constructor).toBe(APIError);
    expect(first).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', body: 'Payload Too Large' });
    expect(first.message).toBe('413 Payload Too Large');
    const second = await c.forms.retrieve(FORM_ID).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(InternalServerError);
    expect(second).toMatchObject({ status: 502, code: 'INTERNAL_SERVER_ERROR' });
  });

  it('builds the right class from APIError.generate', () => {
    for (const [status, , ErrorClass] of cases) {
      expect(APIError.generate(status, undefined, 'x', new Headers())).toBeInstanceOf(ErrorClass);
    }
    expect(APIError.generate(undefined, undefined, 'down', undefined)).toBeInstanceOf(APIConnectionError);
  });

  it('turns a network failure into APIConnectionError with the cause', async () => {
    const { fetch } = mockFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') });
    });
    const error = (await client(fetch, { maxRetries: 0 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/fetch failed.*ECONNREFUSED/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('turns a timeout into APITimeoutError', async () => {
    const { fetch } = mockFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const error = await client(fetch, { maxRetries: 0, timeout: 20 })
      .forms.retrieve(FORM_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
  });

  it('turns an abort by the caller into APIUserAbortError, without retrying', async () => {
    const controller = new AbortController();
    const { fetch, requests } = mockFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
    );
    const error = await client(fetch)
      .forms.retrieve(FORM_ID, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(requests).toHaveLength(1);
  });
});
