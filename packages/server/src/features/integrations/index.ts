/** The integrations feature: Slack and Discord connections, their senders, their API and Slack's callback. */

export { createBrowserRoutes } from './browser-routes.js';
export { type ChatSenderOptions, createChatSenders, DEFAULT_SLACK_API_BASE_URL } from './chat-senders.js';
export { createOAuthState, DEFAULT_SLACK_AUTHORIZE_URL } from './connect.js';
export { createConnectionsService } from './connections-service.js';
export { createIntegrationsRouter } from './integrations-router.js';
