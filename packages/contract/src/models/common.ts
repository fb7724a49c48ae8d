import { z } from 'zod';

/** Identifiers the service generates (forms, responses, sessions, jobs, deliveries ...). */
export const Uuid = z.string().uuid();

/** A timestamp as the API writes it: ISO 8601, UTC, milliseconds (`2025-01-31T09:30:00.000Z`). */
export const Timestamp = z.string().datetime({ offset: true });

/** A timestamp in a query string; an offset other than `Z` is accepted. */
export const TimestampQuery = z
  .string()
  .datetime({ offset: true })
  .describe('ISO 8601 date-time, e.g. 2025-01-31T09:30:00Z');

/** A calendar date (`2025-01-31`) or a date-time, for inclusive range filters. */
export const DateOrTimestampQuery = z
  .union([z.string().date(), z.string().datetime({ offset: true })])
  .describe('ISO 8601 date (whole day, UTC) or date-time');

/** An absolute http(s) URL; the server decides which schemes and hosts it accepts. */
export const HttpUrl = z
  .string()
  .max(2048)
  .url()
  .regex(/^https?:\/\//i, 'must be an http(s) URL');

/** The result of a DELETE. */
export const DeleteResult = z
  .object({
    id: z.string().describe('Id of the deleted resource'),
    deleted: z.literal(true),
  })
  .describe('Deletion result');
export type DeleteResult = z.infer<typeof DeleteResult>;

/** Labels every AI result, so an offline (rule-based) answer is never mistaken for a model's. */
export const AiProvenance = z
  .object({
    provider: z.string().describe('Provider name, e.g. `openai` or `offline`'),
    model: z.string().describe('Model that produced the result'),
    offline: z
      .boolean()
      .describe('True when the deterministic offline provider produced it (development and tests only)'),
  })
  .describe('Which AI produced this result');
export type AiProvenance = z.infer<typeof AiProvenance>;
