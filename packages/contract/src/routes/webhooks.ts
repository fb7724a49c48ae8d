import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  CreatedHook,
  CreatedWebhook,
  CreateHookBody,
  CreateWebhookBody,
  DeliveryListQuery,
  DeliveryPage,
  TestWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookList,
} from '../models/webhook.js';
import { creates, meta } from './metadata.js';
import { API_KEY_ERRORS, BODY_ERRORS, c, errorResponses, IdempotencyHeaders } from './shared.js';

const read = meta({
  auth: 'apiKey',
  scope: 'WEBHOOKS_READ',
  permission: 'webhooks.read',
  minPlan: 'STARTER',
});
const write = meta({
  auth: 'apiKey',
  scope: 'WEBHOOKS_WRITE',
  permission: 'webhooks.write',
  minPlan: 'STARTER',
});
const WebhookIdParams = z.object({ id: Uuid.describe('Webhook endpoint id') });
const notFound = { 404: 'Webhook endpoint not found' };
const urlPolicy =
  'The URL must be HTTPS and must not resolve to a private, loopback or link-local address (unless the operator allows it).';

export const webhooksRouter = c.router({
  listWebhooks: {
    method: 'GET',
    path: '/v1/webhooks',
    summary: 'List webhook endpoints',
    responses: { 200: success(WebhookList, 'The endpoints'), ...errorResponses(API_KEY_ERRORS) },
    metadata: read,
  },
  createWebhook: {
    method: 'POST',
    path: '/v1/webhooks',
    body: CreateWebhookBody,
    summary: 'Create a webhook endpoint',
    description: `${urlPolicy} The answer carries the full signing \`secret\`, once; later reads show \`secretLast4\`.`,
    responses: {
      201: success(CreatedWebhook, 'The endpoint, with its signing secret'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        400: 'Invalid body, or a URL the server does not accept',
        404: 'A form of `formIds` not found',
        409: 'The account already has an endpoint with this URL',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/v1/webhooks/:id',
    pathParams: WebhookIdParams,
    body: UpdateWebhookBody,
    summary: 'Update a webhook endpoint',
    description: `Only the properties sent change. \`isActive: true\` re-enables an endpoint that was disabled after failures. ${urlPolicy}`,
    responses: {
      200: success(WebhookEndpoint, 'The updated endpoint'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        404: 'Webhook endpoint, or a form of `formIds`, not found',
        409: 'The account already has an endpoint with this URL',
      }),
    },
    metadata: write,
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    pathParams: WebhookIdParams,
    summary: 'Delete a webhook endpoint',
    responses: {
      200: success(DeleteResult, 'Deleted'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/v1/webhooks/:id/deliveries',
    pathParams: WebhookIdParams,
    query: DeliveryListQuery,
    summary: 'List deliveries',
    description: 'Deliveries to the endpoint, newest first, each with its payload and attempts.',
    responses: {
      200: success(DeliveryPage, 'A page of deliveries'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  redeliverWebhookDelivery: {
    method: 'POST',
    path: '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    pathParams: WebhookIdParams.extend({ deliveryId: Uuid.describe('Delivery id') }),
    body: c.noBody(),
    summary: 'Redeliver an event',
    description: 'Queues a new delivery of the same event (same payload, new delivery id).',
    responses: {
      202: success(WebhookDelivery, 'The new delivery, queued'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        404: 'Endpoint or delivery not found',
        409: 'The endpoint is disabled: re-enable it first',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  subscribeHook: {
    method: 'POST',
    path: '/v1/hooks',
    body: CreateHookBody,
    summary: 'Subscribe a REST hook',
    description: `A webhook endpoint for one event type (and one form, when \`formId\` is given), as Zapier's REST hooks subscribe; it shows in the webhook list with \`restHook: true\`, counts towards the plan's endpoints, and is deleted when its URL answers 410 Gone. ${urlPolicy}`,
    responses: {
      201: success(CreatedHook, 'The hook'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        400: 'Invalid body, or a URL the server does not accept',
        404: 'Form not found',
        409: 'The account already has an endpoint with this URL',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  unsubscribeHook: {
    method: 'DELETE',
    path: '/v1/hooks/:id',
    pathParams: z.object({ id: Uuid.describe('Hook id') }),
    summary: 'Unsubscribe a REST hook',
    responses: {
      200: success(DeleteResult, 'Deleted'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], { 404: 'Hook not found' }),
    },
    metadata: write,
  },
  testWebhook: {
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    pathParams: WebhookIdParams,
    body: TestWebhookBody,
    summary: 'Send a test event',
    description:
      'Queues a sample event of the given type (FORM_RESPONSE_CREATED by default), signed like any other.',
    responses: {
      202: success(WebhookDelivery, 'The test delivery, queued'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        ...notFound,
        409: 'The endpoint is disabled: re-enable it first',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
});
