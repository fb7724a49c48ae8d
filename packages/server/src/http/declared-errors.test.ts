import { contract } from '@formloom/contract';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FormClosedError, PaymentRequiredFirstError } from '../domain-errors.js';
import { LastOwnerError } from '../features/users/index.js';
import { createLogger } from '../logger.js';
import { listen } from '../server.js';
import { createErrorAnswerCheck, type UndeclaredErrorAnswer } from './declared-errors.js';
import { errorHandler } from './error-handler.js';
import { routedAs } from './request-context.js';

/**
 * An app whose handlers throw whatever a test sets, on paths of the real contract: the public
 * form's read (declares 409 with FORM_CLOSED, no 402), a path served for the member removal
 * route (`routedAs`, as ts-rest marks the routes it matched), and a path of no route at all.
 */
async function startApp(check: boolean) {
  const reported: UndeclaredErrorAnswer[] = [];
  const state: { thrown: unknown } = { thrown: undefined };
  const app = express();
  const fail = async (_req: express.Request, _res: express.Response, next: express.NextFunction) => {
    await Promise.resolve();
    next(state.thrown);
  };
  app.get('/v1/public/forms/:code', fail);
  app.delete('/served-as-member-removal', routedAs(contract.members.removeMember), fail);
  app.get('/nowhere', fail);
  app.use(
    errorHandler(createLogger({ level: 'silent' }), {
      bodyLimitDescription: '1 MB',
      ...(check
        ? { undeclared: { check: createErrorAnswerCheck(), report: (answer) => reported.push(answer) } }
        : {}),
    }),
  );
  const server = await listen(app, { port: 0, host: '127.0.0.1', shutdownTimeoutMs: 1000 });
  const answer = async (method: string, path: string, error: unknown) => {
    state.thrown = error;
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method });
    return { status: res.status, body: await res.json() };
  };
  return { server, reported, answer };
}

describe('the check of error answers against their routes', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(true);
  });
  afterAll(() => app.server.close());
  beforeEach(() => {
    app.reported.length = 0;
  });

  it('lets a case code the route declares through unchanged', async () => {
    const res = await app.answer('GET', '/v1/public/forms/abc', new FormClosedError('Opens at nine'));
    expect(res).toEqual({
      status: 409,
      body: { message: 'Opens at nine', data: null, error: 'FORM_CLOSED' },
    });
    expect(app.reported).toEqual([]);
  });

  it('turns a case code the route does not declare for its status into a 500 naming route, status and code', async () => {
    const res = await app.answer('GET', '/v1/public/forms/abc', new LastOwnerError('The last owner stays'));
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('INTERNAL_SERVER_ERROR');
    expect(res.body.message).toContain('GET /v1/public/forms/:code');
    expect(res.body.message).toContain('409');
    expect(res.body.message).toContain('LAST_OWNER');
    expect(app.reported).toEqual([
      expect.objectContaining({ route: 'GET /v1/public/forms/:code', status: 409, code: 'LAST_OWNER' }),
    ]);
  });

  it('catches a status the route does not declare at all', async () => {
    const res = await app.answer(
      'GET',
      '/v1/public/forms/abc',
      new PaymentRequiredFirstError('Not paid yet'),
    );
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('does not declare a 402 answer');
    expect(app.reported).toEqual([
      expect.objectContaining({
        route: 'GET /v1/public/forms/:code',
        status: 402,
        code: 'PAYMENT_REQUIRED_FIRST',
      }),
    ]);
  });

  it('checks against the route a request was routed as, whatever its path', async () => {
    const declared = await app.answer(
      'DELETE',
      '/served-as-member-removal',
      new LastOwnerError('The last owner'),
    );
    expect(declared).toEqual({
      status: 409,
      body: { message: 'The last owner', data: null, error: 'LAST_OWNER' },
    });
    const undeclared = await app.answer('DELETE', '/served-as-member-removal', new FormClosedError('Closed'));
    expect(undeclared.status).toBe(500);
    expect(app.reported).toEqual([
      expect.objectContaining({ route: 'DELETE /v1/members/:userId', status: 409, code: 'FORM_CLOSED' }),
    ]);
  });

  it('leaves a request no route of the contract serves alone', async () => {
    const res = await app.answer('GET', '/nowhere', new LastOwnerError('The last owner'));
    expect(res.status).toBe(409);
    expect(app.reported).toEqual([]);
  });
});

describe('without the check (as in production)', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp(false);
  });
  afterAll(() => app.server.close());

  it('answers an undeclared code as it is', async () => {
    const res = await app.answer('GET', '/v1/public/forms/abc', new LastOwnerError('The last owner stays'));
    expect(res).toEqual({
      status: 409,
      body: { message: 'The last owner stays', data: null, error: 'LAST_OWNER' },
    });
  });
});
