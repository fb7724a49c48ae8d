import { randomUUID } from 'node:crypto';
import { contractRoutes } from '@formloom/contract';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { assertAuthKindsHandled } from './auth-middleware.js';

/** A concrete path for a route: ids as fresh UUIDs, a share code no form has, a field id. */
function pathOf(template: string): string {
  return template
    .replace(':code', 'NoSuchShareCode1')
    .replace(':fieldId', 'field_1')
    .replace(/:[A-Za-z]+/g, () => randomUUID());
}

/**
 * Every route of the contract, walked, is refused without its credential.
 * API-key, session and interview routes answer 401 with nothing, and 401 with a made-up credential
 * (interview routes: 404, since no session exists under the made-up ids);
 * share-code routes answer 404 for a code no form has; the sign-in routes (integrations and
 * dashboard) are the only ones that need nothing.
 */
describeEachDialect('authentication per route, deny by default', (t) => {
  it('every route is refused without its credential', async () => {
    const seen = new Set<string>();
    for (const { name, route, metadata } of contractRoutes) {
      seen.add(metadata.auth);
      const path = pathOf(route.path);
      const init = {
        method: route.method,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }),
      };
      const bare = await t.request(path, init);
      const where = `${name} ${route.method} ${path} (${metadata.auth})`;
      switch (metadata.auth) {
        case 'apiKey':
        case 'session':
        case 'interviewToken': {
          expect(bare.status, where).toBe(401);
          expect(bare.body.error, where).toBe('UNAUTHORIZED');
          const forged =
            metadata.auth === 'interviewToken'
              ? await t.request(path, { ...init, headers: { 'x-session-token': 'forged-token' } })
              : await t.request(path, {
                  ...init,
                  key:
                    metadata.auth === 'apiKey'
                      ? `formloom_${'0'.repeat(12)}.${'0'.repeat(64)}`
                      : 'forged.jwt.token',
                });
          // A forged interview token is checked against the session: none exists under these ids
          // (404; a wrong token for a real session is a 403, see interview.test.ts).
          expect(forged.status, `${where} with a forged credential`).toBe(
            metadata.auth === 'interviewToken' ? 404 : 401,
          );
          break;
        }
        case 'shareCode':
          // A code no form has is a 404 (the upload route refuses a JSON body first, with 415).
          expect([400, 404, 415], where).toContain(bare.status);
          break;
        case 'public':
          // The integrations login, and the dashboard's sign-in (by password or passkey), sign-out,
          // first-run setup, accepting an invitation, password reset by mail and an owner's e-mailed
          // code under enforced single sign-on; and the TLS proxy's
          // question whether a domain is served (it says yes or no only).
          expect(
            [
              'login',
              'signIn',
              'passkeySignInOptions',
              'signInWithPasskey',
              'signOut',
              'setup',
              'acceptInvitation',
              'requestPasswordReset',
              'confirmPasswordReset',
              'requestSsoRecovery',
              'confirmSsoRecovery',
              'allowedDomain',
            ],
            where,
          ).toContain(name);
          break;
        case 'cookie': {
          expect(bare.status, where).toBe(401);
          const forged = await t.request(path, {
            ...init,
            // Sent as the dashboard would (same origin), so a write reaches the cookie check.
            headers: {
              cookie: `formloom_session=${'0'.repeat(16)}.${'0'.repeat(64)}`,
              'sec-fetch-site': 'same-origin',
            },
          });
          expect(forged.status, `${where} with a forged cookie`).toBe(401);
          break;
        }
        default:
          throw new Error(`${where}: a kind of authentication the test does not know`);
      }
    }
    expect([...seen].sort()).toEqual([
      'apiKey',
      'cookie',
      'interviewToken',
      'public',
      'session',
      'shareCode',
    ]);
  });

  it('a contract with a route of an unknown kind is not served', () => {
    expect(() =>
      assertAuthKindsHandled([...contractRoutes, { name: 'mystery', metadata: { auth: 'magicLink' } }]),
    ).toThrow('No authentication for mystery (magicLink)');
    expect(() => assertAuthKindsHandled(contractRoutes)).not.toThrow();
  });
});
