import { randomUUID } from 'node:crypto';
import type { Role } from '@formloom/contract';
import { expect, it } from 'vitest';
import { signedInMember } from '../../../test/support/members-kit.js';
import { describeEachDialect } from '../../../test/support/test-server.js';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'https://forms.example.test';

/** A new member of `accountId`, signed in: id, email and the dashboard's headers. */
const member = signedInMember;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describeEachDialect('members and invitations', (t) => {
  it('invites by link; the invitee sets a password and is signed in with the role, once', async () => {
    const { accountId } = await t.account();
    const owner = await member(t, accountId);
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await t.request('/v1/members/invitations', {
      method: 'POST',
      headers: owner.headers,
      json: { email, role: 'viewer' },
    });
    expect(invited.status, invited.text).toBe(201);
    const link = invited.body.data.link as string;
    expect(link).toMatch(/^https:\/\/forms\.example\.test\/app\/invite\?token=[0-9a-f]{16}\.[0-9a-f]{64}$/);
    expect(invited.body.data.emailed).toBe(false);
    const stored = await t.db.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(link).split('.')[1]);

    const listed = await t.request('/v1/members', { headers: owner.headers });
    expect(listed.body.data.invitations.map((i: { email: string }) => i.email)).toEqual([email]);

    const short = await t.request('/v1/auth/accept-invitation', {
      method: 'POST',
      json: { token: tokenOf(link), password: 'short' },
    });
    expect(short.status).toBe(400);
    const accepted = await t.request('/v1/auth/accept-invitation', {
      method: 'POST',
      json: { token: tokenOf(link), password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toMatchObject({ user: { email }, role: 'viewer', account: { id: accountId } });
    const cookie = (accepted.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await t.request('/v1/auth/me', { headers: { cookie } })).body.data.role).toBe('viewer');
    expect((await t.request('/v1/forms', { headers: { cookie } })).status).toBe(200);
    const write = await t.request('/v1/forms', {
      method: 'POST',
      headers: { cookie, origin: ORIGIN },
      json: { title: 'x' },
    });
    expect(write.status).toBe(403);

    const again = await t.request('/v1/auth/accept-invitation', {
      method: 'POST',
      json: { token: tokenOf(link), password: PASSWORD },
    });
    expect(again.status).toBe(401);
    const after = await t.request('/v1/members', { headers: owner.headers });
    expect(after.body.data.invitations).toEqual([]);
    expect(
      after.body.data.members.map((m: { email: string; role: string }) => [m.email, m.role]),
    ).toContainEqual([email, 'viewer']);
    const log = await t.request('/v1/audit-log?action=member.joined', { headers: owner.headers });
    expect(log.body.data.entries[0].actor).toMatchObject({ type: 'user', email });
    const invitedLog = await t.request('/v1/audit-log?action=member.invited', { headers: owner.headers });
    expect(invitedLog.body.data.entries[0].actor.id).toBe(owner.id);
  });

  it('refuses expired, revoked and unknown invitations', async () => {
    const { accountId } = await t.account();
    const owner = await member(t, accountId);
    const invite = async () =>
      t.request('/v1/members/invitations', {
        method: 'POST',
        headers: owner.headers,
        json: { email: `x-${randomUUID().slice(0, 8)}@example.com`, role: 'editor' },
      });
    const expiring = (await invite()).body.data;
    t.clock.advance(8 * 24 * 3_600_000);
    try {
      const late = await t.request('/v1/auth/accept-invitation', {
        method: 'POST',
        json: { token: tokenOf(expiring.link), password: PASSWORD },
      });
      expect(late.status).toBe(401);
    } finally {
      t.clock.reset();
    }
    const revoked = (await invite()).body.data;
    const del = await t.request(`/v1/members/invitations/${revoked.id}`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(del.status, del.text).toBe(200);
    expect(
      (await t.request(`/v1/members/invitations/${revoked.id}`, { method: 'DELETE', headers: owner.headers }))
        .status,
    ).toBe(404);
    const refused = await t.request('/v1/auth/accept-invitation', {
      method: 'POST',
      json: { token: tokenOf(revoked.link), password: PASSWORD },
    });
    expect(refused.status).toBe(401);
    const unknown = await t.request('/v1/auth/accept-invitation', {
      method: 'POST',
      json: { token: `${'a'.repeat(16)}.${'b'.repeat(64)}`, password: PASSWORD },
    });
    expect(unknown.status).toBe(401);
    const log = await t.request('/v1/audit-log?action=invitation.revoked', { headers: owner.headers });
    expect(log.body.data.total).toBe(1);
  });

  it('changes roles and removes members; only owners touch owners; the last owner stays', async () => {
    const { accountId, key } = await t.account();
    const owner = await member(t, accountId);
    const admin = await member(t, accountId, 'admin');
    const editor = await member(t, accountId, 'editor');
    const patch = (who: { headers: object }, id: string, role: Role) =>
      t.request(`/v1/members/${id}`, { method: 'PATCH', headers: who.headers as never, json: { role } });

    expect((await patch(editor, admin.id, 'viewer')).status).toBe(403);
    expect((await t.request('/v1/members', { key })).status).toBe(403);
    const changed = await patch(admin, editor.id, 'viewer');
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.role).toBe('viewer');
    // The change holds at once for their session.
    const denied = await t.request('/v1/forms', {
      method: 'POST',
      headers: editor.headers,
      json: { title: 'x' },
    });
    expect(denied.status).toBe(403);

    // An admin may not make or unmake an owner, nor invite one.
    expect((await patch(admin, editor.id, 'owner')).status).toBe(403);
    expect((await patch(admin, owner.id, 'admin')).status).toBe(403);
    const ownerInvite = await t.request('/v1/members/invitations', {
      method: 'POST',
      headers: admin.headers,
      json: { email: 'o@example.com', role: 'owner' },
    });
    expect(ownerInvite.status).toBe(403);

    // The last owner can be neither demoted nor removed.
    const last = await patch(owner, owner.id, 'admin');
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('LAST_OWNER');
    const removeLast = await t.request(`/v1/members/${owner.id}`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(removeLast.status).toBe(409);

    // With two owners, concurrent demotions of both: one wins, one is refused.
    expect((await patch(owner, admin.id, 'owner')).status).toBe(200);
    const both = await Promise.all([patch(owner, owner.id, 'admin'), patch(admin, admin.id, 'admin')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = (
      await t.db.selectFrom('users').select('role').where('account_id', '=', accountId).execute()
    ).filter((r) => r.role === 'owner');
    expect(owners).toHaveLength(1);

    // Removal ends the member's sessions.
    const gone = await t.request(`/v1/members/${editor.id}`, {
      method: 'DELETE',
      headers: (both[0]!.status === 200 ? admin : owner).headers,
    });
    expect(gone.status, gone.text).toBe(200);
    expect((await t.request('/v1/auth/me', { headers: editor.headers })).status).toBe(401);
    const other = await t.account();
    const stranger = await member(t, other.accountId);
    expect(
      (await t.request(`/v1/members/${stranger.id}`, { method: 'DELETE', headers: owner.headers })).status,
    ).toBe(404);
    // The members' changes (their sign-ins are recorded on them too).
    const actions = (
      await t.request('/v1/audit-log?targetType=member', { headers: owner.headers })
    ).body.data.entries
      .map((e: { action: string }) => e.action)
      .filter((action: string) => action.startsWith('member.'));
    expect(actions).toEqual([
      'member.removed',
      'member.role_changed',
      'member.role_changed',
      'member.role_changed',
    ]);
  });
});
