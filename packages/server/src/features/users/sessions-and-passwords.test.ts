import { afterEach, beforeAll, expect, it } from 'vitest';
import { asCookie, auditActions, cookieOf, newMember, signIn } from '../../../test/support/sign-in-kit.js';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { deviceName } from './device-name.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

it('names devices from their User-Agent', () => {
  expect(deviceName(FIREFOX_LINUX)).toBe('Firefox on Linux');
  expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iOS');
  expect(
    deviceName(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ),
  ).toBe('Edge on Windows');
  expect(
    deviceName(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ),
  ).toBe('Chrome on macOS');
  expect(deviceName('')).toBe('Unknown device');
  expect(deviceName(null)).toBe('Unknown device');
});

describeEachDialect(
  'a member’s sessions and password',
  (t) => {
    let accountId = '';
    let key = '';
    beforeAll(async () => {
      ({ accountId, key } = await t.account('PRO'));
    });
    afterEach(() => t.clock.reset());

    const sessionsOf = async (cookie: string) => {
      const res = await t.request('/v1/auth/sessions', { headers: asCookie(cookie) });
      expect(res.status, res.text).toBe(200);
      return res.body.data.sessions as {
        id: string;
        current: boolean;
        device: string;
        ip: string | null;
        lastSeenAt: string;
      }[];
    };

    it('lists the member’s live sessions with device, address and last use, written at most once a minute', async () => {
      t.clock.set('2026-12-10T09:00:00.000Z');
      const member = await newMember(t, accountId, 'viewer');
      const laptop = cookieOf(await signIn(t, member, undefined, FIREFOX_LINUX));
      t.clock.advance(5_000);
      const phone = cookieOf(await signIn(t, member, undefined, SAFARI_IPHONE));
      // Another member's session is not theirs to see.
      const other = await newMember(t, accountId);
      cookieOf(await signIn(t, other));

      const list = await sessionsOf(laptop);
      expect(list).toHaveLength(2);
      expect(list.map((s) => [s.device, s.current])).toEqual([
        ['Safari on iOS', false],
        ['Firefox on Linux', true],
      ]);
      expect(list[1]!.ip).toMatch(/127\.0\.0\.1/);
      expect(list[1]!.lastSeenAt).toBe('2026-12-10T09:00:00.000Z');

      // Used again within the minute: not written; a minute later: written.
      t.clock.advance(30_000);
      await sessionsOf(laptop);
      expect((await sessionsOf(phone)).find((s) => s.device === 'Firefox on Linux')!.lastSeenAt).toBe(
        '2026-12-10T09:00:00.000Z',
      );
      t.clock.advance(60_000);
      await sessionsOf(laptop);
      expect((await sessionsOf(phone)).find((s) => s.device === 'Firefox on Linux')!.lastSeenAt).toBe(
        '2026-12-10T09:01:35.000Z',
      );
    });

    it('signs one of its own sessions out; another member’s session is a 404 and goes on', async () => {
      const member = await newMember(t, accountId, 'editor');
      const laptop = cookieOf(await signIn(t, member, undefined, FIREFOX_LINUX));
      const phone = cookieOf(await signIn(t, member, undefined, SAFARI_IPHONE));
      const other = await newMember(t, accountId);
      const otherCookie = cookieOf(await signIn(t, other));
      const otherSession = (await sessionsOf(otherCookie))[0]!.id;

      const stranger = await t.request(`/v1/auth/sessions/${otherSession}`, {
        method: 'DELETE',
        headers: asCookie(laptop),
      });
      expect(stranger.status).toBe(404);
      expect((await t.request('/v1/auth/me', { headers: asCookie(otherCookie) })).status).toBe(200);

      const phoneSession = (await sessionsOf(laptop)).find((s) => !s.current)!.id;
      const ended = await t.request(`/v1/auth/sessions/${phoneSession}`, {
        method: 'DELETE',
        headers: asCookie(laptop),
      });
      expect(ended.status, ended.text).toBe(200);
      expect((await t.request('/v1/auth/me', { headers: asCookie(phone) })).status).toBe(401);
      expect(await sessionsOf(laptop)).toHaveLength(1);
      expect(
        (
          await t.request(`/v1/auth/sessions/${phoneSession}`, {
            method: 'DELETE',
            headers: asCookie(laptop),
          })
        ).status,
      ).toBe(404);
      // Signing out ends the session on the server too.
      await t.request('/v1/auth/logout', { method: 'POST', headers: asCookie(laptop) });
      expect((await t.request('/v1/auth/me', { headers: asCookie(laptop) })).status).toBe(401);
      const actions = await auditActions(t, key);
      expect(actions.filter((a) => a === 'session.ended').length).toBeGreaterThanOrEqual(2);
    });

    it('a password change needs the current password, follows the policy and ends the other sessions', async () => {
      const member = await newMember(t, accountId, 'viewer');
      const here = cookieOf(await signIn(t, member));
      const elsewhere = cookieOf(await signIn(t, member));
      const change = (body: unknown) =>
        t.request('/v1/auth/password', { method: 'POST', headers: asCookie(here), json: body });

      const wrong = await change({ current: 'not the password', new: 'a brand new passphrase' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.issues[0].path).toBe('body.current');
      const weak = await change({ current: member.password, new: '1234567890' });
      expect(weak.status).toBe(400);
      expect((await t.request('/v1/auth/me', { headers: asCookie(elsewhere) })).status).toBe(200);

      const done = await change({ current: member.password, new: 'a brand new passphrase' });
      expect(done.status, done.text).toBe(200);
      expect(done.body.data).toEqual({ changed: true, sessionsEnded: 1 });
      expect((await t.request('/v1/auth/me', { headers: asCookie(here) })).status).toBe(200);
      expect((await t.request('/v1/auth/me', { headers: asCookie(elsewhere) })).status).toBe(401);
      expect((await signIn(t, member)).status).toBe(401);
      expect((await signIn(t, { ...member, password: 'a brand new passphrase' })).status).toBe(200);
      expect(await auditActions(t, key)).toContain('password.changed');
    });

    it('wrong current passwords count in the sign-in throttle', async () => {
      const member = await newMember(t, accountId, 'viewer');
      const here = cookieOf(await signIn(t, member));
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await t.request('/v1/auth/password', {
          method: 'POST',
          headers: asCookie(here),
          json: { current: `wrong ${i}`, new: 'a brand new passphrase' },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses).toContain(429);
    });
  },
  { loginLimits: { perAddress: 10_000 } },
);
