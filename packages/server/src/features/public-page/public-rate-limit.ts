import type { RateLimitInfo } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../domain-errors.js';

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
 * The client's address as counted: IPv4 as is (also when mapped into IPv6), IPv6 by its /64,
 * the block one subscriber usually gets, so hopping between its addresses does not help.
 * Behind a proxy, set express's `trust proxy` so `req.ip` is the client rather than the proxy.
 */
export function clientKey(req: Request): string {
  const raw = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  if (!ipaddr.isValid(raw)) return raw;
  const address = ipaddr.process(raw);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

function refusal(options: PublicRateLimitOptions, msBeforeNext: number, now: number): RateLimitInfo {
  return {
    type: 'BURST_LIMIT',
    retry_after: Math.max(1, Math.ceil(msBeforeNext / 1000)),
    limit: options.points,
    remaining: 0,
    reset: Math.ceil((now + msBeforeNext) / 1000),
  };
}

/** In this process's memory (rate-limiter-flexible): right for one instance. */
function memoryCounter(options: PublicRateLimitOptions) {
  const limiter = new RateLimiterMemory({
    points: options.points,
    duration: options.durationSeconds,
    keyPrefix: 'public',
  });
  return async (client: string): Promise<RateLimitInfo | undefined> => {
    try {
      await limiter.consume(client);
      return undefined;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return refusal(options, error.msBeforeNext, Date.now());
    }
  };
}

/**
 * In the database, so every instance behind a load balancer counts the same address once: a
 * fixed window of `durationSeconds` per address, one upsert per request (`points + 1`, or 1 in a
 * later window), atomic on the row. Rows of ended windows are deleted by the instance that first
 * sees a new window.
 */
function databaseCounter(db: Db, options: PublicRateLimitOptions, clock: () => number) {
  const windowMs = options.durationSeconds * 1000;
  let swept = '';
  const later = sql<boolean>`excluded.window_start > public_rate_limits.window_start`;
  return async (client: string): Promise<RateLimitInfo | undefined> => {
    const now = clock();
    const startMs = now - (now % windowMs);
    const start = new Date(startMs).toISOString();
    if (swept !== start) {
      swept = start;
      db.deleteFrom('public_rate_limits')
        .where('window_start', '<', start)
        .execute()
        .catch(() => undefined);
    }
    const row = await db
      .insertInto('public_rate_limits')
      .values({ client, window_start: start, points: 1 })
      .onConflict((oc) =>
        oc.column('client').doUpdateSet({
          points: sql`case when ${later} then 1 else public_rate_limits.points + 1 end`,
          window_start: sql`case when ${later} then excluded.window_start else public_rate_limits.window_start end`,
        }),
      )
      .returning(['points', 'window_start'])
      .executeTakeFirstOrThrow();
    if (Number(row.points) <= options.points) return undefined;
    return refusal(options, Date.parse(row.window_start) + windowMs - now, now);
  };
}

/**
 * Per-address limit on the routes behind share links. Pages and API calls share one budget.
 * Counted in memory, or in the database (`store: 'database'`, with `db`) when several instances
 * serve one database.
 */
export function createPublicRateLimiter(
  options: PublicRateLimitOptions = DEFAULT_PUBLIC_RATE_LIMIT,
  shared?: { db: Db; clock?: () => number },
) {
  const count =
    options.store === 'database' && shared !== undefined
      ? databaseCounter(shared.db, options, shared.clock ?? Date.now)
      : memoryCounter(options);
  return {
    options,
    /** Counts one request; answers the refusal when the address is over its limit. */
    take: (req: Request): Promise<RateLimitInfo | undefined> => count(clientKey(req)),
  };
}

export type PublicRateLimiter = ReturnType<typeof createPublicRateLimiter>;

/** For the public API routes: over the limit is a 429 envelope with `Retry-After`. */
export function limitPublicApi(limiter: PublicRateLimiter) {
  return (req: Request, res: Response, next: NextFunction) => {
    limiter.take(req).then((refusal) => {
      if (refusal === undefined) {
        next();
        return;
      }
      res.setHeader('Retry-After', String(refusal.retry_after));
      next(
        tooManyRequests(
          `Too many requests to public forms from this address (limit ${limiter.options.points} per ${limiter.options.durationSeconds} s); retry in ${refusal.retry_after} s`,
          refusal,
        ),
      );
    }, next);
  };
}
