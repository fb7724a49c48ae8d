import type { RateLimitInfo } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../http/app-error.js';

export interface PublicRateLimitOptions {
  /** Requests one address may make to the public page and public API routes per window. */
  points: number;
  durationSeconds: number;
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

/**
 * Per-address limit on the routes behind share links (rate-limiter-flexible, in memory: each
 * server process counts on its own). Pages and API calls share one budget.
 */
export function createPublicRateLimiter(options: PublicRateLimitOptions = DEFAULT_PUBLIC_RATE_LIMIT) {
  const limiter = new RateLimiterMemory({
    points: options.points,
    duration: options.durationSeconds,
    keyPrefix: 'public',
  });
  return {
    options,
    /** Counts one request; answers the refusal when the address is over its limit. */
    async take(req: Request): Promise<RateLimitInfo | undefined> {
      try {
        await limiter.consume(clientKey(req));
        return undefined;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        return {
          type: 'BURST_LIMIT',
          retry_after: retryAfter,
          limit: options.points,
          remaining: 0,
          reset: Math.ceil((Date.now() + error.msBeforeNext) / 1000),
        };
      }
    },
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
