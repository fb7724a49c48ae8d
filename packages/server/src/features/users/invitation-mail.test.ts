import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';
import { createServices } from '../../services.js';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'https://forms.example.test';
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp.close());

describeEachDialect(
  'invitation e-mail when SMTP is configured',
  (t) => {
    it('mails the link to the invitee, and says so', async () => {
      const { accountId } = await t.account();
      const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
      await createServices({ db: t.db }).users.create({ account: accountId, email, password: PASSWORD });
      const login = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email, password: PASSWORD },
        headers: { origin: ORIGIN },
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const invitee = `guest-${randomUUID().slice(0, 8)}@example.com`;
      const res = await t.request('/v1/members/invitations', {
        method: 'POST',
        headers: { cookie, origin: ORIGIN },
        json: { email: invitee, role: 'editor' },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.emailed).toBe(true);
      const mail = smtp.mails.find((m) => m.to.includes(invitee));
      expect(mail).toBeDefined();
      const token = new URL(res.body.data.link).searchParams.get('token')!;
      // Quoted-printable may wrap the long link: compare without soft line breaks.
      expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(token);
    });
  },
  { mailer: () => createMailer({ smtpUrl: smtp.url, logger: createLogger({ level: 'silent' }) }) },
);
