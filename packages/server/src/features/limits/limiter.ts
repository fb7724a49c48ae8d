import type { RateLimitInfo, RateLimitType } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import {
  createDatabaseLimitStore,
  createMemoryLimitStore,
  type KeyCount,
  type LimitStore,
} from './limit-store.js';
import { secondsUntil } from './windows.js';

/** At most `limit` points per key in a window of `windowMs`, which starts at the key's first point. */
export interface LimitRule {
  limit: number;
  windowMs: number;
}

/** The limiter's answer about one key: every 429 takes its `Retry-After` from here. */
export interface LimitAnswer {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until `resetAt`, at least 1. */
  retryAfterSeconds: number;
}

export interface LimiterOptions {
  db: Db;
  clock: () => Date;
  /**
   * `database` (default): one count per key for every instance on the database. `memory`: each
   * process counts on its own (one instance, no write per request).
   */
  store?: 'database' | 'memory';
}

/** How often ended windows are deleted. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The one limiter: keyed counters in windows that start at a key's first point. A key is a
 * string the caller composes (`public:<address>`, `login:email:<email>`, ...); the rule travels
 * with each call, so one limiter serves every kind of limit.
 *
 * ```ts
 * const answer = await limiter.consume(`public:${address}`, { limit: 120, windowMs: 60_000 });
 * if (!answer.allowed) throw limitedError(message, answer, 'BURST_LIMIT');
 * ```
 */
export function createLimiter({ db, clock, store = 'database' }: LimiterOptions) {
  const counts: LimitStore = store === 'memory' ? createMemoryLimitStore() : createDatabaseLimitStore(db);
  let nextSweep = 0;

  function answer(rule: LimitRule, count: KeyCount | undefined, allowed: boolean, now: number): LimitAnswer {
    const live = count !== undefined && now < count.resetAt ? count : undefined;
    const resetAt = new Date(live?.resetAt ?? now + rule.windowMs);
    return {
      allowed,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - (live?.points ?? 0)),
      resetAt,
      retryAfterSeconds: secondsUntil(resetAt, new Date(now)),
    };
  }

  function sweepNow(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    counts.sweep(now).catch(() => undefined);
  }

  return {
    /** Takes `points` (default 1) from `key`, all or none: allowed when they fit in its window. */
    async consume(key: string, rule: LimitRule, points = 1): Promise<LimitAnswer> {
      const now = clock().getTime();
      sweepNow(now);
      const { granted, count } = await counts.take({
        key,
        wanted: points,
        limit: rule.limit,
        now,
        resetAt: now + rule.windowMs,
      });
      return answer(rule, count, granted, now);
    },

    /** The key's state without taking anything: allowed when at least one point is left. */
    async peek(key: string, rule: LimitRule): Promise<LimitAnswer> {
      const now = clock().getTime();
      const count = await counts.read(key);
      const state = answer(rule, count, true, now);
      return { ...state, allowed: state.remaining > 0 };
    },

    /** Gives back points taken in the key's current window (the work they paid for did not happen). */
    async refund(key: string, points = 1): Promise<void> {
      await counts.giveBack(key, points, clock().getTime());
    },

    /** Starts the key over. */
    async clear(key: string): Promise<void> {
      await counts.clear(key);
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** The `rate_limit` object of a 429 envelope, from the limiter's answer. */
export function rateLimitInfo(answer: LimitAnswer, type: RateLimitType): RateLimitInfo {
  return {
    type,
    retry_after: answer.retryAfterSeconds,
    limit: answer.limit,
    remaining: answer.remaining,
    reset: Math.ceil(answer.resetAt.getTime() / 1000),
  };
}
