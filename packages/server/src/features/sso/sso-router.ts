import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { SsoService } from './sso-service.js';

const s = initServer();

/** `GET/PUT/DELETE /v1/me/sso`: the account's single sign-on, for its owners. */
export function createSsoRouter(sso: SsoService): RouterImplementation<typeof contract.sso> {
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
  });
}
