/** The destinations feature: a form's responses written to Airtable and Notion (and later Sheets) through the outbox. */
export { DEFAULT_AIRTABLE_API_BASE } from './airtable-client.js';
export { DESTINATION_CHANNEL } from './destination-events.js';
export { createDestinationSender, type DestinationSenderDeps } from './destination-sender.js';
export { createDestinationsRouter } from './destinations-router.js';
export { createDestinationsService, type DestinationsService } from './destinations-service.js';
export { DEFAULT_NOTION_API_BASE } from './notion-client.js';
