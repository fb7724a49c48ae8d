import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { unauthorized } from '../../domain-errors.js';
import type { SessionContext } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { clientKey } from '../public/index.js';
import type { Login } from '../users/index.js';
import type { ConnectionsService } from './connections-service.js';

const s = initServer();

/** The signed-in caller of a `session` route; the auth middleware guarantees it is set. */
export function sessionOf(req: { session?: SessionContext | undefined }): SessionContext {
  if (req.session === undefined) throw unauthorized('Missing session token');
  return req.session;
}

export function createIntegrationsRouter(
  login: Login,
  connections: ConnectionsService,
): RouterImplementation<typeof contract.integrations> {
  return s.router(contract.integrations, {
    login: async ({ body, req }) => ({
      status: 200,
      body: successBody(await login(body, clientKey(req)), 'Signed in'),
    }),
    listConnections: async ({ req }) => ({
      status: 200,
      body: successBody({ connections: await connections.list(sessionOf(req).accountId) }, 'Connections'),
    }),
    updateConnectionEvents: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await connections.setEvents(sessionOf(req).accountId, params.connectionId, body.events),
        'Events updated',
      ),
    }),
    deleteConnection: async ({ params, req }) => ({
      status: 200,
      body: successBody(
        await connections.remove(sessionOf(req).accountId, params.connectionId),
        'Connection removed',
      ),
    }),
  });
}
