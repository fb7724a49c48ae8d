import type { RateLimitInfo } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../domain-errors.js';
import { clientKey } from '../../http/client-key.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';

export interface PublicRateLimitOptions {
  /** Requests one address may make to the public page and public API routes per window. */
  points: number;
  durationSeconds: number;
  /**
   * Where the counts live: `memory` (each process counts on its own) or `database` (one count per
   * address for every instance on the database). `createApp` picks `database` on PostgreSQL.
   */
  store?: 'memory' | 'database';
}

/** A person filling in forms makes a handful of requests a minute; a script makes thousands. */
export const DEFAULT_PUBLIC_RATE_LIMIT: PublicRateLimitOptions = { points: 120, durationSeconds: 60 };

/**
 * Per-address limit on the routes behind share links, a rule of the one limiter (`limits/`).
 * Pages and API calls share one budget. Counted in this process's memory, or in the database
 * (`store: 'database'`) when several instances serve one database.
 */
export interface PublicRateLimiterDeps {
  db: Db;
  clock: () => Date;
  options?: PublicRateLimitOptions;
}

export function createPublicRateLimiter({
  db,
  clock,
  options = DEFAULT_PUBLIC_RATE_LIMIT,
}: PublicRateLimiterDeps) {
  const limiter = createLimiter({ db, clock, store: options.store ?? 'memory' });
  const rule = { limit: options.points, windowMs: options.durationSeconds * 1000 };
  return {
    options,
    /** Counts one request; answers the refusal when the address is over its limit. */
    async take(req: Request): Promise<RateLimitInfo | undefined> {
      const answer = await limiter.consume(`public:${clientKey(req)}`, rule);
      return answer.allowed ? undefined : rateLimitInfo(answer, 'BURST_LIMIT');
    },
  };
}

export type PublicRateLimiter = ReturnType<typeof createPublicRateLimiter>;

/** For the public API routes: over the limit is a 429 envelope with `Retry-After`. */
export function limitPublicApi(limiter: PublicRateLimiter) {
  return (req: Request, _res: Response, next: NextFunction) => {
    limiter.take(req).then((refusal) => {
      if (refusal === undefined) {
        next();
        return;
      }
      next(
        tooManyRequests(
          `Too many requests to public forms from this address (limit ${limiter.options.points} per ${limiter.options.durationSeconds} s); retry in ${refusal.retry_after} s`,
          refusal,
        ),
      );
    }, next);
  };
}
