import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { clientKey } from '../../http/client-key.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { SessionSignIn } from '../users/index.js';
import type { SsoRecovery } from './sso-recovery.js';
import type { SsoService } from './sso-service.js';

const s = initServer();

export interface SsoRouterDeps {
  sso: SsoService;
  recovery: SsoRecovery;
  /** Starts the dashboard session of a recovery sign-in, as a password sign-in does. */
  signIn: SessionSignIn;
}

/**
 * `GET/PUT/DELETE /v1/me/sso`: the account's single sign-on, for its owners; `POST
 * /v1/auth/sso/recovery` and `.../confirm`: their e-mailed way back in when it is enforced.
 */
export function createSsoRouter({
  sso,
  recovery,
  signIn,
}: SsoRouterDeps): RouterImplementation<typeof contract.sso> {
  return s.router(contract.sso, {
    getSso: async ({ req }) => ({
      status: 200,
      body: successBody(await sso.read(authOf(req).accountId), 'Single sign-on'),
    }),
    putSso: async ({ body, req }) => ({
      status: 200,
      body: successBody(await sso.put(authOf(req).accountId, body), 'Single sign-on set up'),
    }),
    deleteSso: async ({ req }) => ({
      status: 200,
      body: successBody(await sso.remove(authOf(req).accountId), 'Single sign-on turned off'),
    }),
    requestSsoRecovery: async ({ body, req }) => {
      await recovery.request(body, clientKey(req));
      return {
        status: 200,
        body: successBody({ requested: true as const }, 'If the address may have a code, it is on its way'),
      };
    },
    confirmSsoRecovery: async ({ body, req, res }) => {
      const userId = await recovery.confirm(body, clientKey(req));
      return { status: 200, body: successBody(await signIn(req, res, userId), 'Signed in') };
    },
  });
}
