import { afterAll, beforeAll, expect, it } from 'vitest';
import { DASHBOARD_ORIGIN, signedInMember } from '../../../test/support/members-kit.js';
import { followSignIn, type OidcStandIn, startOidcStandIn } from '../../../test/support/oidc-stand-in.js';
import { describeEachDialect } from '../../../test/support/test-server.js';

const PUBLIC = 'https://forms.example.test';
const CLIENT = { clientId: 'formloom', clientSecret: 'stand-in-client-secret-0123456789' };

describeEachDialect(
  'single sign-on through a real OpenID Connect provider',
  (t) => {
    let provider: OidcStandIn;
    let accountId: string;
    let owner: { email: string; headers: Record<string, string> };

    beforeAll(async () => {
      provider = await startOidcStandIn({
        ...CLIENT,
        redirectUri: `${PUBLIC}/v1/auth/sso/callback`,
        idTokenTtl: 120,
      });
      accountId = (await t.account('MAX')).accountId;
      owner = await signedInMember(t, accountId, 'owner');
    });
    afterAll(() => provider?.close());

    const settings = (over: Record<string, unknown> = {}) => ({
      issuer: provider.issuer,
      ...CLIENT,
      allowedDomains: ['acme.test'],
      defaultRole: 'editor',
      enforce: false,
      ...over,
    });
    const put = (body: object, headers = owner.headers) =>
      t.request('/v1/me/sso', { method: 'PUT', json: body, headers });

    /**
     * A browser's sign-in: the server's start, the provider (its prompts answered for `signInAs`),
     * back to the server's callback (the public origin mapped onto the test server). Answers where
     * the callback sent the browser and the cookies the server set.
     */
    async function signIn(account = accountId, tamper?: (callback: URL) => URL) {
      const cookies = new Map<string, string>();
      const { response } = await followSignIn(
        `${t.url}/v1/auth/sso/start?account=${account}`,
        cookies,
        // The callback's answer, or the start's when it sends the browser back to the dashboard.
        (url, response) =>
          url.pathname === '/v1/auth/sso/callback' ||
          response.headers.get('location')?.startsWith('/app') === true,
        (url) => {
          if (url.origin !== PUBLIC) return url;
          const local = new URL(`${t.url}${url.pathname}${url.search}`);
          return url.pathname === '/v1/auth/sso/callback' && tamper ? tamper(local) : local;
        },
      );
      return { location: response.headers.get('location'), cookies };
    }

    const me = (cookies: Map<string, string>) =>
      t.request('/v1/auth/me', {
        headers: {
          cookie: `formloom_session=${cookies.get('formloom_session') ?? ''}`,
          origin: DASHBOARD_ORIGIN,
        },
      });

    it('only owners set it up; the client secret is never read back; an unreachable issuer is refused', async () => {
      const admin = await signedInMember(t, accountId, 'admin');
      expect((await put(settings(), admin.headers)).status).toBe(403);
      expect((await put(settings({ clientSecret: undefined }))).status).toBe(400);
      const unreachable = await put(settings({ issuer: 'http://127.0.0.1:9/none' }));
      expect(unreachable.status).toBe(400);
      const plain = await put(settings({ issuer: 'http://idp.example.com' }));
      expect([plain.status, plain.body.message]).toEqual([400, expect.stringContaining('https')]);

      const saved = await put(settings());
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({
        issuer: provider.issuer,
        clientId: 'formloom',
        allowedDomains: ['acme.test'],
        defaultRole: 'editor',
        enforce: false,
        redirectUri: `${PUBLIC}/v1/auth/sso/callback`,
        signInUrl: `${PUBLIC}/v1/auth/sso/start?account=${accountId}`,
        updatedAt: expect.any(String),
      });
      expect(JSON.stringify((await t.request('/v1/me/sso', { headers: owner.headers })).body)).not.toContain(
        CLIENT.clientSecret,
      );
      const stored = await t.db.selectFrom('account_sso').selectAll().executeTakeFirstOrThrow();
      expect(stored.client_secret_sealed).not.toContain(CLIENT.clientSecret);
      // An API key never reaches it.
      const { key } = await t.account('MAX');
      expect((await t.request('/v1/me/sso', { key })).status).toBe(403);
    });

    it('a first sign-in makes a member with the default role; the next finds the same member', async () => {
      await put(settings());
      provider.signInAs({ sub: 'u-100', email: 'Grace@acme.test' });
      const first = await signIn();
      expect(first.location).toBe('/app');
      const who = await me(first.cookies);
      expect(who.status).toBe(200);
      expect(who.body.data).toMatchObject({
        user: { email: 'grace@acme.test' },
        role: 'editor',
        account: { id: accountId },
      });

      const again = await signIn();
      expect(again.location).toBe('/app');
      expect((await me(again.cookies)).body.data.user.id).toBe(who.body.data.user.id);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('account_id', '=', accountId)
        .where('target_id', '=', who.body.data.user.id)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['member.joined', 'sign_in.succeeded', 'sign_in.succeeded']);
    });

    it('refuses a domain not allowed, an unverified address, a mismatched state, a replayed code and an expired token', async () => {
      await put(settings());
      provider.signInAs({ sub: 'u-200', email: 'eve@elsewhere.test' });
      expect((await signIn()).location).toBe('/app/sign-in?sso=domain');

      provider.signInAs({ sub: 'u-201', email: 'nina@acme.test', emailVerified: false });
      expect((await signIn()).location).toBe('/app/sign-in?sso=email');

      provider.signInAs({ sub: 'u-202', email: 'sam@acme.test' });
      const tampered = await signIn(accountId, (url) => {
        url.searchParams.set('state', 'not-the-state');
        return url;
      });
      expect(tampered.location).toBe('/app/sign-in?sso=state');
      expect(tampered.cookies.has('formloom_session')).toBe(false);

      // The callback replayed with the same flow and code: the provider refuses the used code.
      let replay: URL | undefined;
      let flow = '';
      const ok = await signIn(accountId, (url) => {
        replay = url;
        return url;
      });
      expect(ok.location).toBe('/app');
      flow = ok.cookies.get('formloom_sso') ?? '';
      const startCookies = new Map<string, string>();
      const started = await fetch(`${t.url}/v1/auth/sso/start?account=${accountId}`, { redirect: 'manual' });
      for (const line of started.headers.getSetCookie()) {
        const [pair] = line.split(';');
        startCookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
      }
      const replayed = await fetch(replay!, {
        redirect: 'manual',
        headers: { cookie: `formloom_sso=${flow || startCookies.get('formloom_sso')}` },
      });
      expect(replayed.headers.get('location')).toMatch(/^\/app\/sign-in\?sso=(state|provider)$/);

      // The server's clock five minutes on: the flow (ten minutes) holds, the ID token (two) has expired.
      t.clock.advance(5 * 60_000);
      try {
        provider.signInAs({ sub: 'u-203', email: 'old@acme.test' });
        expect((await signIn()).location).toBe('/app/sign-in?sso=provider');
      } finally {
        t.clock.reset();
      }
      const made = await t.db
        .selectFrom('users')
        .select('email')
        .where('account_id', '=', accountId)
        .execute();
      expect(made.map((u) => u.email)).not.toEqual(
        expect.arrayContaining(['eve@elsewhere.test', 'nina@acme.test', 'old@acme.test']),
      );
    });

    it('a member of another account is not signed in here, nor is an account without single sign-on', async () => {
      await put(settings());
      const other = await t.account('MAX');
      const stranger = await signedInMember(t, other.accountId, 'editor');
      const email = (await me(new Map([['formloom_session', stranger.headers.cookie.split('=')[1]!]]))).body
        .data.user.email as string;
      await t.db
        .updateTable('users')
        .set({ email: email.replace('@example.com', '@acme.test') })
        .where('id', '=', stranger.id)
        .execute();
      provider.signInAs({ sub: 'u-300', email: email.replace('@example.com', '@acme.test') });
      expect((await signIn()).location).toBe('/app/sign-in?sso=other_account');
      expect((await signIn(other.accountId)).location).toBe('/app/sign-in?sso=not_configured');
    });

    it('refuses an ID token issued to another client of the same provider', async () => {
      await put(settings());
      provider.signInAs({ sub: 'u-350', email: 'swap@acme.test' });
      provider.issueIdTokensFor('another-app');
      try {
        const swapped = await signIn();
        expect(swapped.location).toBe('/app/sign-in?sso=provider');
        expect(swapped.cookies.has('formloom_session')).toBe(false);
      } finally {
        provider.issueIdTokensFor(undefined);
      }
      // The same substitution naming this client is let in: the audience was the only fault.
      provider.issueIdTokensFor(CLIENT.clientId);
      try {
        expect((await signIn()).location).toBe('/app');
      } finally {
        provider.issueIdTokensFor(undefined);
      }
      const made = await t.db
        .selectFrom('users')
        .select('email')
        .where('account_id', '=', accountId)
        .where('email', '=', 'swap@acme.test')
        .execute();
      expect(made).toHaveLength(1);
    });

    it("keeps working across the provider's key rotation", async () => {
      await put(settings());
      provider.signInAs({ sub: 'u-400', email: 'rot@acme.test' });
      expect((await signIn()).location).toBe('/app');
      await provider.rotateKeys();
      expect((await signIn()).location).toBe('/app');
    });

    it('enforce turns password sign-in off for members and owners; a domain dropped ends its sessions', async () => {
      await put(settings({ enforce: true }));
      const editor = await t.db
        .selectFrom('users')
        .select(['email'])
        .where('account_id', '=', accountId)
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      const refused = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email: editor.email, password: 'correct horse battery' },
        headers: { origin: DASHBOARD_ORIGIN },
      });
      expect([refused.status, refused.body.error]).toEqual([403, 'SSO_REQUIRED']);
      // A wrong password still says only that.
      const wrong = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email: editor.email, password: 'not it at all' },
        headers: { origin: DASHBOARD_ORIGIN },
      });
      expect(wrong.status).toBe(401);
      // The integrations sign-in obeys it too.
      const jwt = await t.request('/integrations/v1/auth/login', {
        method: 'POST',
        json: { email: editor.email, password: 'correct horse battery' },
      });
      expect(jwt.status).toBe(403);
      // Owners too: their way back in is an e-mailed code (sso-recovery.test.ts).
      const asOwner = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email: owner.email, password: 'correct horse battery' },
        headers: { origin: DASHBOARD_ORIGIN },
      });
      expect([asOwner.status, asOwner.body.error]).toEqual([403, 'SSO_REQUIRED']);

      provider.signInAs({ sub: 'u-500', email: 'leaving@acme.test' });
      const session = await signIn();
      expect((await me(session.cookies)).status).toBe(200);
      await put(settings({ enforce: true, allowedDomains: ['acme-new.test'] }));
      expect((await me(session.cookies)).status).toBe(401);
      // Coming back from the dropped domain is refused, and the refusal is in the log as the member's.
      expect((await signIn()).location).toBe('/app/sign-in?sso=domain');
      const leaving = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'leaving@acme.test')
        .executeTakeFirstOrThrow();
      const entries = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', leaving.id)
        .orderBy('id')
        .execute();
      expect(entries.map((e) => e.action)).toEqual(['member.joined', 'sign_in.succeeded', 'sign_in.failed']);
      await put(settings());
    });
  },
  { appConfig: () => ({ ssoAllowLoopbackHttp: true }) },
);
