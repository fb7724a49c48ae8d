import type { Role } from '@formloom/contract';
import { expect, it } from 'vitest';
import { signedInMember } from '../../../test/support/members-kit.js';
import { describeEachDialect, type TestServer } from '../../../test/support/test-server.js';

/** A member of `accountId` with `role`, signed in: the headers the dashboard sends. */
const signedIn = async (t: TestServer, accountId: string, role: Role = 'owner') =>
  (await signedInMember(t, accountId, role)).headers;

describeEachDialect('API keys over the API', (t) => {
  it('creates a key shown once, lists it without its secret, and the key works', async () => {
    const { accountId } = await t.account();
    const headers = await signedIn(t, accountId);
    const created = await t.request('/v1/api-keys', {
      method: 'POST',
      headers,
      json: { name: 'CI', scopes: ['FORMS_READ'] },
    });
    expect(created.status, created.text).toBe(201);
    const key = created.body.data.key as string;
    expect(key).toMatch(/^formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);
    expect(created.body.data).toMatchObject({ name: 'CI', scopes: ['FORMS_READ'], status: 'active' });
    expect(created.body.data.prefix).toBe(key.split('.')[0]);

    const list = await t.request('/v1/api-keys', { headers });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(key.split('.')[1]);
    expect(list.body.data.keys.map((k: { name: string }) => k.name)).toContain('CI');

    expect((await t.request('/v1/forms', { key })).status).toBe(200);
    // Its scopes hold: no writes.
    expect((await t.request('/v1/forms', { method: 'POST', key, json: { title: 'x' } })).status).toBe(403);
  });

  it('rotates: the old key works within the grace period and not after; revoke refuses at once', async () => {
    const { accountId } = await t.account();
    const headers = await signedIn(t, accountId);
    const first = await t.request('/v1/api-keys', {
      method: 'POST',
      headers,
      json: { name: 'rotating', scopes: ['FORMS_READ'] },
    });
    const old = first.body.data.key as string;
    const rotated = await t.request(`/v1/api-keys/${first.body.data.id}/rotate`, {
      method: 'POST',
      headers,
      json: { graceHours: 1 },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.body.data.key as string;
    expect(fresh).not.toBe(old);
    expect((await t.request('/v1/forms', { key: old })).status).toBe(200);
    expect((await t.request('/v1/forms', { key: fresh })).status).toBe(200);
    const listed = (await t.request('/v1/api-keys', { headers })).body.data.keys as {
      id: string;
      status: string;
    }[];
    expect(listed.find((k) => k.id === first.body.data.id)?.status).toBe('rotating');
    t.clock.advance(2 * 3_600_000);
    try {
      expect((await t.request('/v1/forms', { key: old })).status).toBe(401);
      expect((await t.request('/v1/forms', { key: fresh })).status).toBe(200);
    } finally {
      t.clock.reset();
    }
    // A rotated key cannot be rotated again.
    const again = await t.request(`/v1/api-keys/${first.body.data.id}/rotate`, {
      method: 'POST',
      headers,
      json: {},
    });
    expect(again.status).toBe(400);

    const revoked = await t.request(`/v1/api-keys/${rotated.body.data.id}`, { method: 'DELETE', headers });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    expect((await t.request('/v1/forms', { key: fresh })).status).toBe(401);

    const log = await t.request('/v1/audit-log?targetType=api_key', { headers });
    expect(log.body.data.entries.map((e: { action: string }) => e.action)).toEqual([
      'key.revoked',
      'key.rotated',
      'key.created',
    ]);
    expect(log.body.data.entries[0].actor.type).toBe('user');
  });

  it("refuses an API key (403), viewers and editors (403), and another account's key id (404)", async () => {
    const { accountId, key } = await t.account();
    const other = await t.account();
    const owner = await signedIn(t, accountId);
    for (const path of ['/v1/api-keys']) {
      expect((await t.request(path, { key })).status).toBe(403);
      expect(
        (await t.request(path, { method: 'POST', key, json: { name: 'k', scopes: ['FORMS_READ'] } })).status,
      ).toBe(403);
    }
    // A bad key is still a 401.
    expect(
      (await t.request('/v1/api-keys', { key: `formloom_${'0'.repeat(12)}.${'0'.repeat(64)}` })).status,
    ).toBe(401);
    for (const role of ['viewer', 'editor'] as const) {
      const headers = await signedIn(t, accountId, role);
      expect((await t.request('/v1/api-keys', { headers })).status).toBe(403);
      const made = await t.request('/v1/api-keys', {
        method: 'POST',
        headers,
        json: { name: 'nope', scopes: ['FORMS_READ'] },
      });
      expect(made.status).toBe(403);
    }
    const admin = await signedIn(t, accountId, 'admin');
    expect((await t.request('/v1/api-keys', { headers: admin })).status).toBe(200);

    const theirs = (await t.request('/v1/api-keys', { headers: await signedIn(t, other.accountId) })).body
      .data.keys[0] as { id: string };
    expect((await t.request(`/v1/api-keys/${theirs.id}`, { method: 'DELETE', headers: owner })).status).toBe(
      404,
    );
    expect(
      (await t.request(`/v1/api-keys/${theirs.id}/rotate`, { method: 'POST', headers: owner, json: {} }))
        .status,
    ).toBe(404);
    expect((await t.request('/v1/forms', { key: other.key })).status).toBe(200);
  });

  it('honours expiresAt, and refuses a past one', async () => {
    const { accountId } = await t.account();
    const headers = await signedIn(t, accountId);
    const past = await t.request('/v1/api-keys', {
      method: 'POST',
      headers,
      json: { name: 'old', scopes: ['FORMS_READ'], expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    const soon = await t.request('/v1/api-keys', {
      method: 'POST',
      headers,
      json: {
        name: 'soon',
        scopes: ['FORMS_READ'],
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(soon.status).toBe(201);
    t.clock.advance(2 * 3_600_000);
    try {
      expect((await t.request('/v1/forms', { key: soon.body.data.key })).status).toBe(401);
    } finally {
      t.clock.reset();
    }
  });
});
