import { z } from 'zod';

export const RATE_LIMIT_TYPES = [
  'BURST_LIMIT',
  'HOURLY_LIMIT',
  'MONTHLY_QUOTA',
  'AI_ENDPOINT_LIMIT',
  'FEEDBACK_LIMIT',
  'UNLOCK_LIMIT',
  'VERIFY_LIMIT',
  'PAYMENT_LIMIT',
] as const;
export type RateLimitType = (typeof RATE_LIMIT_TYPES)[number];

/** The `rate_limit` object of a 429 body. Snake case, as docs/server.md (Rate limits) names it. */
const rateLimitInfoSchema = z
  .object({
    type: z
      .enum(RATE_LIMIT_TYPES)
      .describe(
        'BURST_LIMIT: per minute; HOURLY_LIMIT: per hour; MONTHLY_QUOTA: calendar month (UTC); AI_ENDPOINT_LIMIT: per-hour limit of one AI endpoint; FEEDBACK_LIMIT: quiz answers marked per address and per form; UNLOCK_LIMIT: password tries per address and per form; VERIFY_LIMIT: e-mailed codes per address and form; PAYMENT_LIMIT: payments started per address and form',
      ),
    retry_after: z.number().int().nonnegative().describe('Seconds to wait before retrying'),
    limit: z.number().int().nonnegative().describe('Requests allowed in the window'),
    remaining: z.number().int().nonnegative().describe('Requests left in the window'),
    reset: z.number().int().nonnegative().describe('Unix timestamp (seconds) when the window resets'),
  })
  .describe('Which limit was hit and when to retry');
type RateLimitInfoObject = typeof rateLimitInfoSchema;
export interface RateLimitInfoZod extends RateLimitInfoObject {}
export const RateLimitInfo: RateLimitInfoZod = rateLimitInfoSchema;
export type RateLimitInfo = z.infer<typeof RateLimitInfo>;

/**
 * Headers on every answer to a valid key (docs/decisions.md "Server"). Header names are lower case, as Node
 * reports them.
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
  monthlyLimit: 'x-monthly-limit',
  monthlyUsed: 'x-monthly-used',
  monthlyReset: 'x-monthly-reset',
  retryAfter: 'retry-after',
} as const;
