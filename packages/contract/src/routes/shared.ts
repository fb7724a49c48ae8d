import { type ContractOtherResponse, initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ERROR_CASES, type ErrorCaseCode } from '../errors/error-codes.js';
import { Uuid } from '../models/common.js';
import { BadRequestEnvelope, errorEnvelopeOf, RateLimitEnvelope } from '../models/envelope.js';
import { EXPORT_CONTENT_TYPES } from '../models/export.js';
import { Id } from '../models/field.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS, IdempotencyKey } from '../models/idempotency.js';

/**
 * The one ts-rest contract builder of the sub-routers. Annotated so declaration emit can name
 * its type (ts-rest's `Opaque` tag symbol is not exported).
 */
export const c: ReturnType<typeof initContract> = initContract();

/** The error answers a route may declare, by status, each with its code as a literal. */
const ERROR_RESPONSES = {
  400: BadRequestEnvelope,
  401: errorEnvelopeOf('UNAUTHORIZED'),
  402: errorEnvelopeOf('PAYMENT_REQUIRED'),
  403: errorEnvelopeOf('FORBIDDEN'),
  404: errorEnvelopeOf('NOT_FOUND'),
  409: errorEnvelopeOf('CONFLICT'),
  412: errorEnvelopeOf('PRECONDITION_FAILED'),
  413: errorEnvelopeOf('PAYLOAD_TOO_LARGE'),
  415: errorEnvelopeOf('UNSUPPORTED_MEDIA_TYPE'),
  429: RateLimitEnvelope,
  500: errorEnvelopeOf('INTERNAL_SERVER_ERROR'),
  503: errorEnvelopeOf('SERVICE_UNAVAILABLE'),
} as const;
export type ErrorResponseStatus = keyof typeof ERROR_RESPONSES;

/**
 * Error answers for a route's `responses`; `descriptions` says when this route gives a status.
 *
 * ```ts
 * responses: { 200: success(Form), ...errorResponses([...API_KEY_ERRORS, 404], { 404: 'No such form' }) }
 * ```
 */
export function errorResponses<const S extends ErrorResponseStatus>(
  statuses: readonly S[],
  descriptions: Partial<Record<S, string>> = {},
): { [K in S]: (typeof ERROR_RESPONSES)[K] } {
  const out: Partial<Record<ErrorResponseStatus, z.ZodTypeAny>> = {};
  for (const status of statuses) {
    const description = descriptions[status];
    out[status] = description ? ERROR_RESPONSES[status].describe(description) : ERROR_RESPONSES[status];
  }
  return out as { [K in S]: (typeof ERROR_RESPONSES)[K] };
}

/**
 * An error answer that carries one of `cases` (codes of the status's general code, such as
 * GOOGLE_NOT_CONFIGURED for CONFLICT) as its `error`, or the general code itself.
 */
export function errorWithCases<const K extends ErrorCaseCode>(
  cases: readonly [K, ...K[]],
  description: string,
) {
  const general = ERROR_CASES[cases[0]];
  return z
    .object({
      message: z.string().describe('Human-readable explanation'),
      data: z.null(),
      error: z.enum([general, ...cases]),
    })
    .describe(description);
}

/** Statuses every API-key route can answer with: 403 covers a missing scope and a low plan. */
export const API_KEY_ERRORS = [400, 401, 403, 429, 500] as const;
/** Statuses of the integrations routes (session JWT). */
export const SESSION_ERRORS = [400, 401, 403, 429, 500] as const;
/** Statuses of the public routes. */
export const PUBLIC_ERRORS = [400, 429, 500] as const;

/**
 * The header of a create route (`creates()`): a retry with the same key and body within
 * `IDEMPOTENCY_KEY_TTL_HOURS` gets the first answer and does nothing again; the same key with another body is a 409.
 */
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional().describe(
    `Any unique string (a UUID): a retry with the same key and body within ${IDEMPOTENCY_KEY_TTL_HOURS} hours returns the first answer without doing the work again; the same key with another body is a 409`,
  ),
});

/**
 * Optimistic concurrency of a form's edits: `If-Match` carries the `ETag` of the form as the
 * caller last read it (`GET /v1/forms/:id` and every edit answer it); a form changed since then
 * is not written and the answer is a 412. Without the header an edit applies to whatever is
 * stored, as before.
 */
export const IfMatchHeaders = z.object({
  'if-match': z
    .string()
    .max(200)
    .optional()
    .describe(
      'The `ETag` of the form as last read: the edit is refused with 412 PRECONDITION_FAILED when the form was changed since; `*` matches any version',
    ),
});

export const FormIdParams = z.object({ id: Uuid.describe('Form id') });
export const FieldIdParams = FormIdParams.extend({ fieldId: Id.describe('Field id') });
export const SmartFormIdParams = z.object({ id: Uuid.describe('Smart form id') });
export const ShareCodeParams = z.object({
  code: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .describe('Share code of the published form'),
});

// Annotated with ts-rest's exported alias: declaration emit cannot name the inferred `Opaque` type.
/** The 200 answer of an export route: a file, streamed. */
export const exportFile: ContractOtherResponse<z.ZodType<unknown>> = c.otherResponse({
  contentType: 'application/octet-stream',
  body: z.unknown().describe('The file, streamed'),
});

/** An export route's description of its content types. */
export const EXPORT_TYPES_TEXT = `Content types: ${Object.entries(EXPORT_CONTENT_TYPES)
  .map(([format, type]) => `${format}: \`${type}\``)
  .join(', ')}.`;
