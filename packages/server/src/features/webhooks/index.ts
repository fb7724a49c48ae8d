/** The webhooks feature: the webhook endpoints API and its delivery log. */
export { createWebhooksRouter } from './webhooks-router.js';
export { createWebhooksService } from './webhooks-service.js';
