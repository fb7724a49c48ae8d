import { type ContractOtherResponse, initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  ERROR_CASES,
  ERROR_CODE_BY_STATUS,
  ERROR_STATUS,
  type ErrorCaseCode,
} from '../errors/error-codes.js';
import { Uuid } from '../models/common.js';
import {
  BadRequestEnvelope,
  errorEnvelopeOf,
  LockedForm,
  type LockedFormZod,
  RateLimitEnvelope,
} from '../models/envelope.js';
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
  408: errorEnvelopeOf('REQUEST_TIMEOUT'),
  409: errorEnvelopeOf('CONFLICT'),
  412: errorEnvelopeOf('PRECONDITION_FAILED'),
  413: errorEnvelopeOf('PAYLOAD_TOO_LARGE'),
  415: errorEnvelopeOf('UNSUPPORTED_MEDIA_TYPE'),
  429: RateLimitEnvelope,
  500: errorEnvelopeOf('INTERNAL_SERVER_ERROR'),
  503: errorEnvelopeOf('SERVICE_UNAVAILABLE'),
} as const;
export type ErrorResponseStatus = keyof typeof ERROR_RESPONSES;
type ErrorResponses = typeof ERROR_RESPONSES;

/**
 * What a route lists among its error answers: a status (its general code), or a case code, which
 * adds its status and lets that status's `error` be the case too (`FORM_CLOSED` for a 409).
 */
export type ErrorResponseEntry = ErrorResponseStatus | ErrorCaseCode;

/** The status an entry is answered with. */
type StatusOfEntry<E extends ErrorResponseEntry> = E extends ErrorResponseStatus
  ? E
  : E extends ErrorCaseCode
    ? Extract<(typeof ERROR_STATUS)[(typeof ERROR_CASES)[E]], ErrorResponseStatus>
    : never;
/** The case codes among `E` answered with status `S`. */
type CasesOfStatus<E extends ErrorResponseEntry, S extends ErrorResponseStatus> = E extends ErrorCaseCode
  ? StatusOfEntry<E> extends S
    ? E
    : never
  : never;
type GeneralCodeOf<S extends ErrorResponseStatus> = ErrorResponses[S]['shape']['error']['value'];

/**
 * A status's envelope whose `error` is its general code or one of `K`; a 401 that may be
 * PASSWORD_REQUIRED also names the locked form (`form`).
 */
export type ErrorEnvelopeWithCases<S extends ErrorResponseStatus, K extends ErrorCaseCode> = z.ZodObject<
  Omit<ErrorResponses[S]['shape'], 'error'> & {
    error: z.ZodEnum<[GeneralCodeOf<S>, ...K[]]>;
  } & ('PASSWORD_REQUIRED' extends K ? { form: z.ZodOptional<LockedFormZod> } : unknown)
>;

/** The error answers of {@link errorResponses}, by status. */
export type ErrorResponsesOf<E extends ErrorResponseEntry> = {
  [S in StatusOfEntry<E>]: [CasesOfStatus<E, S>] extends [never]
    ? ErrorResponses[S]
    : ErrorEnvelopeWithCases<S, CasesOfStatus<E, S>>;
};

function statusOfEntry(entry: ErrorResponseEntry): ErrorResponseStatus {
  return typeof entry === 'number' ? entry : (ERROR_STATUS[ERROR_CASES[entry]] as ErrorResponseStatus);
}

function withCases(status: ErrorResponseStatus, cases: readonly ErrorCaseCode[]): z.AnyZodObject {
  const envelope = ERROR_RESPONSES[status] as unknown as z.AnyZodObject;
  if (cases.length === 0) return envelope;
  return envelope.extend({
    error: z.enum([ERROR_CODE_BY_STATUS[status], ...cases]),
    ...(cases.includes('PASSWORD_REQUIRED') ? { form: LockedForm.optional() } : {}),
  });
}

/**
 * Error answers for a route's `responses`: each status listed, and the status of each case code
 * listed, whose `error` may then be that case as well as the general code. `descriptions` says
 * when this route gives a status.
 *
 * ```ts
 * responses: {
 *   200: success(Response),
 *   ...errorResponses([...PUBLIC_ERRORS, 404, 'FORM_CLOSED'], { 409: 'FORM_CLOSED: the form takes no responses now' }),
 * }
 * ```
 */
export function errorResponses<const E extends ErrorResponseEntry>(
  entries: readonly E[],
  descriptions: Partial<Record<StatusOfEntry<E>, string>> = {},
): ErrorResponsesOf<E> {
  const casesByStatus = new Map<ErrorResponseStatus, ErrorCaseCode[]>();
  for (const entry of entries) {
    const status = statusOfEntry(entry);
    const cases = casesByStatus.get(status) ?? [];
    if (typeof entry === 'string' && !cases.includes(entry)) cases.push(entry);
    casesByStatus.set(status, cases);
  }
  const described: Partial<Record<ErrorResponseStatus, string>> = descriptions;
  const out: Partial<Record<ErrorResponseStatus, z.ZodTypeAny>> = {};
  for (const [status, cases] of casesByStatus) {
    const envelope = withCases(status, cases);
    const description = described[status];
    out[status] = description ? envelope.describe(description) : envelope;
  }
  return out as ErrorResponsesOf<E>;
}

/**
 * What every route a dashboard member reaches with the session cookie can answer (the API-key
 * routes too, which the dashboard calls with it): a state-changing request from another origin is
 * refused (CROSS_ORIGIN_REFUSED), and so is a member who must turn two-factor on first
 * (TWO_FACTOR_ENROLMENT_REQUIRED).
 */
const MEMBER_CASES = ['CROSS_ORIGIN_REFUSED', 'TWO_FACTOR_ENROLMENT_REQUIRED'] as const;
/** Statuses every API-key route can answer with: 403 covers a missing scope and a low plan. */
export const API_KEY_ERRORS = [400, 401, 403, 429, 500, ...MEMBER_CASES] as const;
/** Statuses of the routes of a signed-in member (the dashboard's cookie, the integrations' session JWT). */
export const SESSION_ERRORS = [400, 401, 403, 429, 500, ...MEMBER_CASES] as const;
/**
 * Statuses of the routes that take no credentials. A state-changing request carrying the
 * dashboard's cookie must show it comes from the dashboard, and the sign-in routes refuse a
 * browser's request from another origin (CROSS_ORIGIN_REFUSED).
 */
export const OPEN_ERRORS = [400, 429, 500, 'CROSS_ORIGIN_REFUSED'] as const;
/**
 * Statuses of a form's public routes (`/v1/public/forms/...`): a page on an origin the form does
 * not allow is refused (ORIGIN_NOT_ALLOWED), and each reads the form through its access rules:
 * before it opens FORM_CLOSED, locked without an unlock token PASSWORD_REQUIRED.
 */
export const PUBLIC_ERRORS = [
  ...OPEN_ERRORS,
  'ORIGIN_NOT_ALLOWED',
  'FORM_CLOSED',
  'PASSWORD_REQUIRED',
] as const;

/**
 * Statuses of every route whose method may carry a body (POST, PUT, PATCH, DELETE), whether or not
 * it reads one: a body that does not arrive in time (408), one over the limit (413), or one that is
 * not JSON (415).
 */
export const BODY_ERRORS = [408, 413, 415] as const;

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
