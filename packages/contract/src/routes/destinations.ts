import { DeleteResult, Uuid } from '../models/common.js';
import {
  CreateDestinationBody,
  Destination,
  DestinationDelivery,
  DestinationDeliveryPage,
  DestinationList,
  GoogleAuthorization,
  UpdateDestinationBody,
} from '../models/destination.js';
import { success } from '../models/envelope.js';
import { DeliveryListQuery } from '../models/webhook.js';
import { creates, meta } from './metadata.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  IdempotencyHeaders,
} from './shared.js';

// A destination sends every answer of a form to a third party: scoped and permitted as webhooks are.
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
const DestinationParams = FormIdParams.extend({ destinationId: Uuid.describe('Destination id') });
const formNotFound = { 404: 'Form not found, deleted, or owned by another account' };
const notFound = { 404: 'Form or destination not found' };

/**
 * A form's destinations (docs/integrations.md "Destinations"): each response written as a record of
 * an Airtable table, a page of a Notion data source or a row of a Google spreadsheet, through the outbox as
 * webhook deliveries are.
 */
export const destinationsRouter = c.router({
  listDestinations: {
    method: 'GET',
    path: '/v1/forms/:id/destinations',
    pathParams: FormIdParams,
    summary: "List a form's destinations",
    description: 'Without credentials: they are never read back.',
    responses: {
      200: success(DestinationList, 'The destinations'),
      ...errorResponses([...API_KEY_ERRORS, 404], formNotFound),
    },
    metadata: read,
  },
  createDestination: {
    method: 'POST',
    path: '/v1/forms/:id/destinations',
    pathParams: FormIdParams,
    body: CreateDestinationBody,
    summary: 'Connect a destination',
    description:
      'Every new response becomes a record of the Airtable table or a page of the Notion data source (a column or property per field: its label, or `fieldMap`; a `Response ID` column or rich text property holds the response id), edits update it and deletions remove it (Notion: to the trash). ' +
      'The responses the form already has are written too (Airtable: ten records a request; Notion: a page a request). `credentials` are sealed at rest and never read back. The token and target are tried with the provider first (Airtable: a lookup in the table; Notion: the data source read, which needs a `Response ID` rich text property): one it refuses is a 400 naming `body.credentials` or `body.target`, and nothing is kept.',
    responses: {
      201: success(Destination, 'Connected'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        400: 'Invalid body',
        ...formNotFound,
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
  startGoogleSheets: {
    method: 'GET',
    path: '/v1/forms/:id/destinations/google/start',
    pathParams: FormIdParams,
    summary: 'Start connecting Google Sheets',
    description:
      "Answers Google's consent screen (`url`) to open in the browser of the member who asked (the state is bound to the account, the member and the form, good once for 10 minutes). " +
      'Google sends the browser back to `/v1/destinations/google/callback`, which creates a spreadsheet named after the form (scope `drive.file`: Formloom sees only the files it made), connects it as a `google_sheets` destination (a header row from the fields, a row per response, existing responses written 20 a request) and opens `/app/forms/:id/destinations?google=connected` (`denied` when the person refused, `error` otherwise).',
    responses: {
      200: success(GoogleAuthorization, "Google's consent screen"),
      ...errorResponses([...API_KEY_ERRORS, 404, 'GOOGLE_NOT_CONFIGURED'], {
        ...formNotFound,
        409: 'GOOGLE_NOT_CONFIGURED: the server has no Google OAuth client (FORMLOOM_GOOGLE_CLIENT_ID)',
      }),
    },
    metadata: write,
  },
  updateDestination: {
    method: 'PATCH',
    path: '/v1/forms/:id/destinations/:destinationId',
    pathParams: DestinationParams,
    body: UpdateDestinationBody,
    summary: 'Change a destination',
    description:
      '`enabled: true` resumes a paused or failing destination; the records it kept go out in their order.',
    responses: {
      200: success(Destination, 'Changed'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], { 400: 'Invalid body', ...notFound }),
    },
    metadata: write,
  },
  deleteDestination: {
    method: 'DELETE',
    path: '/v1/forms/:id/destinations/:destinationId',
    pathParams: DestinationParams,
    body: c.noBody(),
    summary: 'Disconnect a destination',
    description: 'Nothing more is written; the records already written stay in the table.',
    responses: {
      200: success(DeleteResult, 'Disconnected'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404], notFound),
    },
    metadata: write,
  },
  listDestinationDeliveries: {
    method: 'GET',
    path: '/v1/forms/:id/destinations/:destinationId/deliveries',
    pathParams: DestinationParams,
    query: DeliveryListQuery,
    summary: "List a destination's deliveries",
    description:
      "Deliveries to the destination, newest first, each with what it carried and its attempts (the status and first KB of the provider's answers), as for webhook endpoints.",
    responses: {
      200: success(DestinationDeliveryPage, 'A page of deliveries'),
      ...errorResponses([...API_KEY_ERRORS, 404], notFound),
    },
    metadata: read,
  },
  redeliverDestinationDelivery: {
    method: 'POST',
    path: '/v1/forms/:id/destinations/:destinationId/deliveries/:deliveryId/redeliver',
    pathParams: DestinationParams.extend({ deliveryId: Uuid.describe('Delivery id') }),
    body: c.noBody(),
    summary: 'Redeliver to a destination',
    description:
      'Queues a new delivery of the same event (new delivery id); the record it writes is still written once per response.',
    responses: {
      202: success(DestinationDelivery, 'The new delivery, queued'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409], {
        404: 'Form, destination or delivery not found',
        409: 'The destination is paused or failing: resume it first',
      }),
    },
    headers: IdempotencyHeaders,
    metadata: creates(write),
  },
});
