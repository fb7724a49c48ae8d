import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { TransferService } from './transfer-service.js';

const s = initServer();

export function createTransferRouter(
  transfer: TransferService,
): RouterImplementation<typeof contract.transfer> {
  return s.router(contract.transfer, {
    getFormDefinition: async ({ params, req }) => ({
      status: 200,
      body: successBody(await transfer.definition(authOf(req).accountId, params.id), 'Form definition'),
    }),
    importForm: async ({ body, req }) => ({
      status: 201,
      body: successBody(await transfer.import(authOf(req).accountId, body), 'Form imported'),
    }),
  });
}
