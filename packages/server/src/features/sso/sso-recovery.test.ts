import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { DASHBOARD_ORIGIN, signedInMember } from '../../../test/support/members-kit.js';
import { type OidcStandIn, startOidcStandIn } from '../../../test/support/oidc-stand-in.js';
import { createSoftAuthenticator } from '../../../test/support/passkey-authenticator.js';
import {
  asCookie,
  cookieOf,
  enrol,
  PASSWORD,
  totpCode,
  wrongCode,
} from '../../../test/support/sign-in-kit.js';
import { parseMail, type SmtpStandIn, startSmtpStandIn } from '../../../test/support/smtp-stand-in.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/mailer.js';

const PUBLIC = 'https://forms.example.test';
const CLIENT = { clientId: 'formloom', clientSecret: 'stand-in-client-secret-0123456789' };
let smtp: SmtpStandIn;
let provider: OidcStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  provider = await startOidcStandIn({ ...CLIENT, redirectUri: `${PUBLIC}/v1/auth/sso/callback` });
});
afterAll(async () => {
  await smtp?.close();
  await provider?.close();
});

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

/** The `count`th code mailed to `address` (waits for the outbox to send it), and its mail. */
async function mailedCode(address: string, count = 1) {
  const deadline = Date.now() + 10_000;
  while (mailsTo(address).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const mail = mailsTo(address)[count - 1];
  expect(mail, `a mail to ${address}`).toBeDefined();
  const parsed = parseMail(mail!.raw);
  const code = /^(\d{8})$/m.exec(parsed.text)?.[1];
  expect(code).toBeDefined();
  expect(parsed.html).toContain(`<strong>${code}</strong>`);
  return { code: code!, ...parsed };
}

/** A code that is not `code`. */
const otherThan = (code: string) => (code === '00000000' ? '00000001' : '00000000');

describeEachDialect(
  'an owner signs in with an e-mailed code under enforced single sign-on',
  (t) => {
    afterEach(() => t.clock.reset());
    let client = 10;
    /** Each test's requests come from their own address, so the per-client limits stay its own. */
    const nextClient = () => `198.51.100.${client++}`;

    /** A new account whose owner set single sign-on up with `enforce`; the owner, still signed in. */
    async function ssoAccount(
      enforce = true,
      beforeEnforce?: (owner: { headers: { cookie: string } }) => Promise<unknown>,
    ) {
      const { accountId, key } = await t.account('MAX');
      const owner = await signedInMember(t, accountId, 'owner');
      await beforeEnforce?.(owner);
      await setEnforce(owner.headers, enforce);
      return { accountId, key, owner };
    }

    /** The owner of `headers` sets single sign-on up, with `enforce` on or off. */
    async function setEnforce(headers: Record<string, string>, enforce: boolean) {
      const put = await t.request('/v1/me/sso', {
        method: 'PUT',
        headers,
        json: {
          issuer: provider.issuer,
          ...CLIENT,
          allowedDomains: ['acme.test'],
          defaultRole: 'editor',
          enforce,
        },
      });
      expect(put.status, put.text).toBe(200);
    }

    const request = (email: string, from: string, language?: string) =>
      t.request('/v1/auth/sso/recovery', {
        method: 'POST',
        json: { email, ...(language === undefined ? {} : { language }) },
        headers: { 'x-forwarded-for': from },
      });
    const confirm = (body: { email: string; code: string; twoFactorCode?: string }, from: string) =>
      t.request('/v1/auth/sso/recovery/confirm', {
        method: 'POST',
        json: body,
        headers: { 'x-forwarded-for': from, origin: DASHBOARD_ORIGIN },
      });
    const passwordSignIn = (email: string) =>
      t.request('/v1/auth/login', {
        method: 'POST',
        json: { email, password: PASSWORD },
        headers: { origin: DASHBOARD_ORIGIN },
      });
    const auditOf = async (userId: string) =>
      (
        await t.db
          .selectFrom('audit_log')
          .select(['action', 'actor_id'])
          .where('target_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((e) => e.action);

    it('password sign-in is off for owners too; a mailed code signs the owner in once', async () => {
      const { owner } = await ssoAccount();
      const refused = await passwordSignIn(owner.email);
      expect([refused.status, refused.body.error]).toEqual([403, 'SSO_REQUIRED']);
      const jwt = await t.request('/integrations/v1/auth/login', {
        method: 'POST',
        json: { email: owner.email, password: PASSWORD },
      });
      expect(jwt.status).toBe(403);

      const from = nextClient();
      const asked = await request(owner.email.toUpperCase(), from, 'de');
      expect(asked.status, asked.text).toBe(200);
      expect(asked.body.data).toEqual({ requested: true });
      const mail = await mailedCode(owner.email);
      expect(mail.headers.subject).toBe('Ihr Formloom-Anmeldecode');
      expect(mail.text).toContain('15 Minuten');
      // Only an HMAC of the code is kept.
      const stored = await t.db.selectFrom('sso_recovery_codes').select('code_hash').execute();
      expect(stored.map((r) => r.code_hash).join(' ')).not.toContain(mail.code);

      const wrong = await confirm({ email: owner.email, code: otherThan(mail.code) }, from);
      expect([wrong.status, wrong.body.error]).toEqual([401, 'UNAUTHORIZED']);
      const ok = await confirm({ email: owner.email, code: mail.code }, from);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.data).toMatchObject({ user: { id: owner.id, email: owner.email }, role: 'owner' });
      const me = await t.request('/v1/auth/me', { headers: asCookie(cookieOf(ok)) });
      expect(me.status).toBe(200);

      const twice = await confirm({ email: owner.email, code: mail.code }, from);
      expect(twice.status).toBe(401);
      expect(cookieOf(twice)).toBe('');
      expect(await auditOf(owner.id)).toEqual([
        'sign_in.succeeded',
        'sso.recovery_requested',
        'sign_in.failed',
        'sign_in.succeeded',
      ]);
    });

    it("an owner's passkey is refused with the password under enforce, and works again without it", async () => {
      const authenticator = createSoftAuthenticator(DASHBOARD_ORIGIN);
      const { owner } = await ssoAccount(true, async (o) => {
        const start = await t.request('/v1/auth/passkeys/registration/options', {
          method: 'POST',
          headers: o.headers,
        });
        const added = await t.request('/v1/auth/passkeys/registration/verify', {
          method: 'POST',
          headers: o.headers,
          json: {
            challengeId: start.body.data.challengeId,
            name: 'Laptop',
            response: authenticator.register(start.body.data.options),
          },
        });
        expect(added.status, added.text).toBe(200);
      });
      const passkeySignIn = async () => {
        const options = await t.request('/v1/auth/passkeys/authentication/options', {
          method: 'POST',
          headers: { origin: DASHBOARD_ORIGIN },
          json: {},
        });
        return t.request('/v1/auth/passkeys/authentication/verify', {
          method: 'POST',
          headers: { origin: DASHBOARD_ORIGIN },
          json: {
            challengeId: options.body.data.challengeId,
            response: authenticator.assert(options.body.data.options),
          },
        });
      };
      const refused = await passkeySignIn();
      expect([refused.status, refused.body.error]).toEqual([403, 'SSO_REQUIRED']);
      expect(cookieOf(refused)).toBe('');
      await setEnforce(owner.headers, false);
      const ok = await passkeySignIn();
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.data.user.id).toBe(owner.id);
    });

    it('a member who is not an owner, an unknown address and an account without enforce get the same answer and no mail', async () => {
      const { accountId, owner } = await ssoAccount();
      const admin = await t.db
        .insertInto('users')
        .values({
          id: crypto.randomUUID(),
          account_id: accountId,
          email: `admin-${crypto.randomUUID().slice(0, 8)}@example.com`,
          password_hash: 'x',
          role: 'admin',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow();
      const relaxed = await ssoAccount(false);
      const from = nextClient();
      const answers = [];
      for (const email of [admin.email, 'nobody-here@example.com', relaxed.owner.email, owner.email]) {
        const res = await request(email, from);
        answers.push({ status: res.status, body: res.body });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      // The owner's mail arrives; none went to the others.
      const { code } = await mailedCode(owner.email);
      for (const email of [admin.email, 'nobody-here@example.com', relaxed.owner.email]) {
        expect(mailsTo(email)).toEqual([]);
        expect((await confirm({ email, code }, from)).status).toBe(401);
      }
      // Without enforce the owner signs in with the password, as ever.
      expect((await passwordSignIn(relaxed.owner.email)).status).toBe(200);
      // And with no single sign-on at all, nothing either.
      const plain = await t.account('MAX');
      const plainOwner = await signedInMember(t, plain.accountId, 'owner');
      expect((await request(plainOwner.email, from)).body).toEqual(answers[0]!.body);
      expect(mailsTo(plainOwner.email)).toEqual([]);
    });

    it('a code expires after 15 minutes, and only the newest one signs in', async () => {
      const { owner } = await ssoAccount();
      const from = nextClient();
      await request(owner.email, from);
      const first = await mailedCode(owner.email);
      t.clock.advance(16 * 60_000);
      expect((await confirm({ email: owner.email, code: first.code }, from)).status).toBe(401);
      // Back to now: the outbox sends by the real time.
      t.clock.reset();
      await request(owner.email, from);
      const second = await mailedCode(owner.email, 2);
      await request(owner.email, from);
      const third = await mailedCode(owner.email, 3);
      if (second.code !== third.code) {
        expect((await confirm({ email: owner.email, code: second.code }, from)).status).toBe(401);
      }
      expect((await confirm({ email: owner.email, code: third.code }, from)).status).toBe(200);
    });

    it('five tries per code, right or wrong; requests are limited per address', async () => {
      const { owner } = await ssoAccount();
      const from = nextClient();
      await request(owner.email, from);
      const { code } = await mailedCode(owner.email);
      for (let i = 0; i < 5; i += 1) {
        const res = await confirm({ email: owner.email, code: otherThan(code) }, from);
        expect(res.status).toBe(401);
      }
      const late = await confirm({ email: owner.email, code }, from);
      expect([late.status, late.body.message]).toEqual([401, expect.stringContaining('No tries left')]);
      expect(cookieOf(late)).toBe('');
      // Three codes an hour per address: the fourth is a 429, whoever asks.
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await request(owner.email, nextClient())).status);
      expect(statuses).toEqual([200, 200, 429]);
    });

    it("an owner with two-factor needs its code too; another account's owner's code does not work here", async () => {
      let secret = '';
      const { owner } = await ssoAccount(true, async (o) => {
        ({ secret } = await enrol(t, o.headers.cookie));
        // Back to now (the outbox sends by the real time); the app's next code is good then.
        t.clock.reset();
      });
      const other = await ssoAccount();
      const from = nextClient();
      await request(owner.email, from);
      await request(other.owner.email, from);
      const mine = await mailedCode(owner.email);
      const theirs = await mailedCode(other.owner.email);
      if (theirs.code !== mine.code) {
        expect((await confirm({ email: owner.email, code: theirs.code }, from)).status).toBe(401);
      }
      const missing = await confirm({ email: owner.email, code: mine.code }, from);
      expect([missing.status, missing.body.error]).toEqual([401, 'TWO_FACTOR_REQUIRED']);
      expect(cookieOf(missing)).toBe('');
      const wrongFactor = await confirm(
        { email: owner.email, code: mine.code, twoFactorCode: wrongCode(t, secret) },
        from,
      );
      expect([wrongFactor.status, wrongFactor.body.error]).toEqual([401, 'TWO_FACTOR_REQUIRED']);
      const ok = await confirm(
        { email: owner.email, code: mine.code, twoFactorCode: totpCode(t, secret, 1) },
        from,
      );
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.data.user.id).toBe(owner.id);
      // The other owner's code is theirs still.
      const theirsOk = await confirm({ email: other.owner.email, code: theirs.code }, from);
      expect(theirsOk.status).toBe(200);
      expect(theirsOk.body.data.user.id).toBe(other.owner.id);
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
    appConfig: () => ({ ssoAllowLoopbackHttp: true }),
  },
);
