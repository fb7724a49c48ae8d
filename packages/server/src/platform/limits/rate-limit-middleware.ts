import { RATE_LIMIT_HEADERS, routeMetadata } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import { forbidden, tooManyRequests } from '../../domain-errors.js';
import type { RateLimitCaller, RateLimiter, Usage } from './rate-limiter.js';
import { unixSeconds } from './windows.js';

/**
 * `X-RateLimit-*` describe the hourly window, `X-Monthly-*` the month (docs/server.md "Behaviour worth
 * knowing").
 */
export function writeUsageHeaders(res: Response, usage: Usage): void {
  res.setHeader(RATE_LIMIT_HEADERS.limit, String(usage.hour.limit));
  res.setHeader(RATE_LIMIT_HEADERS.remaining, String(Math.max(0, usage.hour.limit - usage.hour.used)));
  res.setHeader(RATE_LIMIT_HEADERS.reset, String(unixSeconds(usage.hour.window.end)));
  res.setHeader(RATE_LIMIT_HEADERS.monthlyLimit, String(usage.month.limit));
  res.setHeader(RATE_LIMIT_HEADERS.monthlyUsed, String(usage.month.used));
  res.setHeader(RATE_LIMIT_HEADERS.monthlyReset, String(unixSeconds(usage.month.window.end)));
}

/**
 * Runs right after authentication on every route. An API-key request counts against its
 * account (minute, hour, month and the route's AI bucket, from the contract's `aiLimit`) or is
 * refused with 429 and `Retry-After`; either way the answer carries the usage headers, which stay
 * set whatever the handler answers later (400, 404, 402, 500); a dashboard session on an API-key
 * route counts the same. Public, session and the dashboard's `cookie` routes pass untouched.
 */
export function rateLimit(limiter: RateLimiter) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const auth = req.auth;
      const route = (req as Request & { tsRestRoute: Parameters<typeof routeMetadata>[0] }).tsRestRoute;
      const metadata = routeMetadata(route);
      // The dashboard's own `cookie` routes (who is signed in) are not API calls to count.
      if (auth === undefined || metadata.auth !== 'apiKey') {
        next();
        return;
      }
      const ai = metadata.auth === 'apiKey' ? metadata.aiLimit : undefined;
      if (ai !== undefined && limiter.limitsOf(auth.plan).aiPerHour[ai] === 0) {
        await writeHeadersOnForbidden(limiter)(res, auth);
        throw forbidden(`The ${auth.plan} plan has no access to this AI endpoint`);
      }
      const decision = await limiter.consume(auth, ai);
      writeUsageHeaders(res, decision.usage);
      if (!decision.allowed) {
        throw tooManyRequests(decision.message, decision.refusal);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * For a valid key refused with 403 (Free account, scope, plan): the answer carries the account's
 * usage headers, and the request counts against nothing, as no work was done for it.
 */
export function writeHeadersOnForbidden(limiter: RateLimiter) {
  return async (res: Response, caller: RateLimitCaller): Promise<void> => {
    writeUsageHeaders(res, await limiter.usage(caller));
  };
}
