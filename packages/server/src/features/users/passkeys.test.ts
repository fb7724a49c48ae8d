import { afterEach, beforeAll, expect, it } from 'vitest';
import { DASHBOARD_ORIGIN } from '../../../test/support/members-kit.js';
import {
  createSoftAuthenticator,
  type SoftAuthenticator,
} from '../../../test/support/passkey-authenticator.js';
import {
  asCookie,
  auditActions,
  cookieOf,
  enrol,
  type Member,
  newMember,
  signIn,
  totpCode,
} from '../../../test/support/sign-in-kit.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** Runs the registration ceremony for the member of `cookie`: the answer of the verify route. */
async function addPasskey(t: TestServer, cookie: string, authenticator: SoftAuthenticator, name = 'Laptop') {
  const start = await t.request('/v1/auth/passkeys/registration/options', {
    method: 'POST',
    headers: asCookie(cookie),
  });
  if (start.status !== 200) throw new Error(`options: ${start.status} ${start.text}`);
  const { challengeId, options } = start.body.data;
  return t.request('/v1/auth/passkeys/registration/verify', {
    method: 'POST',
    headers: asCookie(cookie),
    json: { challengeId, name, response: authenticator.register(options) },
  });
}

/** A sign-in ceremony's options (for `email` when given). */
async function signInOptions(t: TestServer, email?: string) {
  const res = await t.request('/v1/auth/passkeys/authentication/options', {
    method: 'POST',
    headers: { origin: DASHBOARD_ORIGIN },
    json: email === undefined ? {} : { email },
  });
  if (res.status !== 200) throw new Error(`options: ${res.status} ${res.text}`);
  return res.body.data as { challengeId: string; options: { challenge: string; rpId: string } };
}

const verifySignIn = (t: TestServer, challengeId: string, response: unknown) =>
  t.request('/v1/auth/passkeys/authentication/verify', {
    method: 'POST',
    headers: { origin: DASHBOARD_ORIGIN },
    json: { challengeId, response },
  });

describeEachDialect('passkeys: registration, sign-in and removal', (t) => {
  let accountId = '';
  let key = '';
  beforeAll(async () => {
    ({ accountId, key } = await t.account('PRO'));
  });
  afterEach(() => t.clock.reset());

  async function withPasskey(): Promise<
    Member & { cookie: string; authenticator: SoftAuthenticator; passkeyId: string }
  > {
    const member = await newMember(t, accountId);
    const cookie = cookieOf(await signIn(t, member));
    const authenticator = createSoftAuthenticator(DASHBOARD_ORIGIN);
    const added = await addPasskey(t, cookie, authenticator);
    if (added.status !== 200) throw new Error(`verify: ${added.status} ${added.text}`);
    return { ...member, cookie, authenticator, passkeyId: added.body.data.id };
  }

  it('a member adds a named passkey for the public URL’s host, lists it, and signs in with it without an e-mail', async () => {
    const member = await newMember(t, accountId);
    const cookie = cookieOf(await signIn(t, member));
    const start = await t.request('/v1/auth/passkeys/registration/options', {
      method: 'POST',
      headers: asCookie(cookie),
    });
    expect(start.status, start.text).toBe(200);
    const { options } = start.body.data;
    expect(options.rp).toEqual({ id: 'forms.example.test', name: 'Formloom' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.user.name).toBe(member.email);

    const authenticator = createSoftAuthenticator(DASHBOARD_ORIGIN);
    const added = await t.request('/v1/auth/passkeys/registration/verify', {
      method: 'POST',
      headers: asCookie(cookie),
      json: {
        challengeId: start.body.data.challengeId,
        name: '  Work laptop ',
        response: authenticator.register(options),
      },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    const stored = await t.db
      .selectFrom('user_passkeys')
      .select(['credential_id', 'public_key', 'counter', 'transports', 'user_id'])
      .where('id', '=', added.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.user_id).toBe(member.id);
    expect(stored.credential_id).toBe(Buffer.from(authenticator.credentials[0]!.id).toString('base64url'));
    expect(stored.public_key).toBe(Buffer.from(authenticator.credentials[0]!.cose).toString('base64url'));
    expect(Number(stored.counter)).toBe(0);
    expect(JSON.parse(stored.transports ?? '[]')).toEqual(['internal']);

    // The next ceremony excludes it, so the browser does not make a second for the same device.
    const again = await t.request('/v1/auth/passkeys/registration/options', {
      method: 'POST',
      headers: asCookie(cookie),
    });
    expect(again.body.data.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([
      stored.credential_id,
    ]);

    const { challengeId, options: getOptions } = await signInOptions(t);
    expect(getOptions.rpId).toBe('forms.example.test');
    expect(getOptions).not.toHaveProperty('allowCredentials.0');
    const signedIn = await verifySignIn(t, challengeId, authenticator.assert(getOptions));
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.user).toEqual({ id: member.id, email: member.email });
    const passkeyCookie = cookieOf(signedIn);
    expect(passkeyCookie).toMatch(/^formloom_session=/);
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await t.request('/v1/auth/me', { headers: asCookie(passkeyCookie) })).status).toBe(200);

    const list = await t.request('/v1/auth/passkeys', { headers: asCookie(cookie) });
    expect(list.status).toBe(200);
    const [listed, ...more] = list.body.data.passkeys;
    expect(more).toEqual([]);
    expect(listed).toMatchObject({
      id: added.body.data.id,
      name: 'Work laptop',
      createdAt: added.body.data.createdAt,
    });
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(listed.createdAt));
    const actions = await auditActions(t, key);
    expect(actions).toContain('passkey.added');
    expect(actions).toContain('passkey.sign_in_succeeded');
  });

  it('a passkey signs in with two-factor on and no code: it verifies the user itself', async () => {
    const member = await withPasskey();
    await enrol(t, member.cookie);
    expect((await signIn(t, member)).body.error).toBe('TWO_FACTOR_REQUIRED');
    const { challengeId, options } = await signInOptions(t, member.email);
    const res = await verifySignIn(t, challengeId, member.authenticator.assert(options));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.user.id).toBe(member.id);
  });

  it('a challenge is good once and for five minutes; a registration challenge never signs in', async () => {
    const member = await withPasskey();
    const { challengeId, options } = await signInOptions(t);
    expect((await verifySignIn(t, challengeId, member.authenticator.assert(options))).status).toBe(200);
    const replay = await verifySignIn(t, challengeId, member.authenticator.assert(options));
    expect(replay.status).toBe(401);
    expect(cookieOf(replay)).toBe('');

    const late = await signInOptions(t);
    t.clock.advance(5 * 60_000 + 1);
    expect((await verifySignIn(t, late.challengeId, member.authenticator.assert(late.options))).status).toBe(
      401,
    );

    const registration = await t.request('/v1/auth/passkeys/registration/options', {
      method: 'POST',
      headers: asCookie(cookieOf(await signIn(t, member))),
    });
    const { challengeId: regId, options: regOptions } = registration.body.data;
    expect((await verifySignIn(t, regId, member.authenticator.assert(regOptions))).status).toBe(401);
  });

  it('a registration challenge is spent once, is the member’s own, and needs user verification and this origin', async () => {
    const member = await newMember(t, accountId);
    const cookie = cookieOf(await signIn(t, member));
    const other = cookieOf(await signIn(t, await newMember(t, accountId)));
    const authenticator = createSoftAuthenticator(DASHBOARD_ORIGIN);
    const start = async () =>
      (
        await t.request('/v1/auth/passkeys/registration/options', {
          method: 'POST',
          headers: asCookie(cookie),
        })
      ).body.data as { challengeId: string; options: { challenge: string; user: { id: string } } };
    const verify = (as: string, challengeId: string, response: unknown) =>
      t.request('/v1/auth/passkeys/registration/verify', {
        method: 'POST',
        headers: asCookie(as),
        json: { challengeId, name: 'Key', response },
      });

    const first = await start();
    expect((await verify(other, first.challengeId, authenticator.register(first.options))).status).toBe(400);
    // Spent by the refused try too.
    expect((await verify(cookie, first.challengeId, authenticator.register(first.options))).status).toBe(400);
    const noUv = await start();
    expect(
      (await verify(cookie, noUv.challengeId, authenticator.register(noUv.options, { uv: false }))).status,
    ).toBe(400);
    const elsewhere = await start();
    const phished = authenticator.register(elsewhere.options, { origin: 'https://forms.example.evil' });
    expect((await verify(cookie, elsewhere.challengeId, phished)).status).toBe(400);
    const good = await start();
    expect((await verify(cookie, good.challengeId, authenticator.register(good.options))).status).toBe(200);
    expect(
      (await t.request('/v1/auth/passkeys', { headers: asCookie(cookie) })).body.data.passkeys,
    ).toHaveLength(1);
  });

  it('the second step after a password takes only that member’s passkey; another member’s is refused and recorded', async () => {
    const expected = await withPasskey();
    const intruder = await withPasskey();
    const { challengeId, options } = await signInOptions(t, expected.email);
    const res = await verifySignIn(t, challengeId, intruder.authenticator.assert(options));
    expect(res.status).toBe(401);
    expect(cookieOf(res)).toBe('');
    const failures = await t.request(
      `/v1/audit-log?action=passkey.sign_in_failed&targetType=passkey&targetId=${intruder.passkeyId}`,
      { key },
    );
    expect(failures.body.data.entries.map((e: { actor: { id: string } }) => e.actor.id)).toEqual([
      intruder.id,
    ]);
    // An unknown address is answered alike, and no passkey answers it.
    const unknown = await signInOptions(t, 'nobody-here@example.com');
    expect(
      (await verifySignIn(t, unknown.challengeId, expected.authenticator.assert(unknown.options))).status,
    ).toBe(401);
    const own = await signInOptions(t, expected.email);
    expect((await verifySignIn(t, own.challengeId, expected.authenticator.assert(own.options))).status).toBe(
      200,
    );
  });

  it('a counter that goes back, a signature of another key or no user verification is refused', async () => {
    const member = await withPasskey();
    const once = await signInOptions(t);
    expect((await verifySignIn(t, once.challengeId, member.authenticator.assert(once.options))).status).toBe(
      200,
    );
    const back = await signInOptions(t);
    const cloned = member.authenticator.assert(back.options, { counter: 1 });
    expect((await verifySignIn(t, back.challengeId, cloned)).status).toBe(401);

    const noUv = await signInOptions(t);
    expect(
      (await verifySignIn(t, noUv.challengeId, member.authenticator.assert(noUv.options, { uv: false })))
        .status,
    ).toBe(401);

    // Another key's signature under this passkey's credential id.
    const forger = createSoftAuthenticator(DASHBOARD_ORIGIN);
    forger.register({ challenge: 'x', user: { id: member.authenticator.credentials[0]!.userHandle } });
    const forgery = await signInOptions(t);
    const forged = forger.assert(forgery.options);
    const real = member.authenticator.assert(forgery.options);
    expect(
      (await verifySignIn(t, forgery.challengeId, { ...forged, id: real.id, rawId: real.rawId })).status,
    ).toBe(401);
  });

  it('a client starts at most 30 sign-ins a minute', async () => {
    t.clock.advance(61_000);
    const start = () =>
      t.request('/v1/auth/passkeys/authentication/options', {
        method: 'POST',
        headers: { origin: DASHBOARD_ORIGIN },
        json: {},
      });
    for (let i = 0; i < 30; i += 1) expect((await start()).status).toBe(200);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    t.clock.advance(61_000);
    expect((await start()).status).toBe(200);
  });

  it('an authenticator that keeps no counter signs in again and again', async () => {
    const member = await newMember(t, accountId);
    const cookie = cookieOf(await signIn(t, member));
    const authenticator = createSoftAuthenticator(DASHBOARD_ORIGIN, { counting: false });
    expect((await addPasskey(t, cookie, authenticator)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const { challengeId, options } = await signInOptions(t);
      expect((await verifySignIn(t, challengeId, authenticator.assert(options))).status).toBe(200);
    }
  });

  it('removal needs a recent sign-in or a current code; another member’s passkey is a 404', async () => {
    const member = await withPasskey();
    const other = await withPasskey();
    const remove = (cookie: string, id: string, json?: unknown) =>
      t.request(`/v1/auth/passkeys/${id}`, {
        method: 'DELETE',
        headers: asCookie(cookie),
        ...(json === undefined ? {} : { json }),
      });
    expect((await remove(member.cookie, other.passkeyId)).status).toBe(404);
    expect((await remove(member.cookie, 'no-such-passkey')).status).toBe(404);
    expect(
      (await t.request('/v1/auth/passkeys', { headers: asCookie(other.cookie) })).body.data.passkeys,
    ).toHaveLength(1);

    // An hour-old session alone is not enough.
    t.clock.advance(60 * 60_000);
    const stale = await remove(member.cookie, member.passkeyId);
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe('TWO_FACTOR_REQUIRED');
    // A fresh sign-in is.
    const fresh = cookieOf(await signIn(t, member));
    expect((await remove(fresh, member.passkeyId)).status).toBe(200);
    expect((await t.request('/v1/auth/passkeys', { headers: asCookie(fresh) })).body.data.passkeys).toEqual(
      [],
    );
    expect((await auditActions(t, key))[0]).toBe('passkey.removed');

    // With two-factor on, a current code removes one in an old session.
    const second = await addPasskey(t, fresh, member.authenticator, 'Phone');
    const { secret } = await enrol(t, fresh);
    t.clock.advance(60 * 60_000);
    expect((await remove(fresh, second.body.data.id, { code: '000000' })).status).toBe(401);
    expect((await remove(fresh, second.body.data.id, { code: totpCode(t, secret) })).status).toBe(200);
    // A removed passkey signs in no more.
    const { challengeId, options } = await signInOptions(t);
    expect((await verifySignIn(t, challengeId, member.authenticator.assert(options))).status).toBe(401);
  });

  it('a passkey satisfies an account’s require2fa as TOTP does', async () => {
    const { accountId: team } = await t.account('PRO');
    const owner = await newMember(t, team, 'owner');
    const ownerCookie = cookieOf(await signIn(t, owner));
    await addPasskey(t, ownerCookie, createSoftAuthenticator(DASHBOARD_ORIGIN));
    const set = await t.request('/v1/me/security', {
      method: 'PUT',
      headers: asCookie(ownerCookie),
      json: { require2fa: true },
    });
    expect(set.status, set.text).toBe(200);
    expect((await t.request('/v1/forms', { headers: asCookie(ownerCookie) })).status).toBe(200);

    const editor = await newMember(t, team, 'admin');
    const editorCookie = cookieOf(await signIn(t, editor));
    const refused = await t.request('/v1/forms', { headers: asCookie(editorCookie) });
    expect(refused.body.error).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    // The passkey routes are open during enrolment; removal is not.
    expect((await t.request('/v1/auth/passkeys', { headers: asCookie(editorCookie) })).status).toBe(200);
    expect((await addPasskey(t, editorCookie, createSoftAuthenticator(DASHBOARD_ORIGIN))).status).toBe(200);
    const status = await t.request('/v1/auth/2fa', { headers: asCookie(editorCookie) });
    expect(status.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true, passkeys: 1 });
    expect((await t.request('/v1/forms', { headers: asCookie(editorCookie) })).status).toBe(200);
    // The integrations token of the member is let through too.
    const jwt = await t.request('/integrations/v1/auth/login', {
      method: 'POST',
      json: { email: editor.email, password: editor.password },
    });
    expect((await t.request('/integrations/v1/connections', { key: jwt.body.data.token })).status).toBe(200);
  });
});
