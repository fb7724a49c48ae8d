import { z } from 'zod';
import { ERROR_CODES, ERROR_DESCRIPTIONS, type ErrorCode } from '../errors/error-codes.js';
import { RateLimitInfo } from './rate-limit.js';

/**
 * The success envelope around every JSON answer: `{message, data, error: null}`.
 *
 * ```ts
 * const FormResponse = success(Form);
 * ```
 */
export function success<T extends z.ZodTypeAny>(data: T, description?: string) {
  const envelope = z.object({
    message: z.string().describe('Human-readable summary'),
    data,
    error: z.null(),
  });
  return description ? envelope.describe(description) : envelope;
}
export type SuccessEnvelope<T> = { message: string; data: T; error: null };

/** One problem with a request, for 400 answers: which value, and what is wrong with it. */
export const ErrorIssue = z
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
export type ErrorIssue = z.infer<typeof ErrorIssue>;

const errorBase = {
  message: z.string().describe('Human-readable explanation'),
  data: z.null(),
};

/** Any error answer: `{message, data: null, error: CODE}`; a 400 may list `issues`, a 429 has `rate_limit`. */
export const ErrorEnvelope = z
  .object({
    ...errorBase,
    error: z.enum(ERROR_CODES),
    issues: z.array(ErrorIssue).optional(),
    rate_limit: RateLimitInfo.optional(),
  })
  .describe('Error');
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The error envelope of one code, with the code as a literal. */
export function errorEnvelopeOf<C extends ErrorCode>(
  code: C,
  description: string = ERROR_DESCRIPTIONS[code],
) {
  return z.object({ ...errorBase, error: z.literal(code) }).describe(description);
}

/** 400: validation problems are listed in `issues`. */
export const BadRequestEnvelope = z
  .object({
    ...errorBase,
    error: z.literal('BAD_REQUEST'),
    issues: z.array(ErrorIssue).optional().describe('Each invalid value, when the request failed validation'),
  })
  .describe(ERROR_DESCRIPTIONS.BAD_REQUEST);
export type BadRequestEnvelope = z.infer<typeof BadRequestEnvelope>;

/** 429: which limit was hit, and when to retry. */
export const RateLimitEnvelope = z
  .object({
    ...errorBase,
    error: z.literal('TOO_MANY_REQUESTS'),
    rate_limit: RateLimitInfo,
  })
  .describe(ERROR_DESCRIPTIONS.TOO_MANY_REQUESTS);
export type RateLimitEnvelope = z.infer<typeof RateLimitEnvelope>;
