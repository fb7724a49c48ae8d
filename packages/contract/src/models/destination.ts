import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { page } from './paging.js';
import { WebhookDelivery, WebhookEvent } from './webhook.js';

/**
 * Where a form's responses are written besides webhooks (docs/integrations.md "Destinations"): a
 * spreadsheet, a database or a table of a provider, one row, page or record per response, kept up
 * to date when the response is edited or deleted.
 */
export const DESTINATION_KINDS = ['google_sheets', 'notion', 'airtable'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export const DestinationKindSchema = z.enum(DESTINATION_KINDS).describe('The provider written to');

/** Airtable ids: a base is `app` and 14 letters or digits; a table is its name or its `tbl` id. */
export const AirtableTarget = z
  .object({
    baseId: z
      .string()
      .regex(/^app[A-Za-z0-9]{14}$/, 'An Airtable base id: "app" and 14 letters or digits')
      .describe("The base id (`appXXXXXXXXXXXXXX`, in the base's URL)"),
    table: z.string().trim().min(1).max(255).describe('The table, by name or by id (`tblXXXXXXXXXXXXXX`)'),
  })
  .strict()
  .describe('An Airtable table');
export type AirtableTarget = z.infer<typeof AirtableTarget>;

/**
 * A Notion data source (API version 2025-09-03 writes pages under data sources, not databases): its
 * id, 32 hexadecimal digits with or without the dashes of a UUID.
 */
export const NotionTarget = z
  .object({
    dataSourceId: z
      .string()
      .trim()
      .regex(
        /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i,
        'A Notion data source id: 32 hexadecimal digits, with or without dashes',
      )
      .describe("The data source's id (its database's settings: Manage data sources, Copy data source ID)"),
  })
  .strict()
  .describe('A Notion data source');
export type NotionTarget = z.infer<typeof NotionTarget>;

/** A Google spreadsheet (made by Formloom through Google's consent screen) and the sheet written to. */
export const GoogleSheetsTarget = z
  .object({
    spreadsheetId: z.string().min(1).max(200).describe("The spreadsheet's id (in its URL)"),
    sheet: z.string().max(200).describe("The sheet's title"),
  })
  .strict()
  .describe('A Google spreadsheet and sheet');
export type GoogleSheetsTarget = z.infer<typeof GoogleSheetsTarget>;

/** Where a destination writes; its shape depends on `kind`. */
export const DestinationTarget = z
  .union([AirtableTarget, NotionTarget, GoogleSheetsTarget])
  .describe('Where the records are written (by kind)');
export type DestinationTarget = z.infer<typeof DestinationTarget>;

/** Column or field names by field id; a field not named here is written under its label. */
export const DestinationFieldMap = z
  .record(z.string().min(1).max(100), z.string().trim().min(1).max(255))
  .refine((map) => Object.keys(map).length <= 500, 'At most 500 fields')
  .describe('`{<fieldId>: <column name>}`: overrides the column a field is written to (default: its label)');
export type DestinationFieldMap = z.infer<typeof DestinationFieldMap>;

/**
 * `active`: responses are written. `paused`: turned off (`enabled: false`); nothing is queued.
 * `failing`: turned off by the server after repeated failed deliveries (a revoked token, a deleted
 * table); PATCH `{enabled: true}` (with new credentials when they were the cause) resumes it.
 */
export const DestinationStatus = z
  .enum(['active', 'paused', 'failing'])
  .describe('Whether responses are written');
export type DestinationStatus = z.infer<typeof DestinationStatus>;

const destinationSchema = z
  .object({
    id: Uuid,
    formId: Uuid,
    kind: DestinationKindSchema,
    target: DestinationTarget,
    fieldMap: DestinationFieldMap.optional(),
    enabled: z.boolean().describe('False when paused or turned off after failures'),
    status: DestinationStatus,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('A destination of a form. Its credentials are never read back.');
type DestinationObject = typeof destinationSchema;
export interface DestinationZod extends DestinationObject {}
export const Destination: DestinationZod = destinationSchema;
export type Destination = z.infer<typeof Destination>;

export const DestinationList = z
  .object({ destinations: z.array(Destination) })
  .describe("A form's destinations");
export type DestinationList = z.infer<typeof DestinationList>;

/** An Airtable personal access token (`pat...`), sealed at rest, never read back. */
const AirtableCredentials = z
  .object({
    token: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe('A personal access token with data.records:read and :write on the base'),
  })
  .strict()
  .describe('Write-only: sealed at rest and never read back');

/** A Notion internal integration's token (`ntn_...`), sealed at rest, never read back. */
const NotionCredentials = z
  .object({
    token: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe('An internal integration secret; the data source is shared with the integration'),
  })
  .strict()
  .describe('Write-only: sealed at rest and never read back');

const common = {
  fieldMap: DestinationFieldMap.optional(),
  enabled: z.boolean().optional().describe('Default true'),
};

/**
 * POST /v1/forms/:id/destinations: the target and credentials `kind` takes (Google Sheets, made by
 * its OAuth flow, is not connected here).
 */
export const CreateDestinationBody = z
  .discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('airtable').describe('The provider written to'),
        target: AirtableTarget,
        credentials: AirtableCredentials,
        ...common,
      })
      .strict()
      .describe('An Airtable table'),
    z
      .object({
        kind: z.literal('notion').describe('The provider written to'),
        target: NotionTarget,
        credentials: NotionCredentials,
        ...common,
      })
      .strict()
      .describe('A Notion data source'),
  ])
  .describe('A new destination; existing responses are written to it too');
export type CreateDestinationBody = z.infer<typeof CreateDestinationBody>;

/**
 * PATCH: what is given changes; `credentials` replace the stored ones. A `target` must be of the
 * destination's kind (the server answers 400 otherwise).
 */
export const UpdateDestinationBody = z
  .object({
    target: z.union([AirtableTarget, NotionTarget]).optional(),
    credentials: z
      .object({ token: z.string().trim().min(1).max(500).describe("The provider's new token") })
      .strict()
      .optional()
      .describe('Write-only: sealed at rest and never read back'),
    fieldMap: DestinationFieldMap.nullable().optional().describe('`null`: every field under its label'),
    enabled: z.boolean().optional().describe('`true` resumes a paused or failing destination'),
  })
  .strict()
  .describe('Changes to a destination');
export type UpdateDestinationBody = z.infer<typeof UpdateDestinationBody>;

/** GET /v1/forms/:id/destinations/google/start: Google's consent screen to send the person to. */
export const GoogleAuthorization = z
  .object({
    url: z
      .string()
      .url()
      .describe(
        "Google's consent screen; after it, Google sends the browser to /v1/destinations/google/callback, which makes the spreadsheet and the destination and opens the dashboard's destinations page",
      ),
  })
  .describe('Where to send the browser to connect Google Sheets (good for 10 minutes, once)');
export type GoogleAuthorization = z.infer<typeof GoogleAuthorization>;
// --- Deliveries log ----------------------------------------------------------------------

/**
 * What a destination's deliveries carry: a response's creation or edit (the webhook event), the
 * form's existing responses written when it was connected, or deleted responses removed.
 */
export const DESTINATION_DELIVERY_EVENTS = [
  'FORM_RESPONSE_CREATED',
  'FORM_RESPONSE_UPDATED',
  'DESTINATION_BACKFILL',
  'DESTINATION_REMOVAL',
] as const;
export type DestinationDeliveryEvent = (typeof DESTINATION_DELIVERY_EVENTS)[number];

/** A backfill's or a removal's payload: the responses a delivery writes or removes. */
export const DestinationResponseBatch = z
  .object({ formId: Uuid, responseIds: z.array(Uuid) })
  .describe('The responses written (DESTINATION_BACKFILL) or removed (DESTINATION_REMOVAL)');

/**
 * One delivery of a destination: a webhook delivery's status, attempts and retries, with the
 * destination's id and what it carried.
 */
const destinationDeliverySchema = WebhookDelivery.omit({ webhookId: true, eventType: true, payload: true })
  .extend({
    destinationId: Uuid,
    eventType: z.enum(DESTINATION_DELIVERY_EVENTS).describe('What the delivery writes or removes'),
    payload: z.union([WebhookEvent, DestinationResponseBatch]),
  })
  .describe('Destination delivery');
type DestinationDeliveryObject = typeof destinationDeliverySchema;
export interface DestinationDeliveryZod extends DestinationDeliveryObject {}
export const DestinationDelivery: DestinationDeliveryZod = destinationDeliverySchema;
export type DestinationDelivery = z.infer<typeof DestinationDelivery>;

export const DestinationDeliveryPage = page('deliveries', DestinationDelivery).describe(
  'A page of deliveries, newest first',
);
export type DestinationDeliveryPage = z.infer<typeof DestinationDeliveryPage>;
