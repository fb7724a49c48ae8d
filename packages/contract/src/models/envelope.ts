import { z } from 'zod';
import { ERROR_CASE_CODES, ERROR_CODES, ERROR_DESCRIPTIONS, type ErrorCode } from '../errors/error-codes.js';
import { RateLimitInfo } from './rate-limit.js';

/**
 * The success envelope around every JSON answer: `{message, data, error: null}`.
 *
 * ```ts
 * const FormResponse = success(Form);
 * ```
 */
export function success<T extends z.ZodTypeAny>(data: T, description?: string): SuccessEnvelopeOf<T> {
  const envelope = z.object({
    message: z.string().describe('Human-readable summary'),
    data,
    error: z.null(),
  });
  // The same type as SuccessEnvelopeOf<T>; TypeScript cannot see it while T is generic.
  return (description ? envelope.describe(description) : envelope) as unknown as SuccessEnvelopeOf<T>;
}
export type SuccessEnvelope<T> = { message: string; data: T; error: null };

// The envelopes' zod types are interfaces so that declaration files (and the editors of SDK users)
// refer to them by name instead of spelling them out in every route of the contract.

/** The zod type of {@link success}'s envelope around `T`. */
export interface SuccessEnvelopeOf<T extends z.ZodTypeAny>
  extends z.ZodObject<{ message: z.ZodString; data: T; error: z.ZodNull }> {}

/** The zod type of one code's error envelope ({@link errorEnvelopeOf}). */
export interface ErrorEnvelopeOf<C extends ErrorCode>
  extends z.ZodObject<{ message: z.ZodString; data: z.ZodNull; error: z.ZodLiteral<C> }> {}

/** One problem with a request, for 400 answers: which value, and what is wrong with it. */
const errorIssueSchema = z
  .object({
    path: z
      .string()
      .describe(
        'Where the problem is: `body.title`, `query.limit`, a schema path such as `$.fields[3].options`, or a field id',
      ),
    code: z.string().describe('Machine-readable reason, e.g. `too_big`, `duplicate_id`, `required`'),
    message: z.string().describe('A sentence a person can act on'),
    fieldId: z.string().optional().describe('For answer validation: the field the issue is about'),
  })
  .strict();
type ErrorIssueObject = typeof errorIssueSchema;
export interface ErrorIssueZod extends ErrorIssueObject {}
export const ErrorIssue: ErrorIssueZod = errorIssueSchema;
export type ErrorIssue = z.infer<typeof ErrorIssue>;

const errorBase = {
  message: z.string().describe('Human-readable explanation'),
  data: z.null(),
};

/** What a 401 PASSWORD_REQUIRED says of the form, so its page can name it: the title, nothing else. */
const lockedFormSchema = z
  .object({ title: z.string().describe("The form's title") })
  .strict()
  .describe('The locked form');
type LockedFormObject = typeof lockedFormSchema;
export interface LockedFormZod extends LockedFormObject {}
export const LockedForm: LockedFormZod = lockedFormSchema;
export type LockedForm = z.infer<typeof LockedForm>;

/**
 * Any error answer: `{message, data: null, error: CODE}`; a 400 may list `issues`, a 429 has
 * `rate_limit`, a 401 PASSWORD_REQUIRED names the form's title in `form`.
 */
const errorEnvelopeSchema = z
  .object({
    ...errorBase,
    error: z.enum([...ERROR_CODES, ...ERROR_CASE_CODES]),
    issues: z.array(ErrorIssue).optional(),
    rate_limit: RateLimitInfo.optional(),
    form: LockedForm.optional(),
  })
  .describe('Error');
type ErrorEnvelopeObject = typeof errorEnvelopeSchema;
export interface ErrorEnvelopeZod extends ErrorEnvelopeObject {}
export const ErrorEnvelope: ErrorEnvelopeZod = errorEnvelopeSchema;
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The error envelope of one code, with the code as a literal. */
export function errorEnvelopeOf<C extends ErrorCode>(
  code: C,
  description: string = ERROR_DESCRIPTIONS[code],
): ErrorEnvelopeOf<C> {
  // The same type as ErrorEnvelopeOf<C>; TypeScript cannot see it while C is generic.
  return z
    .object({ ...errorBase, error: z.literal(code) })
    .describe(description) as unknown as ErrorEnvelopeOf<C>;
}

/** 400: validation problems are listed in `issues`. */
const badRequestEnvelope = z
  .object({
    ...errorBase,
    error: z.literal('BAD_REQUEST'),
    issues: z.array(ErrorIssue).optional().describe('Each invalid value, when the request failed validation'),
  })
  .describe(ERROR_DESCRIPTIONS.BAD_REQUEST);
type BadRequestEnvelopeObject = typeof badRequestEnvelope;
export interface BadRequestEnvelopeZod extends BadRequestEnvelopeObject {}
export const BadRequestEnvelope: BadRequestEnvelopeZod = badRequestEnvelope;
export type BadRequestEnvelope = z.infer<typeof BadRequestEnvelope>;

/** 429: which limit was hit, and when to retry. */
const rateLimitEnvelope = z
  .object({
    ...errorBase,
    error: z.literal('TOO_MANY_REQUESTS'),
    rate_limit: RateLimitInfo,
  })
  .describe(ERROR_DESCRIPTIONS.TOO_MANY_REQUESTS);
type RateLimitEnvelopeObject = typeof rateLimitEnvelope;
export interface RateLimitEnvelopeZod extends RateLimitEnvelopeObject {}
export const RateLimitEnvelope: RateLimitEnvelopeZod = rateLimitEnvelope;
export type RateLimitEnvelope = z.infer<typeof RateLimitEnvelope>;
