import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishForm, surveySchema } from '../../../test/support/page-fixtures.js';
import { publishedSmartForm } from '../../../test/support/smart-form-kit.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { OTP_RULES } from '../../features/smart-forms/index.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { createServices } from '../../services.js';

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp.close());

/** The header and the envelope say the same wait. */
function waitOf(res: { status: number; headers: Headers; body?: { rate_limit?: { retry_after: number } } }) {
  expect(res.status).toBe(429);
  const header = Number(res.headers.get('retry-after'));
  if (res.body?.rate_limit !== undefined) expect(res.body.rate_limit.retry_after).toBe(header);
  return header;
}

/**
 * Every 429 takes its Retry-After from the limiter's answer: with the clock stopped, a window
 * that started at the first request ends exactly one window later, so the wait is known.
 */
describeEachDialect(
  'Retry-After comes from the limiter',
  (t: TestServer) => {
    it('public routes: the page and the API wait until the address window ends', async () => {
      const { key } = await t.account();
      const form = await publishForm(t, key, surveySchema());
      t.clock.set('2031-05-05T12:00:00.000Z');
      try {
        for (let i = 0; i < 3; i++) expect((await t.request(`/f/${form.code}`)).status).toBe(200);
        t.clock.advance(15_000);
        expect(waitOf(await t.request(`/f/${form.code}`))).toBe(45);
        t.clock.advance(10_000);
        const api = await t.request(`/v1/public/forms/${form.code}`);
        expect(waitOf(api)).toBe(35);
        expect(api.body.rate_limit.reset).toBe(Date.parse('2031-05-05T12:01:00.000Z') / 1000);
      } finally {
        t.clock.reset();
      }
    });

    it("sign-in: the wait is what is left of the email's backoff", async () => {
      const { accountId } = await t.account('PRO');
      const email = `retry-${Date.now()}@example.com`;
      await createServices({ db: t.db }).users.create({
        account: accountId,
        email,
        password: 'a good long password',
      });
      const login = (password: string) =>
        t.request('/integrations/v1/auth/login', { method: 'POST', json: { email, password } });
      t.clock.set('2031-05-05T13:00:00.000Z');
      try {
        // Two free failures, then the backoff's checked attempt starts a wait of 300 s.
        for (let i = 0; i < 3; i++) expect((await login('wrong password!')).status).toBe(401);
        t.clock.advance(100_000);
        expect(waitOf(await login('a good long password'))).toBe(300 - 100);
      } finally {
        t.clock.reset();
      }
    });
  },
  {
    publicRateLimit: { points: 3, durationSeconds: 60 },
    loginLimits: { perEmail: 2, perAddress: 50, windowMs: 10 * 60_000, backoffMs: 300_000 },
  },
);

describeEachDialect(
  'Retry-After comes from the limiter (codes)',
  (t: TestServer) => {
    it('one-time codes: the wait is what is left of the hour, not a fixed 3600', async () => {
      const { key } = await t.account('PRO');
      const { code } = await publishedSmartForm(t, key, { isPrivate: true });
      const request = () =>
        t.request(`/v1/public/smart-forms/${code}/otp/request`, {
          method: 'POST',
          json: { email: 'wait@example.com' },
        });
      t.clock.set('2031-05-05T14:00:00.000Z');
      try {
        for (let i = 0; i < OTP_RULES.perEmailPerHour; i++) expect((await request()).status).toBe(202);
        t.clock.advance(20 * 60_000);
        expect(waitOf(await request())).toBe(40 * 60);
      } finally {
        t.clock.reset();
      }
    });
  },
  {
    publicRateLimit: false,
    mailer: () => createMailer({ smtpUrl: smtp.url, logger: createLogger({ level: 'silent' }) }),
  },
);
