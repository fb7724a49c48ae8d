import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { ResponsesService } from './responses-service.js';

const s = initServer();

export function createResponsesRouter(
  responses: ResponsesService,
): RouterImplementation<typeof contract.responses> {
  return s.router(contract.responses, {
    listResponses: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await responses.list(authOf(req).accountId, params.id, query), 'Responses'),
    }),
    countResponses: async ({ params, req }) => ({
      status: 200,
      body: successBody(await responses.count(authOf(req).accountId, params.id), 'Response count'),
    }),
    getResponse: async ({ params, req }) => ({
      status: 200,
      body: successBody(await responses.get(authOf(req).accountId, params.id, params.responseId), 'Response'),
    }),
  });
}
