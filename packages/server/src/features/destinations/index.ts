/** The destinations feature: a form's responses written to Airtable and Notion and Google Sheets through the outbox. */
export { DEFAULT_AIRTABLE_API_BASE } from './airtable-client.js';
export { DESTINATION_CHANNEL } from './destination-events.js';
export { CONNECTION_CHECK_TIMEOUT_MS, checkConnection } from './destination-providers.js';
export { createDestinationSender, type DestinationSenderDeps } from './destination-sender.js';
export { createDestinationsRouter } from './destinations-router.js';
export { createDestinationsService, type DestinationsService } from './destinations-service.js';
export { createGoogleBrowserRoutes } from './google-browser-routes.js';
export {
  DEFAULT_GOOGLE_OAUTH_BASE,
  DEFAULT_GOOGLE_SHEETS_BASE,
  DEFAULT_GOOGLE_TOKEN_BASE,
  type GoogleSettings,
  googleSettings,
} from './google-client.js';
export { createGoogleConnect, type GoogleConnect } from './google-connect.js';
export { DEFAULT_NOTION_API_BASE } from './notion-client.js';
export { createRevokedMails } from './revoked-mail.js';
