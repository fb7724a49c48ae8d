import { RATE_LIMIT_HEADERS } from '@formloom/contract';

/** The server's request id header; quoted in bug reports. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The rate-limit headers of one answer (docs/sdk.md "Rate-limit information"), parsed. A header the answer
 * did not carry is `undefined`. Resets are Unix seconds.
 */
export interface RateLimitHeaders {
  /** Hourly request limit (`X-RateLimit-Limit`). */
  limit: number | undefined;
  /** Requests left in the hourly window (`X-RateLimit-Remaining`). */
  remaining: number | undefined;
  /** Unix seconds when the hourly window resets (`X-RateLimit-Reset`). */
  reset: number | undefined;
  /** Monthly call quota (`X-Monthly-Limit`). */
  monthlyLimit: number | undefined;
  /** Calls used this month (`X-Monthly-Used`). */
  monthlyUsed: number | undefined;
  /** Unix seconds when the monthly period resets (`X-Monthly-Reset`; an ISO date is converted). */
  monthlyReset: number | undefined;
}

export function parseRateLimitHeaders(headers: Headers): RateLimitHeaders {
  const num = (name: string) => parseNumber(headers.get(name));
  return {
    limit: num(RATE_LIMIT_HEADERS.limit),
    remaining: num(RATE_LIMIT_HEADERS.remaining),
    reset: parseUnixSeconds(headers.get(RATE_LIMIT_HEADERS.reset)),
    monthlyLimit: num(RATE_LIMIT_HEADERS.monthlyLimit),
    monthlyUsed: num(RATE_LIMIT_HEADERS.monthlyUsed),
    monthlyReset: parseUnixSeconds(headers.get(RATE_LIMIT_HEADERS.monthlyReset)),
  };
}

/** A finite number, or undefined for anything else (missing header, empty string, garbage). */
export function parseNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Unix seconds from a number or an ISO / HTTP date. */
function parseUnixSeconds(value: string | null): number | undefined {
  const n = parseNumber(value);
  if (n !== undefined || value === null) return n;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
