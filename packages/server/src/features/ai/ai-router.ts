import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { AiService } from './ai-service.js';

const s = initServer();

export function createAiRouter(ai: AiService): RouterImplementation<typeof contract.ai> {
  return s.router(contract.ai, {
    generateForm: async ({ body, req }) => ({
      status: 202,
      body: successBody(await ai.generateForm(authOf(req).accountId, body), 'Job queued'),
    }),
    translateForm: async ({ params, body, req }) => ({
      status: 202,
      body: successBody(await ai.translateForm(authOf(req).accountId, params.id, body), 'Job queued'),
    }),
    getAiJob: async ({ params, req }) => ({
      status: 200,
      body: successBody(await ai.getJob(authOf(req).accountId, params.jobId), 'AI job'),
    }),
  });
}
