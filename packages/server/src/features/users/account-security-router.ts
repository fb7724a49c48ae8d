import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { Request } from 'express';
import { notFound, unauthorized } from '../../domain-errors.js';
import { clientKey } from '../../http/client-key.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { CookieSessions } from './cookie-sessions.js';
import type { SessionSignIn } from './dashboard-auth-router.js';
import { passkeyHandlers } from './passkeys-router.js';
import type { Passkeys } from './passkeys-service.js';
import type { PasswordResets } from './password-resets.js';
import type { TwoFactor } from './two-factor-service.js';
import type { UsersService } from './users-service.js';

const s = initServer();

export interface AccountSecurityDeps {
  twoFactor: TwoFactor;
  sessions: CookieSessions;
  users: UsersService;
  passwordResets: PasswordResets;
  passkeys: Passkeys;
  /** Starts the dashboard session of a passkey sign-in, as a password sign-in does. */
  signIn: SessionSignIn;
}

/** The signed-in member of a cookie route, with their account and session. */
function memberOf(req: Request) {
  const auth = authOf(req);
  if (auth.member === undefined) throw unauthorized('Not signed in');
  return { ...auth.member, accountId: auth.accountId };
}

/** Two-factor, passkeys, sessions and passwords of the signed-in member; password reset; the account's rule. */
export function createAccountSecurityRouter(
  deps: AccountSecurityDeps,
): RouterImplementation<typeof contract.security> {
  const { twoFactor, sessions } = deps;
  return s.router(contract.security, {
    getTwoFactor: async ({ req }) => ({
      status: 200,
      body: successBody(await twoFactor.status(memberOf(req)), 'Two-factor status'),
    }),
    setupTwoFactor: async ({ req }) => ({
      status: 200,
      body: successBody(
        await twoFactor.setup(memberOf(req)),
        'Add the secret to your app, then confirm a code',
      ),
    }),
    confirmTwoFactor: async ({ req, body }) => ({
      status: 200,
      body: successBody(await twoFactor.confirm(memberOf(req), body.code, clientKey(req)), 'Two-factor on'),
    }),
    disableTwoFactor: async ({ req, body }) => {
      await twoFactor.disable(memberOf(req), body.code, clientKey(req));
      return { status: 200, body: successBody({ enabled: false as const }, 'Two-factor off') };
    },
    renewRecoveryCodes: async ({ req, body }) => ({
      status: 200,
      body: successBody(
        await twoFactor.renewRecoveryCodes(memberOf(req), body.code, clientKey(req)),
        'New recovery codes',
      ),
    }),
    listSessions: async ({ req }) => {
      const member = memberOf(req);
      return {
        status: 200,
        body: successBody(await sessions.list(member.userId, member.sessionId), 'Sessions'),
      };
    },
    endSession: async ({ req, params }) => {
      if (!(await sessions.endOwn(memberOf(req), params.sessionId)))
        throw notFound('No such session of yours');
      return { status: 200, body: successBody({ ended: true as const }, 'Session ended') };
    },
    changePassword: async ({ req, body }) => {
      const sessionsEnded = await deps.users.changePassword(memberOf(req), body, clientKey(req));
      return {
        status: 200,
        body: successBody({ changed: true as const, sessionsEnded }, 'Password changed'),
      };
    },
    requestPasswordReset: async ({ req, body }) => {
      await deps.passwordResets.request(body, clientKey(req));
      return {
        status: 200,
        body: successBody(
          { requested: true as const },
          'If the address has an account, a link is on its way',
        ),
      };
    },
    confirmPasswordReset: async ({ req, body }) => {
      await deps.passwordResets.confirm(body, req.ip ?? null);
      return { status: 200, body: successBody({ reset: true as const }, 'Password set: sign in with it') };
    },
    updateAccountSecurity: async ({ req, body }) => ({
      status: 200,
      body: successBody(await twoFactor.setRequired(authOf(req).accountId, body.require2fa), 'Saved'),
    }),
    ...passkeyHandlers(deps.passkeys, deps.signIn),
  });
}
