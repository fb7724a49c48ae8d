import { randomUUID } from 'node:crypto';
import type { Role } from '@formloom/contract';
import { createServices } from '../../src/services.js';
import type { TestServer } from './test-server.js';

const PASSWORD = 'correct horse battery';
/** The origin the dashboard's requests carry (the same-origin rule of cookie sessions). */
export const DASHBOARD_ORIGIN = 'https://forms.example.test';

/**
 * A new member of `accountId` with `role`, signed in through the login route: their id, email
 * and the headers the dashboard would send (the session cookie and the origin).
 */
export async function signedInMember(t: TestServer, accountId: string, role: Role = 'owner') {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await createServices({ db: t.db }).users.create({
    account: accountId,
    email,
    password: PASSWORD,
    role,
  });
  const res = await t.request('/v1/auth/login', {
    method: 'POST',
    json: { email, password: PASSWORD },
    headers: { origin: DASHBOARD_ORIGIN },
  });
  if (res.status !== 200) throw new Error(`signing in failed: ${res.status} ${res.text}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { id: user.id, email, headers: { cookie, origin: DASHBOARD_ORIGIN } };
}
