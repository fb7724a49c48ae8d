import { z } from 'zod';
import { HttpUrl, Timestamp, Uuid } from './common.js';
import { PageQuery, page } from './paging.js';
import { QuizResult, VariableValue } from './response.js';
import { ResponsePayment } from './response-payment.js';

/** All ten event types are subscribable (docs/webhooks.md "Events"). */
export const WEBHOOK_EVENT_TYPES = [
  'FORM_RESPONSE_CREATED',
  'FORM_RESPONSE_UPDATED',
  'FORM_PUBLISHED',
  'FORM_UNPUBLISHED',
  'FORM_CREATED',
  'FORM_DELETED',
  'FORM_EXPIRED',
  'FORM_RESPONSES_LIMIT_REACHED',
  'ANALYTICS_REPORT_COMPLETED',
  'SMART_FORM_SESSION_COMPLETED',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).describe('Event type');

const EventTypes = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe('Event types to receive');
const WebhookDescription = z.string().max(500).describe('Free text for your own reference');
const FormIds = z
  .array(Uuid)
  .min(1)
  .max(100)
  .describe(
    "Only these forms' events are sent (each a form of the account); events about no form (a smart form's session) are not. Absent or null: every form",
  );

/** A webhook endpoint. The signing secret is shown in full only by the create call. */
const webhookEndpointSchema = z
  .object({
    id: Uuid,
    url: HttpUrl.describe('HTTPS URL the events are POSTed to'),
    events: z.array(WebhookEventTypeSchema),
    secretLast4: z.string().length(4).describe('Last 4 characters of the signing secret'),
    isActive: z
      .boolean()
      .describe('False after 5 consecutive failed deliveries; PATCH `{isActive: true}` to resume'),
    description: z.string().nullable(),
    formIds: z.array(Uuid).nullable().describe("The forms whose events it takes; null: every form's"),
    restHook: z
      .boolean()
      .describe('Made by `POST /v1/hooks` (a REST hook subscription): deleted when its URL answers 410 Gone'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('Webhook endpoint');
type WebhookEndpointObject = typeof webhookEndpointSchema;
export interface WebhookEndpointZod extends WebhookEndpointObject {}
export const WebhookEndpoint: WebhookEndpointZod = webhookEndpointSchema;
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookList = z.object({ webhooks: z.array(WebhookEndpoint) }).describe('Webhook endpoints');
export type WebhookList = z.infer<typeof WebhookList>;

/**
 * POST /webhooks. Only the shape is checked here; whether the URL is acceptable (HTTPS, not a
 * private or loopback address) is the server's policy, which operators can relax for development.
 */
export const CreateWebhookBody = z
  .object({
    url: HttpUrl.describe('HTTPS URL, unique for the account'),
    events: EventTypes,
    description: WebhookDescription.optional(),
    formIds: FormIds.optional(),
  })
  .strict()
  .describe('Create a webhook endpoint');
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** The create answer: the only time the full signing secret is returned. */
export const CreatedWebhook = WebhookEndpoint.extend({
  secret: z
    .string()
    .regex(/^whsec_/)
    .describe('Signing secret (`whsec_` + base64 of 32 bytes). Store it now: it is never shown again'),
}).describe('Created webhook endpoint, with its signing secret');
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const UpdateWebhookBody = z
  .object({
    url: HttpUrl.optional(),
    events: EventTypes.optional(),
    description: WebhookDescription.nullable().optional(),
    formIds: FormIds.nullable().optional(),
    isActive: z.boolean().optional().describe('Re-enable (or pause) the endpoint'),
  })
  .strict()
  .describe('Update a webhook endpoint');
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/**
 * POST /hooks: a REST hook subscription, as Zapier makes one when a Zap is turned on. Underneath it
 * is a webhook endpoint for one event type (and one form, when given), signed like any other.
 */
export const CreateHookBody = z
  .object({
    targetUrl: HttpUrl.describe('HTTPS URL the events are POSTed to'),
    event: WebhookEventTypeSchema,
    formId: Uuid.optional().describe("Only this form's events"),
  })
  .strict()
  .describe('Subscribe a REST hook');
export type CreateHookBody = z.infer<typeof CreateHookBody>;

export const CreatedHook = z
  .object({ id: Uuid.describe('The hook id, for DELETE /v1/hooks/:id') })
  .describe('A REST hook');
export type CreatedHook = z.infer<typeof CreatedHook>;

// --- Delivery payloads: `{type, created_at, data}`, data defined per event type -------------

const FormRef = { formId: Uuid, formTitle: z.string() };

/** An answer beside its field's label. */
const LabelledAnswer = z.object({
  question: z.string().describe('The field label'),
  answer: z.unknown().describe('The stored answer value'),
});

/**
 * `answers` of FORM_RESPONSE_CREATED: the field label beside each answer. A repeating section's
 * answer is its list of entries as stored, beside the section's title, and `entries` gives each
 * entry's answers beside their fields' labels.
 */
export const WebhookAnswer = LabelledAnswer.extend({
  entries: z
    .array(z.record(z.string(), LabelledAnswer))
    .optional()
    .describe(
      "A repeating section only: one object per entry, in order, each keyed by field id with the field's label beside the answer",
    ),
});
export type WebhookAnswer = z.infer<typeof WebhookAnswer>;

const ResponseEventData = z.object({
  ...FormRef,
  responseId: Uuid,
  answers: z.record(z.string(), WebhookAnswer).describe('Keyed by field id (a repeating section: by its id)'),
  variables: z
    .record(z.string(), VariableValue)
    .optional()
    .describe(
      'Variables of the form computed at submission, keyed by id; only for forms that declare variables',
    ),
  quiz: QuizResult.optional().describe("The quiz's marks; only for forms with `settings.quiz`"),
  payment: ResponsePayment.optional().describe('The payment taken; only for forms with a payment field'),
});

export const WEBHOOK_EVENT_DATA = {
  FORM_RESPONSE_CREATED: ResponseEventData,
  /** A respondent edited their response through its edit link: the answers as they are now. */
  FORM_RESPONSE_UPDATED: ResponseEventData.extend({
    submittedAt: Timestamp.describe('When the response was first submitted'),
    updatedAt: Timestamp.describe('When this edit was stored'),
  }),
  FORM_PUBLISHED: z.object({
    ...FormRef,
    shareUrl: z.string(),
    publicUrl: HttpUrl,
    publishedAt: Timestamp,
  }),
  FORM_UNPUBLISHED: z.object(FormRef),
  FORM_CREATED: z.object(FormRef),
  FORM_DELETED: z.object(FormRef),
  FORM_EXPIRED: z.object({ ...FormRef, expiresAt: Timestamp }),
  FORM_RESPONSES_LIMIT_REACHED: z.object({
    ...FormRef,
    maxResponses: z.number().int(),
    responseCount: z.number().int(),
  }),
  ANALYTICS_REPORT_COMPLETED: z.object({
    ...FormRef,
    jobId: Uuid,
    reportId: Uuid,
    reportTitle: z.string(),
  }),
  SMART_FORM_SESSION_COMPLETED: z.object({
    smartFormId: Uuid,
    smartFormTitle: z.string(),
    sessionId: Uuid,
    completedAt: Timestamp,
  }),
} as const satisfies Record<WebhookEventType, z.AnyZodObject>;

function event<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    created_at: Timestamp.describe('When the event happened: ISO 8601, UTC, milliseconds'),
    data: WEBHOOK_EVENT_DATA[type],
  });
}

/** The JSON body of a delivery; `type` tells which `data` it carries. */
const webhookEventSchema = z
  .discriminatedUnion('type', [
    event('FORM_RESPONSE_CREATED'),
    event('FORM_RESPONSE_UPDATED'),
    event('FORM_PUBLISHED'),
    event('FORM_UNPUBLISHED'),
    event('FORM_CREATED'),
    event('FORM_DELETED'),
    event('FORM_EXPIRED'),
    event('FORM_RESPONSES_LIMIT_REACHED'),
    event('ANALYTICS_REPORT_COMPLETED'),
    event('SMART_FORM_SESSION_COMPLETED'),
  ])
  .describe('Webhook delivery payload');
type WebhookEventObject = typeof webhookEventSchema;
export interface WebhookEventZod extends WebhookEventObject {}
export const WebhookEvent: WebhookEventZod = webhookEventSchema;
export type WebhookEvent = z.infer<typeof WebhookEvent>;
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/** Headers on every delivery (docs/webhooks.md "Headers and signature"), lower case as Node reports them. */
export const WEBHOOK_HEADERS = {
  signature: 'x-service-signature',
  event: 'x-service-event',
  delivery: 'x-service-delivery',
  timestamp: 'x-service-timestamp',
  webhookId: 'webhook-id',
  webhookTimestamp: 'webhook-timestamp',
  webhookSignature: 'webhook-signature',
} as const;

// --- Deliveries log ----------------------------------------------------------------------

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const deliveryAttemptSchema = z
  .object({
    attempt: z.number().int().min(1).describe('1 for the first try'),
    startedAt: Timestamp,
    durationMs: z.number().int().nonnegative(),
    statusCode: z
      .number()
      .int()
      .nullable()
      .describe('HTTP status answered; null on a network error or timeout'),
    ok: z.boolean().describe('True on a 2xx answer'),
    error: z.string().nullable().describe('Network error or timeout, if any'),
    responseBody: z.string().max(1024).nullable().describe('First KB of the answer body'),
  })
  .describe('Delivery attempt');
type DeliveryAttemptObject = typeof deliveryAttemptSchema;
export interface DeliveryAttemptZod extends DeliveryAttemptObject {}
export const DeliveryAttempt: DeliveryAttemptZod = deliveryAttemptSchema;
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

const webhookDeliverySchema = z
  .object({
    id: Uuid.describe('Delivery id, sent as `X-Service-Delivery` and `webhook-id`'),
    webhookId: Uuid,
    eventType: WebhookEventTypeSchema,
    status: z
      .enum(DELIVERY_STATUSES)
      .describe('pending: queued or waiting for a retry; succeeded; failed: retries exhausted'),
    attemptCount: z.number().int().nonnegative(),
    nextAttemptAt: Timestamp.nullable(),
    createdAt: Timestamp,
    payload: WebhookEvent,
    attempts: z.array(DeliveryAttempt).describe('Oldest first'),
  })
  .describe('Webhook delivery');
type WebhookDeliveryObject = typeof webhookDeliverySchema;
export interface WebhookDeliveryZod extends WebhookDeliveryObject {}
export const WebhookDelivery: WebhookDeliveryZod = webhookDeliverySchema;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const DeliveryListQuery = PageQuery.extend({
  status: z.enum(DELIVERY_STATUSES).optional().describe('Only deliveries in this state'),
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuery>;

export const DeliveryPage = page('deliveries', WebhookDelivery).describe(
  'A page of deliveries, newest first',
);
export type DeliveryPage = z.infer<typeof DeliveryPage>;

/** POST /webhooks/:id/test sends a sample event of this type (FORM_RESPONSE_CREATED by default). */
const testWebhookBodySchema = z
  .object({ type: WebhookEventTypeSchema.default('FORM_RESPONSE_CREATED') })
  .strict()
  .describe('Send a test event');
type TestWebhookBodyObject = typeof testWebhookBodySchema;
export interface TestWebhookBodyZod extends TestWebhookBodyObject {}
export const TestWebhookBody: TestWebhookBodyZod = testWebhookBodySchema;
export type TestWebhookBody = z.infer<typeof TestWebhookBody>;
