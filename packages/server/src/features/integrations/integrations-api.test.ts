import { randomUUID } from 'node:crypto';
import { IntegrationConnection, LoginResult } from '@formloom/contract';
import { decodeJwt, SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import { createServices } from '../../services.js';
import { SESSION_TTL_SECONDS } from '../users/index.js';
import { createConnectionsService } from './connections-service.js';

const PASSWORD = 'correct horse battery';

async function user(t: TestServer, plan = 'PRO', role = 'owner', account?: string) {
  const accountId = account ?? (await t.account(plan)).accountId;
  const email = `u-${randomUUID().slice(0, 8)}@example.com`;
  const made = await createServices({ db: t.db }).users.create({
    account: accountId,
    email,
    password: PASSWORD,
    role,
  });
  return { accountId, email, userId: made.id };
}

async function login(
  t: TestServer,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
) {
  return t.request('/integrations/v1/auth/login', { method: 'POST', json: { email, password }, headers });
}

async function session(t: TestServer, email: string): Promise<string> {
  const res = await login(t, email);
  expect(res.status).toBe(200);
  return LoginResult.parse(res.body.data).token;
}

/** A connection as the dashboard would make it (dashboard-integrations.test.ts covers that). */
async function connection(t: TestServer, accountId: string, label: string) {
  const service = createConnectionsService({
    db: t.db,
    box: createSecretBox(new Uint8Array(32)),
    clock: t.clock.now,
  });
  return service.connect({
    accountId,
    userId: randomUUID(),
    label,
    config: { provider: 'discord', webhookUrl: 'https://discord.com/api/webhooks/1/x' },
  });
}

describeEachDialect(
  'users and the integrations API',
  (t) => {
    it('signs a user in with a short-lived JWT; the same 401 for a wrong password and an unknown email', async () => {
      const { accountId, email } = await user(t);
      const res = await login(t, email.toUpperCase());
      expect(res.status).toBe(200);
      const result = LoginResult.parse(res.body.data);
      expect(result.user).toMatchObject({ email, accountId });
      const claims = decodeJwt(result.token);
      expect(claims.exp! - claims.iat!).toBe(SESSION_TTL_SECONDS);
      expect(claims.sub).toBe(result.user.id);

      const wrong = await login(t, email, 'not the password');
      const unknown = await login(t, 'nobody@example.com', PASSWORD);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toMatchObject({
        data: null,
        error: 'UNAUTHORIZED',
        message: 'Wrong email or password',
      });
    });

    it('refuses an expired, tampered or foreign-key token; tolerates 30 s of clock skew', async () => {
      const { email } = await user(t);
      const token = await session(t, email);
      const list = (bearer: string) =>
        t.request('/integrations/v1/connections', { headers: { authorization: `Bearer ${bearer}` } });
      expect((await list(token)).status).toBe(200);

      // Tampered: another account id in the payload, the signature kept.
      const [head, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, acct: randomUUID() })).toString(
        'base64url',
      );
      expect((await list(`${head}.${forgedPayload}.${signature}`)).status).toBe(401);
      // Signed with a key that is not the server's, and unsigned.
      const foreign = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new Uint8Array(32).fill(1));
      expect((await list(foreign)).status).toBe(401);
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect((await list(none)).status).toBe(401);
      expect((await list('not-a-jwt')).status).toBe(401);

      // Expiry: still good 20 s past it (skew), refused 60 s past it.
      t.clock.advance((SESSION_TTL_SECONDS + 20) * 1000);
      expect((await list(token)).status).toBe(200);
      t.clock.advance(40_000);
      const expired = await list(token);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expired/i);
      t.clock.reset();
    });

    it('limits attempts per address and backs off per email, with the same answer for unknown emails', async () => {
      // The earlier tests' attempts from this address are forgotten; each test starts clean.
      await t.db.deleteFrom('rate_limits').where('key', 'like', 'login:%').execute();
      const { email } = await user(t);
      // Per email: past 3 failures, one attempt per wait is checked; the others are refused unchecked.
      for (let i = 0; i < 4; i++) expect((await login(t, email, 'wrong password!')).status).toBe(401);
      const waiting = await login(t, email);
      expect(waiting.status).toBe(429);
      expect(waiting.body).toMatchObject({ error: 'TOO_MANY_REQUESTS', rate_limit: { remaining: 0 } });
      expect(waiting.body.rate_limit.retry_after).toBeGreaterThan(0);
      // Unknown emails back off the same way, so a 429 does not reveal who exists.
      for (let i = 0; i < 4; i++)
        expect((await login(t, 'ghost@example.com', 'wrong password!')).status).toBe(401);
      expect((await login(t, 'ghost@example.com', 'wrong password!')).status).toBe(429);
      // Per address: 12 attempts from here in all (5 + 5 above, two more) refuse every email.
      const other = await user(t);
      expect((await login(t, other.email, 'wrong password!')).status).toBe(401);
      expect((await login(t, other.email, 'wrong password!')).status).toBe(401);
      const byAddress = await login(t, other.email);
      expect(byAddress.status).toBe(429);
      expect(byAddress.body.rate_limit.limit).toBe(12);
      // The windows pass.
      t.clock.advance(15 * 60_000);
      expect((await login(t, email)).status).toBe(200);
      t.clock.reset();
      await t.db.deleteFrom('rate_limits').where('key', 'like', 'login:%').execute();
    });

    it('lists, sets events on and removes connections; Pro or higher; another account gets 404', async () => {
      const owner = await user(t);
      const token = await session(t, owner.email);
      const auth = { authorization: `Bearer ${token}` };
      const made = await connection(t, owner.accountId, '#general');
      expect(made.events).toEqual(['FORM_RESPONSE_CREATED']);

      const list = await t.request('/integrations/v1/connections', { headers: auth });
      expect(list.status).toBe(200);
      expect(list.body.data.connections.map((c: unknown) => IntegrationConnection.parse(c).id)).toEqual([
        made.id,
      ]);

      const patched = await t.request(`/integrations/v1/connections/${made.id}/events`, {
        method: 'PATCH',
        headers: auth,
        json: { events: ['FORM_DELETED', 'FORM_PUBLISHED', 'FORM_DELETED'] },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.data.events).toEqual(['FORM_PUBLISHED', 'FORM_DELETED']);
      const bad = await t.request(`/integrations/v1/connections/${made.id}/events`, {
        method: 'PATCH',
        headers: auth,
        json: { events: ['FORM_EXPLODED'] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ data: null, error: 'BAD_REQUEST' });

      // Another account's user: 404 on its connection, and its list is empty.
      const stranger = await user(t);
      const strangerAuth = { authorization: `Bearer ${await session(t, stranger.email)}` };
      for (const [method, path, json] of [
        ['PATCH', `/integrations/v1/connections/${made.id}/events`, { events: [] }],
        ['DELETE', `/integrations/v1/connections/${made.id}`, undefined],
      ] as const) {
        const res = await t.request(path, { method, headers: strangerAuth, json });
        expect(res.status).toBe(404);
      }
      expect(
        (await t.request('/integrations/v1/connections', { headers: strangerAuth })).body.data.connections,
      ).toEqual([]);

      // Starter is below Pro: 403.
      const small = await user(t, 'STARTER');
      const smallRes = await t.request('/integrations/v1/connections', {
        headers: { authorization: `Bearer ${await session(t, small.email)}` },
      });
      expect(smallRes.status).toBe(403);
      expect(smallRes.body.message).toMatch(/Pro plan/);

      const removed = await t.request(`/integrations/v1/connections/${made.id}`, {
        method: 'DELETE',
        headers: auth,
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ id: made.id, deleted: true });
      expect(
        (await t.request('/integrations/v1/connections', { headers: auth })).body.data.connections,
      ).toEqual([]);
      expect(
        (await t.request(`/integrations/v1/connections/${made.id}`, { method: 'DELETE', headers: auth }))
          .status,
      ).toBe(404);
    });

    it("a member's role decides, read at each request: a viewer or editor is refused, an admin manages; each change is audited as the user", async () => {
      const owner = await user(t);
      const made = await connection(t, owner.accountId, '#general');
      const bearer = async (role: string) => {
        const { email, userId } = await user(t, 'PRO', role, owner.accountId);
        return { userId, email, auth: { authorization: `Bearer ${await session(t, email)}` } };
      };
      const routes = [
        ['GET', '/integrations/v1/connections', undefined],
        ['PATCH', `/integrations/v1/connections/${made.id}/events`, { events: ['FORM_DELETED'] }],
        ['DELETE', `/integrations/v1/connections/${made.id}`, undefined],
      ] as const;
      for (const role of ['viewer', 'editor']) {
        const { auth } = await bearer(role);
        for (const [method, path, json] of routes) {
          const res = await t.request(path, { method, headers: auth, json });
          expect(res.status, `${role} ${method}`).toBe(403);
          // The cookie path's refusal, word for word.
          expect(res.body).toEqual({
            message: `A member with the ${role} role may not do this (it needs integrations.manage)`,
            data: null,
            error: 'FORBIDDEN',
          });
        }
      }
      const admin = await bearer('admin');
      const patched = await t.request(`/integrations/v1/connections/${made.id}/events`, {
        method: 'PATCH',
        headers: admin.auth,
        json: { events: ['FORM_DELETED'] },
      });
      expect(patched.status, patched.text).toBe(200);
      // Made a viewer: the token it holds is refused from the next request on.
      await t.db.updateTable('users').set({ role: 'viewer' }).where('id', '=', admin.userId).execute();
      const demoted = await t.request('/integrations/v1/connections', { headers: admin.auth });
      expect(demoted.status).toBe(403);
      await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
      const removed = await t.request(`/integrations/v1/connections/${made.id}`, {
        method: 'DELETE',
        headers: admin.auth,
      });
      expect(removed.status).toBe(200);

      const entries = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', made.id)
        .orderBy('action')
        .execute();
      // Only the admin's changes: the refused requests changed nothing, so nothing records them.
      expect(entries.map((e) => [e.action, e.actor_type, e.actor_id, e.actor_email])).toEqual([
        ['integration.removed', 'user', admin.userId, admin.email],
        ['integration.updated', 'user', admin.userId, admin.email],
      ]);
    });

    it('a deleted user cannot use a token it was given', async () => {
      const { email } = await user(t);
      const token = await session(t, email);
      await t.db.deleteFrom('users').where('email', '=', email).execute();
      const res = await t.request('/integrations/v1/connections', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    });
  },
  { loginLimits: { perEmail: 3, perAddress: 12, windowMs: 15 * 60_000, backoffMs: 60_000 } },
);
