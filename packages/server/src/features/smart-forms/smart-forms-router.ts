import { contract, hasMorePages, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { notFound } from '../../domain-errors.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { authOf } from '../auth/auth-middleware.js';
import { notAvailable } from '../unavailable/not-available.js';
import { type createSessionsStore, toSession } from './sessions-store.js';
import type { SmartFormsService } from './smart-forms-service.js';

const s = initServer();

/**
 * The owner's smart-form routes (API key). Chat, aggregate analytics and export are not served
 * yet (they answer "not available on this server yet").
 */
export function createSmartFormsRouter(
  smartForms: SmartFormsService,
  sessions: ReturnType<typeof createSessionsStore>,
): RouterImplementation<typeof contract.smartForms> {
  /** The smart form must be the caller's: another account's id is a 404, like a missing one. */
  const owned = async (accountId: string, id: string) => (await smartForms.get(accountId, id)).id;
  return s.router(contract.smartForms, {
    ...notAvailable(contract.smartForms),
    listSmartForms: async ({ query, req }) => ({
      status: 200,
      body: successBody(await smartForms.list(authOf(req).accountId, query), 'Smart forms'),
    }),
    getSmartForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await smartForms.get(authOf(req).accountId, params.id), 'Smart form'),
    }),
    createSmartForm: async ({ body, req }) => ({
      status: 201,
      body: successBody(await smartForms.create(authOf(req).accountId, body), 'Smart form created'),
    }),
    updateSmartForm: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await smartForms.update(authOf(req).accountId, params.id, body),
        'Smart form updated',
      ),
    }),
    deleteSmartForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await smartForms.remove(authOf(req).accountId, params.id), 'Smart form deleted'),
    }),
    publishSmartForm: async ({ params, req }) => ({
      status: 200,
      body: successBody(await smartForms.publish(authOf(req).accountId, params.id), 'Smart form published'),
    }),
    unpublishSmartForm: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await smartForms.unpublish(authOf(req).accountId, params.id, body.mode),
        'Smart form unpublished',
      ),
    }),
    listSmartFormSessions: async ({ params, query, req }) => {
      const id = await owned(authOf(req).accountId, params.id);
      const { rows, total } = await sessions.list(id, query);
      return {
        status: 200,
        body: successBody(
          {
            sessions: rows.map(toSession),
            total,
            page: query.page,
            limit: query.limit,
            hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
          },
          'Sessions',
        ),
      };
    },
    getSmartFormSession: async ({ params, req }) => {
      const id = await owned(authOf(req).accountId, params.id);
      const row = await sessions.findOf(id, params.sessionId);
      if (row === undefined) throw notFound(`Session ${params.sessionId} not found`);
      return { status: 200, body: successBody(await sessions.detail(row), 'Session') };
    },
  });
}
