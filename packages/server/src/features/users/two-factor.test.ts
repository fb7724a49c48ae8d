import { afterEach, beforeAll, expect, it } from 'vitest';
import {
  asCookie,
  auditActions,
  cookieOf,
  enrol,
  type Member,
  newMember,
  signIn,
  totpCode,
  wrongCode,
} from '../../../test/support/sign-in-kit.js';
import { describeEachDialect } from '../../../test/support/test-server.js';

describeEachDialect(
  'two-factor sign-in with TOTP and recovery codes',
  (t) => {
    let accountId = '';
    let key = '';
    beforeAll(async () => {
      ({ accountId, key } = await t.account('PRO'));
    });
    afterEach(() => t.clock.reset());

    async function enrolled(): Promise<Member & { cookie: string; secret: string; recoveryCodes: string[] }> {
      const member = await newMember(t, accountId);
      const cookie = cookieOf(await signIn(t, member));
      return { ...member, cookie, ...(await enrol(t, cookie)) };
    }

    it('set-up answers the URI, a QR code and the secret, sealed at rest; a wrong first code turns nothing on', async () => {
      const member = await newMember(t, accountId);
      const cookie = cookieOf(await signIn(t, member));
      const setup = await t.request('/v1/auth/2fa/setup', { method: 'POST', headers: asCookie(cookie) });
      expect(setup.status, setup.text).toBe(200);
      const { otpauthUri, qrSvg, secret } = setup.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(otpauthUri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Formloom');
      expect(decodeURIComponent(uri.pathname)).toContain(member.email);
      expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      const stored = await t.db
        .selectFrom('user_two_factor')
        .select(['secret_sealed', 'enabled_at'])
        .where('user_id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret_sealed).toMatch(/^v1\./);
      expect(stored.secret_sealed).not.toContain(secret);
      expect(stored.enabled_at).toBeNull();

      const wrong = await t.request('/v1/auth/2fa/confirm', {
        method: 'POST',
        headers: asCookie(cookie),
        json: { code: wrongCode(t, secret) },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('TWO_FACTOR_REQUIRED');
      // Still off: the password alone signs in.
      expect((await signIn(t, member)).status).toBe(200);
      const status = await t.request('/v1/auth/2fa', { headers: asCookie(cookie) });
      expect(status.body.data).toEqual({
        enabled: false,
        recoveryCodesLeft: 0,
        required: false,
        passkeys: 0,
      });
    });

    it('confirmed: ten recovery codes, stored hashed; sign-in needs a code and makes no session without one', async () => {
      const member = await enrolled();
      expect(member.recoveryCodes).toHaveLength(10);
      expect(new Set(member.recoveryCodes).size).toBe(10);
      for (const code of member.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const hashes = await t.db
        .selectFrom('user_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', member.id)
        .execute();
      expect(hashes).toHaveLength(10);
      const stored = hashes.map((h) => h.code_hash).join(' ');
      for (const code of member.recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
      const status = await t.request('/v1/auth/2fa', { headers: asCookie(member.cookie) });
      expect(status.body.data).toEqual({
        enabled: true,
        recoveryCodesLeft: 10,
        required: false,
        passkeys: 0,
      });

      const before = await t.db
        .selectFrom('user_sessions')
        .select('id')
        .where('user_id', '=', member.id)
        .execute();
      const bare = await signIn(t, member);
      expect(bare.status).toBe(401);
      expect(bare.body.error).toBe('TWO_FACTOR_REQUIRED');
      expect(bare.headers.get('set-cookie')).toBeNull();
      const after = await t.db
        .selectFrom('user_sessions')
        .select('id')
        .where('user_id', '=', member.id)
        .execute();
      expect(after).toHaveLength(before.length);

      const wrongPassword = await signIn(
        t,
        { ...member, password: 'not the password' },
        totpCode(t, member.secret),
      );
      expect(wrongPassword.status).toBe(401);
      expect(wrongPassword.body.error).toBe('UNAUTHORIZED');

      const good = await signIn(t, member, totpCode(t, member.secret));
      expect(good.status, good.text).toBe(200);
      const cookie = cookieOf(good);
      expect((await t.request('/v1/auth/me', { headers: asCookie(cookie) })).status).toBe(200);
    });

    it('a code is good once: used again within its window, or an older one after it, it is refused', async () => {
      const member = await enrolled();
      const code = totpCode(t, member.secret);
      expect((await signIn(t, member, code)).status).toBe(200);
      const again = await signIn(t, member, code);
      expect(again.status).toBe(401);
      expect(again.body.error).toBe('TWO_FACTOR_REQUIRED');
      // The previous step's code is still inside the window, but older than the one used.
      const older = await signIn(t, member, totpCode(t, member.secret, -1));
      expect(older.status).toBe(401);
      t.clock.advance(30_000);
      expect((await signIn(t, member, totpCode(t, member.secret))).status).toBe(200);
    });

    it('the integrations login obeys two-factor too', async () => {
      const member = await enrolled();
      const login = (code?: string) =>
        t.request('/integrations/v1/auth/login', {
          method: 'POST',
          json: { email: member.email, password: member.password, ...(code === undefined ? {} : { code }) },
        });
      const bare = await login();
      expect(bare.status).toBe(401);
      expect(bare.body.error).toBe('TWO_FACTOR_REQUIRED');
      expect((await login(wrongCode(t, member.secret))).body.error).toBe('TWO_FACTOR_REQUIRED');
      const good = await login(totpCode(t, member.secret));
      expect(good.status, good.text).toBe(200);
      expect(good.body.data.tokenType).toBe('Bearer');
    });

    it('a recovery code signs in once; new codes replace every old one', async () => {
      const member = await enrolled();
      const [first, second] = member.recoveryCodes as [string, string];
      // Typed in capitals without the dash: the same code.
      expect((await signIn(t, member, first.replace('-', '').toUpperCase())).status).toBe(200);
      const twice = await signIn(t, member, first);
      expect(twice.status).toBe(401);
      expect(twice.body.error).toBe('TWO_FACTOR_REQUIRED');
      const status = await t.request('/v1/auth/2fa', { headers: asCookie(member.cookie) });
      expect(status.body.data.recoveryCodesLeft).toBe(9);

      const refused = await t.request('/v1/auth/2fa/recovery-codes', {
        method: 'POST',
        headers: asCookie(member.cookie),
        json: { code: wrongCode(t, member.secret) },
      });
      expect(refused.status).toBe(401);
      const renewed = await t.request('/v1/auth/2fa/recovery-codes', {
        method: 'POST',
        headers: asCookie(member.cookie),
        json: { code: totpCode(t, member.secret) },
      });
      expect(renewed.status, renewed.text).toBe(200);
      expect(renewed.body.data.recoveryCodes).toHaveLength(10);
      expect(renewed.body.data.recoveryCodes).not.toContain(second);
      expect((await signIn(t, member, second)).status).toBe(401);
      expect((await signIn(t, member, renewed.body.data.recoveryCodes[0])).status).toBe(200);
    });

    it('turning two-factor off needs a good code; then the password alone signs in', async () => {
      const member = await enrolled();
      const off = (code: string) =>
        t.request('/v1/auth/2fa', { method: 'DELETE', headers: asCookie(member.cookie), json: { code } });
      const wrong = await off(wrongCode(t, member.secret));
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('TWO_FACTOR_REQUIRED');
      expect((await signIn(t, member)).status).toBe(401);
      const done = await off(totpCode(t, member.secret));
      expect(done.status, done.text).toBe(200);
      expect(done.body.data).toEqual({ enabled: false });
      expect((await signIn(t, member)).status).toBe(200);
      expect(
        await t.db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', member.id).execute(),
      ).toEqual([]);
      expect((await off(totpCode(t, member.secret, 1))).status).toBe(409);
    });

    it('an account that requires two-factor serves its members nothing but the set-up until they enrol', async () => {
      const { accountId: team, key: teamKey } = await t.account('PRO');
      const owner = await newMember(t, team, 'owner');
      const ownerCookie = cookieOf(await signIn(t, owner));
      const admin = await newMember(t, team, 'admin');
      const adminCookie = cookieOf(await signIn(t, admin));
      const require2fa = (cookie: string, value: boolean) =>
        t.request('/v1/me/security', {
          method: 'PUT',
          headers: asCookie(cookie),
          json: { require2fa: value },
        });

      // The owner alone sets it; an admin, or a key, may not.
      expect((await require2fa(adminCookie, true)).status).toBe(403);
      expect(
        (await t.request('/v1/me/security', { method: 'PUT', key: teamKey, json: { require2fa: true } }))
          .status,
      ).toBe(403);
      // The owner enrols first, then requires it.
      await enrol(t, ownerCookie);
      const set = await require2fa(ownerCookie, true);
      expect(set.status, set.text).toBe(200);
      expect(set.body.data).toEqual({ require2fa: true });

      const asAdmin = (path: string, method = 'GET', json?: unknown) =>
        t.request(path, { method, headers: asCookie(adminCookie), ...(json === undefined ? {} : { json }) });
      for (const [path, method] of [
        ['/v1/forms', 'GET'],
        ['/v1/me', 'GET'],
        ['/v1/auth/sessions', 'GET'],
        ['/v1/members', 'GET'],
      ] as const) {
        const res = await asAdmin(path, method);
        expect(res.status, path).toBe(403);
        expect(res.body.error, path).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      }
      expect((await asAdmin('/v1/auth/me')).status).toBe(200);
      const status = await asAdmin('/v1/auth/2fa');
      expect(status.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true, passkeys: 0 });
      // The integrations API refuses its session routes too.
      const jwt = await t.request('/integrations/v1/auth/login', {
        method: 'POST',
        json: { email: admin.email, password: admin.password },
      });
      const connections = await t.request('/integrations/v1/connections', { key: jwt.body.data.token });
      expect(connections.status).toBe(403);
      expect(connections.body.error).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      // A key of the account is not a member: it goes on working.
      expect((await t.request('/v1/forms', { key: teamKey })).status).toBe(200);

      await enrol(t, adminCookie);
      expect((await asAdmin('/v1/forms')).status).toBe(200);
      expect((await asAdmin('/v1/auth/sessions')).status).toBe(200);
      // Signing out is always possible.
      expect(
        (await t.request('/v1/auth/logout', { method: 'POST', headers: asCookie(ownerCookie) })).status,
      ).toBe(200);
    });

    it('the operator resets a lost factor: the password alone signs in again', async () => {
      const member = await enrolled();
      expect((await signIn(t, member)).status).toBe(401);
      const { createServices } = await import('../../services.js');
      const services = createServices({ db: t.db });
      expect(await services.twoFactor.reset(member.email.toUpperCase())).toEqual({
        email: member.email,
        removed: true,
      });
      expect((await signIn(t, member)).status).toBe(200);
      expect(await services.twoFactor.reset(member.email)).toEqual({ email: member.email, removed: false });
      await expect(services.twoFactor.reset('nobody@example.com')).rejects.toThrow(/no user/);
    });

    it('sign-ins, failures and two-factor changes are in the audit log', async () => {
      const member = await enrolled();
      await signIn(t, member, wrongCode(t, member.secret));
      await signIn(t, { ...member, password: 'not the password' });
      await signIn(t, member, totpCode(t, member.secret));
      const actions = await auditActions(t, key);
      expect(actions).toEqual(
        expect.arrayContaining(['two_factor.enabled', 'sign_in.succeeded', 'sign_in.failed']),
      );
      expect(actions.filter((a) => a === 'sign_in.failed').length).toBeGreaterThanOrEqual(2);
      expect(actions).toContain('two_factor.recovery_codes_renewed');
      expect(actions).toContain('two_factor.disabled');
    });
  },
  { loginLimits: { perAddress: 10_000, perEmail: 10_000 } },
);

describeEachDialect('brute-forced two-factor codes', (t) => {
  it('wrong codes count in the sign-in throttle: past five, even the right code waits', async () => {
    const { accountId } = await t.account('PRO');
    const member = await newMember(t, accountId);
    const cookie = cookieOf(await signIn(t, member));
    const { secret } = await enrol(t, cookie);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await signIn(t, member, wrongCode(t, secret))).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    const right = await signIn(t, member, totpCode(t, secret));
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('TOO_MANY_REQUESTS');
    // Codes checked by a signed-in session count the same way.
    const off = await t.request('/v1/auth/2fa', {
      method: 'DELETE',
      headers: asCookie(cookie),
      json: { code: wrongCode(t, secret) },
    });
    expect(off.status).toBe(429);
  });
});
