import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishedSmartForm } from '../../../test/support/smart-form-kit.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { OTP_RULES } from './otp-service.js';

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp.close());

/** The 6-digit code of the last mail to `email`. */
function codeFor(email: string): string {
  const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
  if (mail === undefined) throw new Error(`no mail to ${email}`);
  return /verification code is (\d{6})/.exec(mail.raw)![1]!;
}

const post = (t: TestServer, path: string, json: unknown, headers?: Record<string, string>) =>
  t.request(path, { method: 'POST', json, headers });

describeEachDialect(
  'private smart forms: email one-time codes',
  (t) => {
    let code: string;
    let id: string;
    let key: string;
    let n = 0;
    const email = () => `respondent${++n}@example.com`;
    const request = (address: string, headers?: Record<string, string>) =>
      post(t, `/v1/public/smart-forms/${code}/otp/request`, { email: address }, headers);
    const verify = (address: string, otp: string) =>
      post(t, `/v1/public/smart-forms/${code}/otp/verify`, { email: address, code: otp });
    beforeAll(async () => {
      ({ key } = await t.account('PRO'));
      ({ id, code } = await publishedSmartForm(t, key, { isPrivate: true, title: 'Staff <b>survey</b>' }));
    });
    beforeEach(() => {
      smtp.refuse = false;
    });

    it('starts only with a verified email; the code is mailed, single use, and the session keeps the email', async () => {
      expect((await post(t, `/v1/public/smart-forms/${code}/sessions`, {})).status).toBe(403);
      const address = email();
      const sent = await request(address.toUpperCase());
      expect(sent.status, sent.text).toBe(202);
      expect(sent.body.data.sent).toBe(true);
      const mail = smtp.mails.at(-1)!;
      expect(mail.to).toEqual([address]);
      // The title goes into the subject MIME-encoded, never as raw header text.
      expect(mail.raw).toContain('Subject: =?UTF-8?Q?Your_code_for_=22Staff_=3Cb=3Esurvey');
      const verified = await verify(address, codeFor(address));
      expect(verified.status, verified.text).toBe(200);
      const token = verified.body.data.verificationToken;
      const started = await post(t, `/v1/public/smart-forms/${code}/sessions`, { verificationToken: token });
      expect(started.status, started.text).toBe(201);
      const session = await t.request(`/v1/smart-forms/${id}/sessions/${started.body.data.sessionId}`, {
        key,
      });
      expect(session.body.data.respondentEmail).toBe(address);
      // Single use: the same token starts nothing else; nor does the same code verify again.
      expect(
        (await post(t, `/v1/public/smart-forms/${code}/sessions`, { verificationToken: token })).status,
      ).toBe(403);
      expect((await verify(address, codeFor(address))).status).toBe(403);
      // The code is not kept in clear.
      const rows = await t.db
        .selectFrom('smart_form_otps')
        .select('code_hash')
        .where('email', '=', address)
        .execute();
      expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.code_hash).not.toContain(codeFor(address));
    });

    it('allows 5 attempts, then refuses even the right code', async () => {
      const address = email();
      await request(address);
      const right = codeFor(address);
      const wrong = right === '000000' ? '111111' : '000000';
      const first = await verify(address, wrong);
      expect(first.status).toBe(403);
      expect(first.body.message).toBe('Wrong code: 4 attempts left');
      for (let i = 1; i < OTP_RULES.maxAttempts; i++) await verify(address, wrong);
      const locked = await verify(address, right);
      expect(locked.status).toBe(403);
      expect(locked.body.message).toContain('request a new code');
    });

    it('parallel wrong guesses get 5 attempts between them, and the right code after them is refused', async () => {
      const address = email();
      await request(address);
      const right = codeFor(address);
      const guesses = Array.from({ length: 12 }, (_, i) =>
        String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(guesses.map((guess) => verify(address, guess)));
      expect(answers.every((a) => a.status === 403)).toBe(true);
      const wrongs = answers.filter((a) => a.body.message.startsWith('Wrong code'));
      expect(wrongs).toHaveLength(OTP_RULES.maxAttempts);
      const locked = await verify(address, right);
      expect(locked.status).toBe(403);
      expect(locked.body.message).toBe('Too many wrong attempts: request a new code');
    });

    it('expires a code after 10 minutes', async () => {
      const address = email();
      await request(address);
      t.clock.advance(OTP_RULES.codeTtlMs + 1000);
      try {
        const late = await verify(address, codeFor(address));
        expect(late.status).toBe(403);
        expect(late.body.message).toContain('expired');
      } finally {
        t.clock.reset();
      }
    });

    it('a mail server that refuses is a 503, and the unsent code does not count', async () => {
      const { key: other } = await t.account('PRO');
      const form = await publishedSmartForm(t, other, { isPrivate: true });
      smtp.refuse = true;
      const res = await post(t, `/v1/public/smart-forms/${form.code}/otp/request`, {
        email: 'x@example.com',
      });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('SERVICE_UNAVAILABLE');
      const rows = await t.db
        .selectFrom('smart_form_otps')
        .select('id')
        .where('smart_form_id', '=', form.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('limits requests per email and per client address (429 with rate_limit)', async () => {
      const address = email();
      for (let i = 0; i < OTP_RULES.perEmailPerHour; i++) expect((await request(address)).status).toBe(202);
      const limited = await request(address);
      expect(limited.status).toBe(429);
      expect(limited.body.rate_limit).toMatchObject({
        type: 'HOURLY_LIMIT',
        limit: OTP_RULES.perEmailPerHour,
      });
      // Other emails from the same address count towards the address's own limit.
      let status = 202;
      for (let i = 0; i < OTP_RULES.perAddressPerHour && status === 202; i++)
        status = (await request(email())).status;
      expect(status).toBe(429);
    });

    it('a public smart form needs no code', async () => {
      const { code: open } = await publishedSmartForm(t, key);
      const res = await post(t, `/v1/public/smart-forms/${open}/otp/request`, { email: 'x@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('not private');
    });
  },
  {
    mailer: () => createMailer({ smtpUrl: smtp.url, logger: createLogger({ level: 'silent' }) }),
    publicRateLimit: false,
  },
);

describe('without SMTP', () => {
  it('writes the mail to the log, marked as for development only', async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(line) } as unknown as NodeJS.WritableStream,
    });
    const mailer = createMailer({ logger });
    expect(mailer.kind).toBe('log');
    await mailer.send({ to: 'a@example.com', subject: 'Code', text: 'Your verification code is 123456.' });
    expect(lines.join('')).toContain('DEVELOPMENT ONLY');
    expect(lines.join('')).toContain('123456');
  });
});
