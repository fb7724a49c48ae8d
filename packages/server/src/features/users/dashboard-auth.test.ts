import { randomUUID } from 'node:crypto';
import { SignedIn } from '@formloom/contract';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { ensureDefaultAccount } from '../../bootstrap.js';
import { createServices } from '../../services.js';
import { DASHBOARD_SESSION_TTL_MS } from './cookie-sessions.js';
import { SETUP_TOKEN_TTL_MS } from './setup-tokens.js';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'https://forms.example.test';
const SAME_ORIGIN = { origin: ORIGIN };

async function member(t: TestServer, plan = 'PRO') {
  const { accountId, key } = await t.account(plan);
  const email = `m-${randomUUID().slice(0, 8)}@example.com`;
  await createServices({ db: t.db }).users.create({ account: accountId, email, password: PASSWORD });
  return { accountId, key, email };
}

/** Signs in; returns the `formloom_session=<token>` pair for a Cookie header and the Set-Cookie line. */
async function signIn(t: TestServer, email: string, password = PASSWORD) {
  const res = await t.request('/v1/auth/login', {
    method: 'POST',
    json: { email, password },
    headers: SAME_ORIGIN,
  });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0]! };
}

describeEachDialect(
  'dashboard sessions',
  (t) => {
    it('signs in with an HttpOnly, SameSite=Lax, Secure cookie holding an opaque token stored hashed', async () => {
      const { accountId, email } = await member(t);
      const { res, setCookie, cookie } = await signIn(t, email);
      expect(res.status).toBe(200);
      const body = SignedIn.parse(res.body.data);
      expect(body).toMatchObject({ user: { email }, account: { id: accountId, plan: 'PRO' }, role: 'owner' });
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(DASHBOARD_SESSION_TTL_MS - 60_000);
      expect(setCookie).toMatch(/^formloom_session=[0-9a-f]{16}\.[0-9a-f]{64}; /);
      for (const flag of [
        'HttpOnly',
        'SameSite=Lax',
        'Path=/',
        'Secure',
        `Max-Age=${DASHBOARD_SESSION_TTL_MS / 1000}`,
      ]) {
        expect(setCookie.split('; ')).toContain(flag);
      }
      const secret = cookie.split('.')[1]!;
      const rows = await t.db.selectFrom('user_sessions').selectAll().execute();
      expect(rows.some((r) => r.secret_hash === secret || JSON.stringify(r).includes(secret))).toBe(false);
      const me = await t.request('/v1/auth/me', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(SignedIn.parse(me.body.data)).toEqual(body);
    });

    it("reaches API-key routes as the account: its forms, and 404 for another account's", async () => {
      const mine = await member(t);
      const other = await member(t);
      const { cookie } = await signIn(t, mine.email);
      const created = await t.request('/v1/forms', {
        method: 'POST',
        json: { title: 'Made in the dashboard' },
        headers: { cookie, ...SAME_ORIGIN },
      });
      expect(created.status).toBe(201);
      const theirs = await t.request('/v1/forms', {
        method: 'POST',
        key: other.key,
        json: { title: 'Theirs' },
      });
      const list = await t.request('/v1/forms', { headers: { cookie } });
      expect(list.status).toBe(200);
      expect(list.body.data.forms.map((f: { title: string }) => f.title)).toEqual(['Made in the dashboard']);
      expect((await t.request(`/v1/forms/${theirs.body.data.id}`, { headers: { cookie } })).status).toBe(404);
      const account = await t.request('/v1/me', { headers: { cookie } });
      expect(account.status).toBe(200);
      expect(account.body.data).toMatchObject({ account: { id: mine.accountId }, apiKey: null });
    });

    it('the same-origin rule: a cross-origin POST with the cookie is 403, GET and same-origin POST pass, keys are unaffected', async () => {
      const { email, key } = await member(t);
      const { cookie } = await signIn(t, email);
      const post = (headers: Record<string, string>) =>
        t.request('/v1/forms', { method: 'POST', json: { title: 'x' }, headers: { cookie, ...headers } });
      const crossOrigin: Record<string, string>[] = [
        {},
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of crossOrigin) {
        const refused = await post(headers);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ error: 'CROSS_ORIGIN_REFUSED', data: null });
      }
      expect((await post(SAME_ORIGIN)).status).toBe(201);
      expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(201);
      expect(
        (await t.request('/v1/forms', { headers: { cookie, origin: 'https://evil.example' } })).status,
      ).toBe(200);
      // An API key with a stray cookie: the key decides, no origin needed.
      const withKey = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'k' },
        headers: { cookie },
      });
      expect(withKey.status).toBe(201);
      // Where the cookie is the credential, an Authorization header beside it does not lift the rule.
      for (const authorization of [`Bearer ${key}`, 'Bearer formloom_not_a_key', 'Basic eDp5']) {
        const keyMade = await t.request('/v1/api-keys', {
          method: 'POST',
          json: { name: 'from elsewhere', scopes: ['FORMS_READ'] },
          headers: { cookie, authorization, origin: 'https://evil.example' },
        });
        expect(keyMade.status).toBe(403);
        expect(keyMade.body).toMatchObject({ error: 'CROSS_ORIGIN_REFUSED' });
      }
      const ownKey = await t.request('/v1/api-keys', {
        method: 'POST',
        json: { name: 'from the dashboard', scopes: ['FORMS_READ'] },
        headers: { cookie, authorization: `Bearer ${key}`, ...SAME_ORIGIN },
      });
      expect(ownKey.status).toBe(201);
      // Nobody signs a visitor in from another site.
      const crossLogin = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email, password: PASSWORD },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossLogin.status).toBe(403);
    });

    it('sign-out ends the session on the server: the old cookie is refused afterwards', async () => {
      const { email } = await member(t);
      const { cookie } = await signIn(t, email);
      const out = await t.request('/v1/auth/logout', { method: 'POST', headers: { cookie, ...SAME_ORIGIN } });
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/^formloom_session=; .*Max-Age=0/);
      const me = await t.request('/v1/auth/me', { headers: { cookie } });
      expect(me.status).toBe(401);
      expect((await t.request('/v1/forms', { headers: { cookie } })).status).toBe(401);
    });

    it('a session expires after its fixed lifetime', async () => {
      const { email } = await member(t);
      const { cookie } = await signIn(t, email);
      t.clock.advance(DASHBOARD_SESSION_TTL_MS - 60_000);
      try {
        expect((await t.request('/v1/forms', { headers: { cookie } })).status).toBe(200);
        t.clock.advance(61_000);
        expect((await t.request('/v1/forms', { headers: { cookie } })).status).toBe(401);
        expect((await t.request('/v1/auth/me', { headers: { cookie } })).status).toBe(401);
      } finally {
        t.clock.reset();
      }
    });

    it('a forged or tampered cookie is 401, as is no cookie at /v1/auth/me', async () => {
      const { email } = await member(t);
      const { cookie } = await signIn(t, email);
      const tampered = cookie.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
      expect((await t.request('/v1/forms', { headers: { cookie: tampered } })).status).toBe(401);
      expect(
        (await t.request('/v1/forms', { headers: { cookie: 'formloom_session=nonsense' } })).status,
      ).toBe(401);
      expect((await t.request('/v1/auth/me')).status).toBe(401);
    });

    it('a wrong password is 401 with the sign-in throttle shared with the integrations login', async () => {
      const { email } = await member(t);
      const wrong = await signIn(t, email, 'not the password');
      expect(wrong.res.status).toBe(401);
      expect(wrong.setCookie).toBe('');
      // Past 3 failures per email the backoff starts here: the integrations login counts toward it.
      const integrations = (password: string) =>
        t.request('/integrations/v1/auth/login', { method: 'POST', json: { email, password } });
      expect((await integrations('nope nope nope')).status).toBe(401);
      expect((await signIn(t, email, 'still not it')).res.status).toBe(401);
      // The backoff's one checked attempt, taken by the other path.
      expect((await integrations('nope again nope')).status).toBe(401);
      const throttled = await signIn(t, email);
      expect(throttled.res.status).toBe(429);
      expect(throttled.setCookie).toBe('');
    });

    it("a password reset ends the member's sessions", async () => {
      const { email } = await member(t);
      const { cookie } = await signIn(t, email);
      await createServices({ db: t.db }).users.resetPassword(email, 'another good password');
      expect((await t.request('/v1/auth/me', { headers: { cookie } })).status).toBe(401);
    });

    it('a session of a Free account is refused on API-key routes like its keys are', async () => {
      const { email } = await member(t, 'FREE');
      const { cookie } = await signIn(t, email);
      expect((await t.request('/v1/forms', { headers: { cookie } })).status).toBe(403);
      expect((await t.request('/v1/auth/me', { headers: { cookie } })).status).toBe(200);
    });
  },
  { loginLimits: { perEmail: 3, perAddress: 1000, windowMs: 60_000, backoffMs: 60_000 } },
);

describeEachDialect('first-run setup link', (t) => {
  it('makes the owner once, signed in; a used, expired or wrong token is refused', async () => {
    // This server's database has no account yet: the first run makes one.
    const first = await ensureDefaultAccount(createServices({ db: t.db, clock: t.clock.now }));
    expect(first).toBeDefined();
    const { setupToken, account } = first!;
    expect(setupToken).toMatch(/^[0-9a-f]{16}\.[0-9a-f]{64}$/);
    const stored = await t.db.selectFrom('setup_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(setupToken.split('.')[1]);

    const setup = (token: string, email: string, password = PASSWORD) =>
      t.request('/v1/auth/setup', { method: 'POST', json: { token, email, password }, headers: SAME_ORIGIN });
    expect((await setup(setupToken, 'owner@example.com', 'short')).status).toBe(400);
    // One character changed (a token ending in 0 once made this the right token).
    const wrong = `${setupToken.slice(0, -1)}${setupToken.endsWith('0') ? '1' : '0'}`;
    expect((await setup(wrong, 'owner@example.com')).status).toBe(401);
    const made = await setup(setupToken, 'owner@example.com');
    expect(made.status).toBe(200);
    expect(SignedIn.parse(made.body.data)).toMatchObject({
      user: { email: 'owner@example.com' },
      account: { id: account.id, name: 'default' },
      role: 'owner',
    });
    const cookie = (made.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await t.request('/v1/forms', { headers: { cookie } })).status).toBe(200);
    const again = await setup(setupToken, 'second@example.com');
    expect(again.status).toBe(401);
    expect(await createServices({ db: t.db }).users.list(account.id)).toHaveLength(1);

    const other = await t.account('MAX');
    const late = await createServices({ db: t.db, clock: t.clock.now }).setupTokens.issue(other.accountId);
    t.clock.advance(SETUP_TOKEN_TTL_MS + 1000);
    try {
      expect((await setup(late, 'late@example.com')).status).toBe(401);
    } finally {
      t.clock.reset();
    }
  });
});
