import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { asCookie, auditActions, cookieOf, newMember, signIn } from '../../../test/support/sign-in-kit.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';

const NEW_PASSWORD = 'a brand new passphrase';
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(() => smtp?.close());

/** The reset link mailed to `address` (waits for the outbox to send it), under `subject`. */
async function mailedLink(
  address: string,
  count = 1,
  subject = 'Reset your Formloom password',
): Promise<URL> {
  const mailed = () => smtp.mails.filter((m) => m.to.includes(address));
  const deadline = Date.now() + 10_000;
  while (mailed().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const mail = mailed()[count - 1];
  expect(mail, `a mail to ${address}`).toBeDefined();
  const { text, html, headers } = parseMail(mail!.raw);
  expect(headers.subject).toBe(subject);
  const link = /https:\/\/\S+reset-password\?token=\S+/.exec(text)?.[0];
  expect(link).toBeDefined();
  // The HTML part carries the same link, escaped as an attribute.
  expect(html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
  return new URL(link!);
}

describeEachDialect(
  'password reset by an e-mailed link',
  (t) => {
    let accountId = '';
    let key = '';
    beforeAll(async () => {
      ({ accountId, key } = await t.account('PRO'));
    });
    afterEach(() => t.clock.reset());

    const request = (email: string, from = '198.51.100.7', language?: string) =>
      t.request('/v1/auth/password-reset', {
        method: 'POST',
        json: { email, ...(language === undefined ? {} : { language }) },
        headers: { 'x-forwarded-for': from },
      });
    const confirm = (token: string, password = NEW_PASSWORD) =>
      t.request('/v1/auth/password-reset/confirm', { method: 'POST', json: { token, password } });

    it('mails a one-time link that sets the password once and ends every session', async () => {
      const member = await newMember(t, accountId, 'editor');
      const first = cookieOf(await signIn(t, member));
      const second = cookieOf(await signIn(t, member));
      const asked = await request(member.email.toUpperCase());
      expect(asked.status, asked.text).toBe(200);
      expect(asked.body.data).toEqual({ requested: true });
      const link = await mailedLink(member.email);
      expect(link.origin).toBe('https://forms.example.test');
      expect(link.pathname).toBe('/app/reset-password');
      const token = link.searchParams.get('token')!;
      const stored = await t.db.selectFrom('password_resets').select('secret_hash').execute();
      expect(stored.map((r) => r.secret_hash).join(' ')).not.toContain(token.split('.')[1]);

      // A weak password spends nothing: the link still works after.
      const weak = await confirm(token, 'password123');
      expect(weak.status).toBe(400);
      const done = await confirm(token);
      expect(done.status, done.text).toBe(200);
      expect(done.body.data).toEqual({ reset: true });
      for (const cookie of [first, second]) {
        expect((await t.request('/v1/auth/me', { headers: asCookie(cookie) })).status).toBe(401);
      }
      expect((await signIn(t, member)).status).toBe(401);
      expect((await signIn(t, { ...member, password: NEW_PASSWORD })).status).toBe(200);

      const again = await confirm(token, 'yet another passphrase');
      expect(again.status).toBe(401);
      expect((await signIn(t, { ...member, password: 'yet another passphrase' })).status).toBe(401);
      expect(await auditActions(t, key)).toContain('password.reset_confirmed');
    });

    it('the mail is in the language the request names, and its link works the same', async () => {
      const member = await newMember(t, accountId, 'editor');
      const asked = await request(member.email, '198.51.100.10', 'de');
      expect(asked.status, asked.text).toBe(200);
      const link = await mailedLink(member.email, 1, 'Ihr Formloom-Passwort zurücksetzen');
      const { text, html } = parseMail(smtp.mails.filter((m) => m.to.includes(member.email)).at(-1)!.raw);
      expect(text).toContain(`Jemand hat angefordert, das Passwort von ${member.email} zurückzusetzen.`);
      expect(text).toContain('30 Minuten lang');
      expect(text).toContain(`Neues Passwort festlegen: ${link.href}`);
      expect(html).toContain('<html lang="de">');
      expect(text).not.toContain('Reset your');
      const done = await confirm(link.searchParams.get('token')!);
      expect(done.status, done.text).toBe(200);
      // A language the server does not have is refused, not mailed in English.
      expect((await request(member.email, '198.51.100.10', 'fr')).status).toBe(400);
    });

    it('a link expires after 30 minutes', async () => {
      const member = await newMember(t, accountId, 'viewer');
      expect((await request(member.email, '198.51.100.8')).status).toBe(200);
      const token = (await mailedLink(member.email)).searchParams.get('token')!;
      t.clock.advance(31 * 60_000);
      const late = await confirm(token);
      expect(late.status).toBe(401);
      expect(late.body.error).toBe('UNAUTHORIZED');
      expect((await signIn(t, member)).status).toBe(200);
    });

    it('an unknown address gets the same answer, and no mail', async () => {
      const member = await newMember(t, accountId, 'viewer');
      const known = await request(member.email, '198.51.100.9');
      const unknown = await request('nobody-here@example.com', '198.51.100.9');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      await mailedLink(member.email);
      expect(smtp.mails.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
      expect((await confirm('0123456789abcdef.'.padEnd(81, '0'))).status).toBe(401);
      expect((await confirm('not a token')).status).toBe(401);
    });

    it('requests are limited per address and per client, known address or not', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await request('limited@example.com', `198.51.100.${20 + i}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const fromOne: number[] = [];
      for (let i = 0; i < 6; i += 1)
        fromOne.push((await request(`someone-${i}@example.com`, '198.51.100.40')).status);
      expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
    });
  },
  {
    trustProxy: 1,
    mailer: () =>
      createMailer({
        smtpUrl: smtp.url,
        from: 'forms@formloom.test',
        logger: createLogger({ level: 'silent' }),
      }),
    webhookWorker: {},
    sendMails: true,
  },
);
