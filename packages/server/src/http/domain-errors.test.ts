import { type ErrorCaseCode, type ErrorCode, statusOfAnyErrorCode } from '@formloom/contract';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedAccount } from '../../test/support/ai-test-kit.js';
import { contactSchema } from '../../test/support/fixtures.js';
import { describeEachDialect } from '../../test/support/test-server.js';
import * as domain from '../domain-errors.js';
import { createLogger } from '../logger.js';
import { listen, type RunningServer } from '../server.js';
import { errorHandler } from './error-handler.js';

const rateLimit = {
  type: 'BURST_LIMIT',
  retry_after: 12,
  limit: 60,
  remaining: 0,
  reset: 1_800_000_000,
} as const;
const issues = [{ code: 'invalid_type', path: 'body.title', message: 'Required' }];

/** Each domain error a service can throw, and the answer the client must get for it. */
const CASES: Array<[domain.DomainError, ErrorCode | ErrorCaseCode, Record<string, unknown>?]> = [
  [domain.badRequest('title: Required', issues), 'BAD_REQUEST', { issues }],
  [domain.unauthorized('Invalid API key'), 'UNAUTHORIZED'],
  [domain.paymentRequired('Not enough credits'), 'PAYMENT_REQUIRED'],
  [domain.forbidden('The Free plan has no API access'), 'FORBIDDEN'],
  [domain.notFound('Form not found'), 'NOT_FOUND'],
  [domain.conflict('Idempotency-Key was used with other answers'), 'CONFLICT'],
  [domain.preconditionFailed('Form f was changed since ETag "3"'), 'PRECONDITION_FAILED'],
  [domain.tooLarge('The file is larger than 10 MB'), 'PAYLOAD_TOO_LARGE'],
  [domain.unsupportedType('The file is image/png'), 'UNSUPPORTED_MEDIA_TYPE'],
  [domain.tooManyRequests('Slow down', rateLimit), 'TOO_MANY_REQUESTS', { rate_limit: rateLimit }],
  [domain.unavailable('The AI provider is down'), 'SERVICE_UNAVAILABLE'],
  // A locked form's 401 names its title, nothing else of it.
  [
    new domain.PasswordRequiredError('This form asks for a password', 'Staff survey'),
    'PASSWORD_REQUIRED',
    { form: { title: 'Staff survey' } },
  ],
  [new domain.FormClosedError('Opens at nine'), 'FORM_CLOSED'],
  [new domain.EditWindowClosedError('The time to edit this response has passed'), 'EDIT_WINDOW_CLOSED'],
  [new domain.AlreadyAnsweredError('This link has been used already'), 'ALREADY_ANSWERED'],
  [
    new domain.RespondentRefusedError('This form takes personal links only', 'LINK_REQUIRED'),
    'LINK_REQUIRED',
  ],
  [
    new domain.RespondentRefusedError('Prove your address first', 'VERIFICATION_REQUIRED'),
    'VERIFICATION_REQUIRED',
  ],
  [new domain.SsoRequiredError('Sign in through single sign-on'), 'SSO_REQUIRED'],
  [new domain.PaymentRequiredFirstError('This session is not paid yet'), 'PAYMENT_REQUIRED_FIRST'],
  [new domain.PaymentConflictError('Pay through Checkout', 'CHECKOUT_REQUIRED'), 'CHECKOUT_REQUIRED'],
  [new domain.PaymentConflictError('No Stripe keys', 'STRIPE_NOT_CONNECTED'), 'STRIPE_NOT_CONNECTED'],
  [new domain.GoogleNotConfiguredError('No Google OAuth client'), 'GOOGLE_NOT_CONFIGURED'],
  [new domain.PaymentConflictError('No payment field', 'CHECKOUT_NOT_NEEDED'), 'CHECKOUT_NOT_NEEDED'],
  [new domain.PaymentConflictError('Refunded: the form closed', 'PAYMENT_REFUNDED'), 'PAYMENT_REFUNDED'],
  [new domain.TwoFactorRequiredError('Enter the code of your authenticator app'), 'TWO_FACTOR_REQUIRED'],
  [new domain.TwoFactorEnrolmentRequiredError('Turn two-factor on first'), 'TWO_FACTOR_ENROLMENT_REQUIRED'],
];

describe('domain errors reach the client through the one error handler', () => {
  let server: RunningServer;
  let thrown: unknown;

  beforeAll(async () => {
    const app = express();
    app.get('/throw', async (_req, _res, next) => {
      // As a service's rejection arrives in a ts-rest handler: asynchronously, through next().
      await Promise.resolve();
      next(thrown);
    });
    app.use(errorHandler(createLogger({ level: 'silent' }), { bodyLimitDescription: '1 MB' }));
    server = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1000 });
  });
  afterAll(() => server.close());

  const answer = async (error: unknown) => {
    thrown = error;
    const res = await fetch(`http://127.0.0.1:${server.port}/throw`);
    return { status: res.status, body: await res.json() };
  };

  it.each(CASES)('%s answers %s', async (error, code, extra) => {
    const res = await answer(error);
    expect(res.status).toBe(statusOfAnyErrorCode(code));
    expect(res.body).toEqual({ message: error.message, data: null, error: code, ...extra });
  });

  it('every domain error class is in the table (none falls through to a 500)', () => {
    const classes = Object.values(domain).filter(
      (value): value is typeof domain.DomainError =>
        typeof value === 'function' && value.prototype instanceof domain.DomainError,
    );
    expect(classes.length).toBeGreaterThan(5);
    const mapped = CASES.map(([error]) => error.constructor);
    for (const type of classes) expect(mapped, type.name).toContain(type);
  });

  it('an error that is not a domain error stays a 500 that says nothing of it', async () => {
    const res = await answer(new Error('SQLITE_BUSY: database is locked at /srv/data/formloom.db'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: 'Internal server error',
      data: null,
      error: 'INTERNAL_SERVER_ERROR',
    });
  });
});

describeEachDialect('domain errors thrown by services, through the real app', (t) => {
  it("forms-service's NotFoundError for another account's form is a 404 envelope", async () => {
    const owner = await t.account('MAX');
    const other = await t.account('MAX');
    const created = await t.request('/v1/forms', {
      method: 'POST',
      key: owner.key,
      json: { title: 'Contact', schema: contactSchema() },
    });
    expect(created.status).toBe(201);
    const res = await t.request(`/v1/forms/${created.body.data.id}`, { key: other.key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: expect.stringContaining('not found'),
      data: null,
      error: 'NOT_FOUND',
    });
  });

  it("credits-service's PaymentRequiredError is a 402 envelope with its message", async () => {
    const { key } = await fundedAccount(t, 1);
    const res = await t.request('/v1/ai/generate-form', {
      method: 'POST',
      key,
      json: { prompt: 'A feedback form', language: 'en' },
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      message: 'Not enough credits: this call costs 5 and the balance is 1',
      data: null,
      error: 'PAYMENT_REQUIRED',
    });
  });
});
