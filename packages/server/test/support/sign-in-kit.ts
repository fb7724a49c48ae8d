import { randomUUID } from 'node:crypto';
import type { Role } from '@formloom/contract';
import { Secret, TOTP } from 'otpauth';
import { createServices } from '../../src/services.js';
import { DASHBOARD_ORIGIN } from './members-kit.js';
import type { TestServer } from './test-server.js';

export const PASSWORD = 'correct horse battery';

/** The current code of a TOTP secret at the server's clock, as an authenticator app computes it. */
export function totpCode(t: TestServer, secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });
}

/** A code of the secret that is not good now nor one step either side. */
export function wrongCode(t: TestServer, secret: string): string {
  const near = new Set([-1, 0, 1].map((s) => totpCode(t, secret, s)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** The session cookie a sign-in answer set ('' when none). */
export const cookieOf = (res: { headers: Headers }) =>
  (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

export interface Member {
  id: string;
  email: string;
  password: string;
}

/** A new member of `accountId` (not signed in). */
export async function newMember(t: TestServer, accountId: string, role: Role = 'owner'): Promise<Member> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await createServices({ db: t.db }).users.create({
    account: accountId,
    email,
    password: PASSWORD,
    role,
  });
  return { id: user.id, email, password: PASSWORD };
}

/** The dashboard's sign-in, with a `code` when given; `userAgent` names the device. */
export function signIn(
  t: TestServer,
  member: { email: string; password: string },
  code?: string,
  userAgent?: string,
) {
  return t.request('/v1/auth/login', {
    method: 'POST',
    json: { email: member.email, password: member.password, ...(code === undefined ? {} : { code }) },
    headers: { origin: DASHBOARD_ORIGIN, ...(userAgent === undefined ? {} : { 'user-agent': userAgent }) },
  });
}

/** The headers of a dashboard request with `cookie`. */
export const asCookie = (cookie: string) => ({ cookie, origin: DASHBOARD_ORIGIN });

/**
 * Turns two-factor on for the member signed in with `cookie`: the secret and the recovery codes.
 * The clock then moves one step on, so that the app shows a new code (the confirming one is spent).
 */
export async function enrol(t: TestServer, cookie: string) {
  const setup = await t.request('/v1/auth/2fa/setup', { method: 'POST', headers: asCookie(cookie) });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`);
  const secret = setup.body.data.secret as string;
  const confirmed = await t.request('/v1/auth/2fa/confirm', {
    method: 'POST',
    headers: asCookie(cookie),
    json: { code: totpCode(t, secret) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  t.clock.advance(30_000);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

/** The actions of the account's audit log, newest first. */
export async function auditActions(t: TestServer, key: string): Promise<string[]> {
  const res = await t.request('/v1/audit-log?limit=100', { key });
  if (res.status !== 200) throw new Error(`audit log: ${res.status} ${res.text}`);
  return (res.body.data.entries as { action: string }[]).map((e) => e.action);
}
