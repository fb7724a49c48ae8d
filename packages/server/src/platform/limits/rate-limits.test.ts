import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { planCounts, seedPlanCounts } from '../../../test/support/plan-counts.js';
import {
  describeEachDialect,
  type TestResponse,
  type TestServer,
} from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

/**
 * Stops the test clock at `iso`. Stopped, not running from there: `retry_after` counts whole
 * seconds to the end of the window, so on a running clock a slow run (a loaded machine taking
 * over a second for the requests of a test) would see 49 where 50 is expected.
 */
function setClock(t: TestServer, iso: string): void {
  t.clock.set(iso);
}

const unix = (iso: string) => Date.parse(iso) / 1000;

function limitHeaders(res: TestResponse) {
  const h = (name: string) => res.headers.get(name);
  return {
    limit: h('x-ratelimit-limit'),
    remaining: h('x-ratelimit-remaining'),
    reset: h('x-ratelimit-reset'),
    monthlyLimit: h('x-monthly-limit'),
    monthlyUsed: h('x-monthly-used'),
    monthlyReset: h('x-monthly-reset'),
  };
}

/** A 429 naming `type`, with its `rate_limit` object and a matching `Retry-After`. */
function expectRefused(res: TestResponse, type: string, limit: number, retryAfter: number, resetIso: string) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ data: null, error: 'TOO_MANY_REQUESTS' });
  expect(res.body.rate_limit).toEqual({
    type,
    retry_after: retryAfter,
    limit,
    remaining: 0,
    reset: unix(resetIso),
  });
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
}

/** Sets the account's counts in the windows around `at` (to skip many requests). */
const seedCounts = (
  t: TestServer,
  accountId: string,
  at: string,
  counts: { minute?: number; hour?: number; month?: number },
) => seedPlanCounts(t.db, accountId, at, counts);

const countsOf = async (t: TestServer, accountId: string) => {
  const { minute_points, hour_points, month_points, month_start } = await planCounts(t.db, accountId);
  return { minute_points, hour_points, month_points, month_start };
};

describeEachDialect('rate limits and monthly quota', (t) => {
  afterEach(() => t.clock.reset());

  it('the 21st request of a Starter minute is refused with BURST_LIMIT and the right retry_after', async () => {
    const { key } = await t.account('STARTER');
    setClock(t, '2031-03-15T10:20:10.000Z');
    for (let i = 1; i <= 20; i++) {
      const res = await t.request('/v1/forms', { key });
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(200 - i));
    }
    const refused = await t.request('/v1/forms', { key });
    expectRefused(refused, 'BURST_LIMIT', 20, 50, '2031-03-15T10:21:00Z');
    expect(refused.body.message).toBe(
      'Rate limit exceeded: 20 requests per minute on the Starter plan; retry in 50 s',
    );
    // X-RateLimit-* describe the hour; the refused request was not counted.
    expect(limitHeaders(refused)).toEqual({
      limit: '200',
      remaining: '180',
      reset: String(unix('2031-03-15T11:00:00Z')),
      monthlyLimit: '2000',
      monthlyUsed: '20',
      monthlyReset: String(unix('2031-04-01T00:00:00Z')),
    });

    setClock(t, '2031-03-15T10:21:00.000Z');
    const next = await t.request('/v1/forms', { key });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-monthly-used')).toBe('21');
  });

  it('100 concurrent requests against a 20-per-minute limit let exactly 20 through', async () => {
    const { key, accountId } = await t.account('STARTER');
    setClock(t, '2031-03-15T10:30:05.000Z');
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.request('/v1/forms', { key })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    expect(new Set(answers.filter((r) => r.status === 429).map((r) => r.body.rate_limit.type))).toEqual(
      new Set(['BURST_LIMIT']),
    );
    expect(await countsOf(t, accountId)).toMatchObject({
      minute_points: 20,
      hour_points: 20,
      month_points: 20,
    });
  });

  it('all keys of an account share its counters', async () => {
    const { key, accountId } = await t.account('STARTER');
    const second = await createServices({ db: t.db, clock: t.clock.now }).keys.create({
      account: accountId,
      scopes: ['all'],
    });
    setClock(t, '2031-03-15T10:40:01.000Z');
    for (let i = 0; i < 10; i++) expect((await t.request('/v1/forms', { key })).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await t.request('/v1/forms', { key: second.token })).status).toBe(200);
    expect((await t.request('/v1/forms', { key })).status).toBe(429);
    expect((await t.request('/v1/forms', { key: second.token })).status).toBe(429);
    const other = await t.account('STARTER');
    expect((await t.request('/v1/forms', { key: other.key })).status).toBe(200);
  });

  it('the hourly limit, over several minutes, with HOURLY_LIMIT until the hour ends', async () => {
    const { key } = await t.account('STARTER');
    for (let minute = 0; minute < 10; minute++) {
      setClock(t, `2031-03-15T12:${String(minute).padStart(2, '0')}:01.000Z`);
      for (let i = 0; i < 20; i++) expect((await t.request('/v1/forms', { key })).status).toBe(200);
    }
    setClock(t, '2031-03-15T12:45:00.000Z');
    const refused = await t.request('/v1/forms', { key });
    expectRefused(refused, 'HOURLY_LIMIT', 200, 900, '2031-03-15T13:00:00Z');
    expect(limitHeaders(refused)).toMatchObject({ limit: '200', remaining: '0', monthlyUsed: '200' });

    setClock(t, '2031-03-15T13:00:00.000Z');
    const next = await t.request('/v1/forms', { key });
    expect(next.status).toBe(200);
    expect(limitHeaders(next)).toMatchObject({
      remaining: '199',
      reset: String(unix('2031-03-15T14:00:00Z')),
    });
  });

  it('the monthly quota, in calendar months (UTC)', async () => {
    const { key, accountId } = await t.account('STARTER');
    await seedCounts(t, accountId, '2031-01-31T23:59:00.000Z', { month: 1_999 });
    setClock(t, '2031-01-31T23:59:00.000Z');
    const last = await t.request('/v1/forms', { key });
    expect(last.status).toBe(200);
    expect(limitHeaders(last)).toMatchObject({ monthlyLimit: '2000', monthlyUsed: '2000' });

    const refused = await t.request('/v1/forms', { key });
    expectRefused(refused, 'MONTHLY_QUOTA', 2000, 60, '2031-02-01T00:00:00Z');
    expect(refused.body.message).toMatch(/Monthly quota of 2000 requests on the Starter plan is used up/);
    expect(limitHeaders(refused)).toMatchObject({
      monthlyUsed: '2000',
      monthlyReset: String(unix('2031-02-01T00:00:00Z')),
    });

    setClock(t, '2031-02-01T00:00:00.000Z');
    const february = await t.request('/v1/forms', { key });
    expect(february.status).toBe(200);
    expect(limitHeaders(february)).toMatchObject({
      monthlyUsed: '1',
      monthlyReset: String(unix('2031-03-01T00:00:00Z')),
    });
    expect(await countsOf(t, accountId)).toEqual({
      minute_points: 1,
      hour_points: 1,
      month_points: 1,
      month_start: '2031-02-01T00:00:00.000Z',
    });
  });

  it('Pro and Max figures: minute, hour and month at their exact boundaries', async () => {
    const figures = [
      { plan: 'PRO', minute: 60, hour: 1_000, month: 20_000 },
      { plan: 'MAX', minute: 150, hour: 3_000, month: 200_000 },
    ];
    for (const f of figures) {
      const minute = await t.account(f.plan);
      setClock(t, '2031-05-10T08:15:02.000Z');
      const burst = await Promise.all(
        Array.from({ length: f.minute + 1 }, () => t.request('/v1/forms', { key: minute.key })),
      );
      expect(
        burst.filter((r) => r.status === 200),
        f.plan,
      ).toHaveLength(f.minute);
      expect(burst.find((r) => r.status === 429)?.body.rate_limit).toMatchObject({
        type: 'BURST_LIMIT',
        limit: f.minute,
      });

      const hour = await t.account(f.plan);
      await seedCounts(t, hour.accountId, '2031-05-10T08:15:02.000Z', { hour: f.hour - 1 });
      expect((await t.request('/v1/forms', { key: hour.key })).headers.get('x-ratelimit-remaining')).toBe(
        '0',
      );
      const hourly = await t.request('/v1/forms', { key: hour.key });
      expect(hourly.body.rate_limit).toMatchObject({ type: 'HOURLY_LIMIT', limit: f.hour });

      const month = await t.account(f.plan);
      await seedCounts(t, month.accountId, '2031-05-10T08:15:02.000Z', { month: f.month - 1 });
      expect((await t.request('/v1/forms', { key: month.key })).headers.get('x-monthly-used')).toBe(
        String(f.month),
      );
      const monthly = await t.request('/v1/forms', { key: month.key });
      expect(monthly.body.rate_limit).toMatchObject({ type: 'MONTHLY_QUOTA', limit: f.month });
      expect(limitHeaders(monthly)).toMatchObject({ limit: String(f.hour), monthlyLimit: String(f.month) });
    }
  });

  it('AI endpoint limits count apart from the general ones, from the route metadata', async () => {
    const { key } = await t.account('STARTER', ['all']);
    setClock(t, '2031-03-15T14:00:30.000Z');
    const generate = () =>
      t.request('/v1/ai/generate-form', { method: 'POST', key, json: { prompt: 'A contact form' } });
    // The account has no credits (402), but each call passed the limiter first and was counted.
    for (let i = 0; i < 10; i++) expect((await generate()).status).toBe(402);
    const refused = await generate();
    expectRefused(refused, 'AI_ENDPOINT_LIMIT', 10, 3570, '2031-03-15T15:00:00Z');
    expect(refused.body.message).toMatch(/10 generateForm calls per hour on the Starter plan/);
    // The general limits still have room, and the AI calls counted against them too.
    const plain = await t.request('/v1/forms', { key });
    expect(plain.status).toBe(200);
    expect(limitHeaders(plain)).toMatchObject({ remaining: '189', monthlyUsed: '11' });
    // Smart analytics needs Pro: a Starter key is refused with 403 before any counting.
    const formId = randomUUID();
    const analytics = await t.request(`/v1/forms/${formId}/smart-analytics`, {
      method: 'POST',
      key,
      json: {},
    });
    expect(analytics.status).toBe(403);
    expect(analytics.headers.get('x-monthly-used')).toBe('11');
  });

  it('headers on success, 400, 404, 403 and 429; none on 401 or public routes, which count nowhere', async () => {
    const { key, accountId } = await t.account('PRO');
    setClock(t, '2031-03-15T16:00:05.000Z');
    const expected = (used: number) => ({
      limit: '1000',
      remaining: String(1000 - used),
      reset: String(unix('2031-03-15T17:00:00Z')),
      monthlyLimit: '20000',
      monthlyUsed: String(used),
      monthlyReset: String(unix('2031-04-01T00:00:00Z')),
    });
    const ok = await t.request('/v1/forms', { key });
    expect(ok.status).toBe(200);
    expect(limitHeaders(ok)).toEqual(expected(1));

    const notFound = await t.request(`/v1/forms/${randomUUID()}`, { key });
    expect(notFound.status).toBe(404);
    expect(limitHeaders(notFound)).toEqual(expected(2));

    const invalid = await t.request('/v1/forms', { method: 'POST', key, json: { title: '' } });
    expect(invalid.status).toBe(400);
    expect(limitHeaders(invalid)).toEqual(expected(3));

    const badJson = await t.request('/v1/forms', {
      method: 'POST',
      key,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(limitHeaders(badJson)).toEqual(expected(4));

    // 403 (missing scope): headers, but not counted.
    const readOnly = await createServices({ db: t.db, clock: t.clock.now }).keys.create({
      account: accountId,
      scopes: ['FORMS_READ'],
    });
    const forbidden = await t.request('/v1/forms', {
      method: 'POST',
      key: readOnly.token,
      json: { title: 'x' },
    });
    expect(forbidden.status).toBe(403);
    expect(limitHeaders(forbidden)).toEqual(expected(4));

    // 401: no account, no headers, nothing counted.
    const wrongSecret = key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    const unauthorized = await t.request('/v1/forms', { key: wrongSecret });
    expect(unauthorized.status).toBe(401);
    expect(limitHeaders(unauthorized).limit).toBeNull();

    // Public routes have no account to count against.
    const publicForm = await t.request('/v1/public/forms/abcdefgh1234');
    expect(publicForm.status).toBe(404);
    expect(limitHeaders(publicForm).limit).toBeNull();

    const me = await t.request('/v1/me', { key });
    expect(me.body.data.usage).toMatchObject({ requests: 5, remaining: 19_995 });
    expect(limitHeaders(me)).toEqual(expected(5));
  });

  it('a key of a Free account: 403 with zero limits', async () => {
    const { key } = await t.account('FREE');
    const res = await t.request('/v1/forms', { key });
    expect(res.status).toBe(403);
    expect(limitHeaders(res)).toMatchObject({
      limit: '0',
      remaining: '0',
      monthlyLimit: '0',
      monthlyUsed: '0',
    });
  });

  it('a 429 answers a request whose body is never read', async () => {
    const { key } = await t.account('STARTER');
    setClock(t, '2031-03-15T17:10:01.000Z');
    for (let i = 0; i < 20; i++) expect((await t.request('/v1/forms', { key })).status).toBe(200);
    const refused = await t.request('/v1/forms', { method: 'POST', key, body: 'not json at all' });
    expect(refused.status).toBe(429);
  });

  it('GET /me shows plan, limits, usage this month and the credit balance', async () => {
    const { key, accountId } = await t.account('STARTER');
    await createServices({ db: t.db }).credits.grant(accountId, 25);
    setClock(t, '2031-07-04T09:00:00.000Z');
    await t.request('/v1/forms', { key });
    const me = await t.request('/v1/me', { key });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      plan: 'STARTER',
      limits: {
        requestsPerMinute: 20,
        requestsPerHour: 200,
        monthlyQuota: 2000,
        maxApiKeys: 3,
        aiPerHour: { generateForm: 10, smartAnalytics: 0, analyticsChat: 0, smartFormChat: 0 },
      },
      usage: {
        periodStart: '2031-07-01T00:00:00.000Z',
        periodEnd: '2031-08-01T00:00:00.000Z',
        requests: 2,
        remaining: 1998,
      },
      credits: { balance: 25 },
    });
  });

  it('counters survive a server restart', async () => {
    const { key } = await t.account('STARTER');
    setClock(t, '2031-03-15T18:00:01.000Z');
    for (let i = 0; i < 20; i++) expect((await t.request('/v1/forms', { key })).status).toBe(200);
    await t.restart();
    const refused = await t.request('/v1/forms', { key });
    expect(refused.status).toBe(429);
    expect(refused.body.rate_limit.type).toBe('BURST_LIMIT');
    expect(limitHeaders(refused)).toMatchObject({ remaining: '180', monthlyUsed: '20' });
  });
});
