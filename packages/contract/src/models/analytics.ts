import { z } from 'zod';
import { ERROR_CODES } from '../errors/error-codes.js';
import { AiProvenance, HttpUrl, Timestamp, Uuid } from './common.js';
import { TEXT_LIMITS } from './limits.js';

/**
 * Analytics chat sessions end after 30 minutes idle or 10 questions (docs/ai.md "Analytics chat and smart
 * analytics reports").
 */
export const ANALYTICS_CHAT_LIMITS = { idleTimeoutMinutes: 30, maxMessages: 10 } as const;

export const AnalyticsChatBody = z
  .object({
    message: z
      .string()
      .trim()
      .min(1)
      .max(TEXT_LIMITS.chatMessage)
      .describe('Your question about the responses'),
    sessionId: Uuid.optional().describe('Continue this chat session (from an earlier answer)'),
  })
  .strict()
  .describe('Ask about the responses');
export type AnalyticsChatBody = z.infer<typeof AnalyticsChatBody>;

export const SuggestedAction = z
  .object({
    label: z
      .record(z.string(), z.string())
      .describe('Button text by language code, e.g. `{"en": "Show trends"}`'),
    prompt: z.string().max(TEXT_LIMITS.chatMessage).describe('The message to send when chosen'),
  })
  .describe('Suggested follow-up');
export type SuggestedAction = z.infer<typeof SuggestedAction>;

/** The JSON answer (`Accept: application/json`). */
export const AnalyticsChatResult = z
  .object({
    sessionId: Uuid.describe('Pass it back for follow-ups'),
    message: z.string().describe('The answer'),
    suggestedActions: z.array(SuggestedAction),
    creditsUsed: z.number().int().min(1),
    ai: AiProvenance,
  })
  .describe('Analytics chat answer');
export type AnalyticsChatResult = z.infer<typeof AnalyticsChatResult>;

/**
 * Server-sent events of the streaming mode (`Accept: text/event-stream`), by event name:
 * `session` first, then `chunk`s, then `done`, or `error` instead of `done`.
 */
export const ANALYTICS_CHAT_EVENTS = {
  session: z.object({ sessionId: Uuid }),
  chunk: z.object({ text: z.string() }),
  done: AnalyticsChatResult.omit({ sessionId: true }),
  error: z.object({ message: z.string(), error: z.enum(ERROR_CODES) }),
} as const;
export type AnalyticsChatEventName = keyof typeof ANALYTICS_CHAT_EVENTS;

/** A decoded server-sent event of analytics chat. */
export type AnalyticsChatEvent = {
  [K in AnalyticsChatEventName]: { event: K; data: z.infer<(typeof ANALYTICS_CHAT_EVENTS)[K]> };
}[AnalyticsChatEventName];

export const ANALYTICS_CHAT_SSE_DESCRIPTION = [
  'With `Accept: text/event-stream` the answer is streamed as server-sent events, each `data` a JSON object:',
  '`session` `{sessionId}` first; then `chunk` `{text}` as the answer grows;',
  'then `done` `{message, suggestedActions, creditsUsed, ai}`; or `error` `{message, error}` (an error code) instead of `done`.',
  'Errors found before streaming starts (auth, validation, credits) are ordinary JSON error answers.',
].join(' ');

/** POST /forms/:id/smart-analytics. */
export const SmartAnalyticsBody = z
  .object({
    callbackUrl: HttpUrl.describe(
      'HTTPS URL the finished report is POSTed to, signed with `X-Service-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`',
    ),
  })
  .strict()
  .describe('Request a smart analytics report');
export type SmartAnalyticsBody = z.infer<typeof SmartAnalyticsBody>;

export const SmartAnalyticsAccepted = z
  .object({
    jobId: Uuid,
    reportId: Uuid,
  })
  .describe('Report queued');
export type SmartAnalyticsAccepted = z.infer<typeof SmartAnalyticsAccepted>;

/**
 * The drop-off funnel of a form: every response (completed) plus the unfinished saved partial
 * responses (save and resume): started, reaching each page (in the schema's page order) on their
 * path, a partial up to its furthest saved page, completed. A page a jump skipped is not reached.
 */
export const DropOffFigures = z
  .object({
    started: z.number().int().nonnegative(),
    pages: z.array(
      z.object({
        page: z.string().describe('Section id'),
        title: z.string(),
        reached: z.number().int().nonnegative(),
      }),
    ),
    completed: z.number().int().nonnegative(),
  })
  .describe('Drop-off funnel: responses and unfinished partial responses');
export type DropOffFigures = z.infer<typeof DropOffFigures>;

/** The body POSTed to `callbackUrl` when the report is ready (or has failed). */
const smartAnalyticsCallbackSchema = z
  .object({
    jobId: Uuid,
    reportId: Uuid,
    formId: Uuid,
    status: z.enum(['DONE', 'FAILED']),
    report: z
      .object({
        title: z.string(),
        metrics: z.object({
          responseCount: z.number().int().nonnegative(),
          firstResponseAt: Timestamp.nullable(),
          lastResponseAt: Timestamp.nullable(),
          fields: z
            .record(z.string(), z.record(z.string(), z.unknown()))
            .describe(
              "Per field id: counts and distributions suited to its type; a repeating section's fields over its entries",
            ),
          sections: z
            .record(z.string(), z.record(z.string(), z.unknown()))
            .optional()
            .describe(
              'Per repeating section id, when the form has one: responses with entries, the entries and their number per response',
            ),
          dropOff: DropOffFigures.optional(),
        }),
        trends: z.array(z.string()),
        analysis: z.string(),
        ai: AiProvenance,
      })
      .optional()
      .describe('When DONE'),
    error: z.string().optional().describe('When FAILED'),
    creditsUsed: z.number().int().nonnegative(),
    created_at: Timestamp,
  })
  .describe('Smart analytics callback payload');
type SmartAnalyticsCallbackObject = typeof smartAnalyticsCallbackSchema;
export interface SmartAnalyticsCallbackZod extends SmartAnalyticsCallbackObject {}
export const SmartAnalyticsCallback: SmartAnalyticsCallbackZod = smartAnalyticsCallbackSchema;
export type SmartAnalyticsCallback = z.infer<typeof SmartAnalyticsCallback>;

/** The account's analytics signing secret as created or rotated: the full secret, shown once. */
export const AnalyticsSigningSecret = z
  .object({
    secret: z
      .string()
      .describe('`whsec_` + base64 of 32 random bytes; keys `X-Service-Signature-256`. Shown only now'),
    secretLast4: z.string().length(4),
    createdAt: Timestamp,
  })
  .describe('Analytics signing secret (shown once)');
export type AnalyticsSigningSecret = z.infer<typeof AnalyticsSigningSecret>;

export const AnalyticsSigningSecretInfo = AnalyticsSigningSecret.omit({ secret: true }).describe(
  'Analytics signing secret (last 4 characters only)',
);
export type AnalyticsSigningSecretInfo = z.infer<typeof AnalyticsSigningSecretInfo>;

/** A smart analytics report as read back: the job's state, the report when DONE, its delivery. */
export const SmartAnalyticsReport = z
  .object({
    reportId: Uuid,
    jobId: Uuid,
    formId: Uuid,
    status: z.enum(['PENDING', 'PROCESSING', 'DONE', 'FAILED']),
    report: SmartAnalyticsCallback.shape.report,
    error: z.string().optional().describe('When FAILED'),
    callbackUrl: HttpUrl,
    delivery: z
      .object({
        status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
        attempts: z.number().int().nonnegative(),
        lastError: z.string().nullable(),
      })
      .describe('The POST to `callbackUrl`, retried like a webhook delivery'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('Smart analytics report');
export type SmartAnalyticsReport = z.infer<typeof SmartAnalyticsReport>;
