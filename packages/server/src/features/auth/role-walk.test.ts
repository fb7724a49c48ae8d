import { randomUUID } from 'node:crypto';
import { contractRoutes, type Permission, ROLES, roleAllows, SCOPES, type Scope } from '@formloom/contract';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

const PASSWORD = 'correct horse battery';
/** The test server's public origin: state-changing requests with the cookie come from it. */
const ORIGIN = 'https://forms.example.test';

/**
 * Every route a member or a key calls, with its path's parameters filled in: the API-key and
 * cookie routes with the dashboard's cookie, the integrations API's `session` routes with its JWT.
 */
const walked = contractRoutes
  .filter(
    (r) => r.metadata.auth === 'apiKey' || r.metadata.auth === 'cookie' || r.metadata.auth === 'session',
  )
  .map((r) => ({
    name: r.name,
    auth: r.metadata.auth,
    method: r.route.method,
    path: r.route.path.replace(/:\w+/g, () => randomUUID()),
    permission: (r.metadata as { permission: Permission }).permission,
    scope: r.metadata.auth === 'apiKey' ? r.metadata.scope : undefined,
  }));

type Member = { cookie: string; jwt: string };
/** A member's credential for `route`: the integrations API's JWT for its routes, else the cookie. */
const as = (member: Member, route: (typeof walked)[number]) =>
  route.auth === 'session' ? { key: member.jwt } : { cookie: member.cookie };

async function call(t: TestServer, route: (typeof walked)[number], auth: { cookie?: string; key?: string }) {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
  return t.request(route.path, {
    method: route.method,
    key: auth.key,
    headers: {
      ...(auth.cookie === undefined ? {} : { cookie: auth.cookie, origin: ORIGIN }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
}

/** A 403 from the role or scope check (not one a handler gave for its own reasons). */
const refusedByAuth = (res: { status: number; text: string }) =>
  res.status === 403 && /role may not do this|lacks the/.test(res.text);

describeEachDialect('every route with every role and every key scope', (t) => {
  let accountId = '';
  const members = new Map<string, Member>();

  beforeAll(async () => {
    ({ accountId } = await t.account('MAX'));
    for (const role of ROLES) {
      const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
      await createServices({ db: t.db }).users.create({
        account: accountId,
        email,
        password: PASSWORD,
        role,
      });
      const res = await t.request('/v1/auth/login', {
        method: 'POST',
        json: { email, password: PASSWORD },
        headers: { origin: ORIGIN },
      });
      expect(res.status, res.text).toBe(200);
      const jwt = await t.request('/integrations/v1/auth/login', {
        method: 'POST',
        json: { email, password: PASSWORD },
      });
      expect(jwt.status, jwt.text).toBe(200);
      members.set(role, {
        cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
        jwt: jwt.body.data.token,
      });
    }
  });

  // Each walk starts in a fresh minute of the account's rate limit: the walks together send more
  // requests than one minute allows.
  beforeEach(() => t.clock.advance(61_000));

  it('a member is allowed or refused on each route exactly as ROLE_PERMISSIONS says', async () => {
    expect(walked.filter((r) => r.auth === 'session').map((r) => r.name)).toEqual([
      'listConnections',
      'updateConnectionEvents',
      'deleteConnection',
    ]);
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const route of walked) {
        const res = await call(t, route, as(members.get(role)!, route));
        const allowed = roleAllows(role, route.permission);
        if (allowed === refusedByAuth(res)) {
          wrong.push(`${role} ${route.name}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a viewer reads, and every write route refuses it but those of its own sign-in', async () => {
    // Every member manages their own two-factor, passkeys, sessions and password: `account.read` is all they need.
    const own = walked.filter((r) => r.method !== 'GET' && roleAllows('viewer', r.permission));
    expect(own.map((r) => r.name).sort()).toEqual(
      [
        'changePassword',
        'confirmTwoFactor',
        'disableTwoFactor',
        'endSession',
        'passkeyRegistrationOptions',
        'registerPasskey',
        'removePasskey',
        'renewRecoveryCodes',
        'setupTwoFactor',
      ].sort(),
    );
    for (const route of walked.filter((r) => r.method !== 'GET' && !own.includes(r))) {
      const res = await call(t, route, as(members.get('viewer')!, route));
      expect(res.status, route.name).toBe(403);
    }
    const viewer = members.get('viewer')!;
    expect((await t.request('/v1/forms', { headers: { cookie: viewer.cookie } })).status).toBe(200);
    // The integrations API's reads need integrations.manage too: a viewer reads no connections.
    expect((await t.request('/integrations/v1/connections', { key: viewer.jwt })).status).toBe(403);
  });

  it('a key of each single scope is allowed exactly the routes of that scope (and GET /v1/me)', async () => {
    const wrong: string[] = [];
    for (const scope of SCOPES) {
      const { key } = await t.account('MAX', [scope]);
      for (const route of walked.filter((r) => r.scope !== undefined)) {
        const res = await call(t, route, { key });
        const allowed = route.scope === null || route.scope === (scope as Scope);
        if (allowed === refusedByAuth(res)) wrong.push(`${scope} ${route.name}: ${res.status}`);
      }
      // A key never reaches the dashboard's own routes.
      const me = walked.find((r) => r.name === 'getMe' || r.path === '/v1/auth/me');
      if (me !== undefined) expect((await call(t, me, { key })).status).toBe(401);
    }
    expect(wrong).toEqual([]);
  });
});
