import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { WebhooksService } from './webhooks-service.js';

const s = initServer();

export function createWebhooksRouter(
  webhooks: WebhooksService,
): RouterImplementation<typeof contract.webhooks> {
  return s.router(contract.webhooks, {
    listWebhooks: async ({ req }) => ({
      status: 200,
      body: successBody(await webhooks.list(authOf(req).accountId), 'Webhook endpoints'),
    }),
    createWebhook: async ({ body, req }) => ({
      status: 201,
      body: successBody(
        await webhooks.create(authOf(req).accountId, body, authOf(req).plan),
        'Webhook endpoint created; store its secret now, it is not shown again',
      ),
    }),
    updateWebhook: async ({ params, body, req }) => ({
      status: 200,
      body: successBody(
        await webhooks.update(authOf(req).accountId, params.id, body),
        'Webhook endpoint updated',
      ),
    }),
    deleteWebhook: async ({ params, req }) => ({
      status: 200,
      body: successBody(await webhooks.remove(authOf(req).accountId, params.id), 'Webhook endpoint deleted'),
    }),
    listWebhookDeliveries: async ({ params, query, req }) => ({
      status: 200,
      body: successBody(await webhooks.deliveries(authOf(req).accountId, params.id, query), 'Deliveries'),
    }),
    redeliverWebhookDelivery: async ({ params, req }) => ({
      status: 202,
      body: successBody(
        await webhooks.redeliver(authOf(req).accountId, params.id, params.deliveryId),
        'Delivery queued',
      ),
    }),
    subscribeHook: async ({ body, req }) => ({
      status: 201,
      body: successBody(
        await webhooks.subscribeHook(authOf(req).accountId, body, authOf(req).plan),
        'Hook subscribed',
      ),
    }),
    unsubscribeHook: async ({ params, req }) => ({
      status: 200,
      body: successBody(await webhooks.unsubscribeHook(authOf(req).accountId, params.id), 'Hook deleted'),
    }),
    testWebhook: async ({ params, body, req }) => ({
      status: 202,
      body: successBody(
        await webhooks.test(authOf(req).accountId, params.id, body.type),
        'Test event queued',
      ),
    }),
  });
}
