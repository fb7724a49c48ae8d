import { type contract, successBody } from '@formloom/contract';
import type { Request } from 'express';
import { unauthorized } from '../../domain-errors.js';
import { clientKey } from '../../http/client-key.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { SessionSignIn } from './dashboard-auth-router.js';
import type { Passkeys } from './passkeys-service.js';

/** The signed-in member of a cookie route, with their account and session. */
function memberOf(req: Request) {
  const auth = authOf(req);
  if (auth.member === undefined) throw unauthorized('Not signed in');
  return { ...auth.member, accountId: auth.accountId };
}

type PasskeyRoutes = Pick<
  typeof contract.security,
  | 'listPasskeys'
  | 'passkeyRegistrationOptions'
  | 'registerPasskey'
  | 'passkeySignInOptions'
  | 'signInWithPasskey'
  | 'removePasskey'
>;

/** `/v1/auth/passkeys/*`: a member's passkeys, and signing in with one to the dashboard's session. */
export function passkeyHandlers(
  passkeys: Passkeys,
  signIn: SessionSignIn,
): RouterImplementation<PasskeyRoutes> {
  return {
    listPasskeys: async ({ req }) => ({
      status: 200,
      body: successBody(await passkeys.list(memberOf(req).userId), 'Passkeys'),
    }),
    passkeyRegistrationOptions: async ({ req }) => ({
      status: 200,
      body: successBody(
        await passkeys.registrationOptions(memberOf(req)),
        'Create the passkey in the browser',
      ),
    }),
    registerPasskey: async ({ req, body }) => ({
      status: 200,
      body: successBody(await passkeys.register(memberOf(req), body), 'Passkey added'),
    }),
    passkeySignInOptions: async ({ req, body }) => ({
      status: 200,
      body: successBody(
        await passkeys.signInOptions(body?.email, clientKey(req)),
        'Choose a passkey in the browser',
      ),
    }),
    signInWithPasskey: async ({ req, res, body }) => {
      const { userId } = await passkeys.signIn(body, clientKey(req));
      return { status: 200, body: successBody(await signIn(req, res, userId), 'Signed in') };
    },
    removePasskey: async ({ req, params, body }) => {
      await passkeys.remove(memberOf(req), params.passkeyId, body?.code, clientKey(req));
      return { status: 200, body: successBody({ removed: true as const }, 'Passkey removed') };
    },
  };
}
