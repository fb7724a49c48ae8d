import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import type { FormRow } from '../../db/database.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import { decoySubmission, honeypotFilled } from '../../platform/honeypot.js';
import type { PartialsService } from './partials-service.js';

const s = initServer();

export function createPartialsRouter(
  partials: PartialsService,
  publicForm: (code: string) => Promise<FormRow>,
): RouterImplementation<typeof contract.partials> {
  return s.router(contract.partials, {
    createPartial: async ({ params, body }) => ({
      status: 201,
      body: successBody(await partials.create(params.code, body), 'Partial response saved'),
    }),
    getPartial: async ({ params }) => ({
      status: 200,
      body: successBody(await partials.get(params.code, params.token), 'Partial response'),
    }),
    updatePartial: async ({ params, body }) => ({
      status: 200,
      body: successBody(await partials.update(params.code, params.token, body), 'Partial response saved'),
    }),
    completePartial: async ({ params, body, req }) => ({
      status: 201,
      body: successBody(
        // A filled honeypot is answered as a submission's is: as stored, with nothing stored (and
        // the partial left as it was).
        honeypotFilled(req)
          ? await decoySubmission(publicForm, params.code)
          : await partials.complete(params.code, params.token, body, req.get('accept-language'), req.ip),
        'Response stored',
      ),
    }),
    listPartials: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await partials.list(authOf(req).accountId, params.id, query), 'Partial responses'),
    }),
  });
}
