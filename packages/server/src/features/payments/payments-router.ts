import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { clientKey } from '../../http/client-key.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { PaymentsService } from './payments-service.js';

const s = initServer();

/** The account's Stripe keys, a respondent's payment start and completion, a response's refund. */
export function createPaymentsRouter(
  payments: PaymentsService,
): RouterImplementation<typeof contract.payments> {
  return s.router(contract.payments, {
    getStripeConnection: async ({ req }) => ({
      status: 200,
      body: successBody(await payments.connection(authOf(req).accountId), 'Stripe connection'),
    }),
    connectStripe: async ({ body, req }) => ({
      status: 200,
      body: successBody(await payments.connect(authOf(req).accountId, body), 'Stripe connected'),
    }),
    disconnectStripe: async ({ req }) => ({
      status: 200,
      body: successBody(await payments.disconnect(authOf(req).accountId), 'Stripe disconnected'),
    }),
    startPayment: async ({ params, body, req }) => ({
      status: 201,
      body: successBody(
        await payments.start(params.code, body, {
          language: { requested: body.language, acceptLanguage: req.get('accept-language') },
          address: clientKey(req),
          remoteIp: req.ip,
        }),
        'Checkout Session created',
      ),
    }),
    completePayment: async ({ params }) => ({
      status: 200,
      body: successBody(await payments.complete(params.code, params.sessionId), 'Payment completed'),
    }),
    refundPayment: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await payments.refund(authOf(req).accountId, params.id, params.responseId, body),
        'Payment refunded',
      ),
    }),
  });
}
