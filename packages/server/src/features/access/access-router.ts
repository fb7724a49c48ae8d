import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { clientKey } from '../../http/client-key.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { AccessService } from './access-service.js';

const s = initServer();

export function createAccessRouter(
  access: AccessService,
  /** The routes of respondents proving an address (the links feature's), in the same group. */
  emailRoutes: Pick<RouterImplementation<typeof contract.access>, 'verifyPublicEmail' | 'confirmPublicEmail'>,
): RouterImplementation<typeof contract.access> {
  return s.router(contract.access, {
    ...emailRoutes,
    getFormAccess: async ({ params, req }) => ({
      status: 200,
      body: successBody(await access.get(authOf(req).accountId, params.id), 'Access rules'),
    }),
    putFormAccess: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await access.put(authOf(req).accountId, params.id, body), 'Access rules changed'),
    }),
    unlockPublicForm: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(await access.unlock(params.code, body.password, clientKey(req)), 'Unlocked'),
    }),
  });
}
