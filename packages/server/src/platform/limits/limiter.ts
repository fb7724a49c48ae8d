import type { RateLimitInfo, RateLimitType } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { detached } from '../../jobs/background.js';
import {
  createDatabaseLimitStore,
  createMemoryLimitStore,
  type KeyCount,
  type LimitStore,
} from './limit-store.js';
import { secondsUntil, type WindowKind, windowOf } from './windows.js';

/**
 * At most `limit` points per key in a window: of `windowMs`, starting at the key's first point,
 * or the fixed (calendar-aligned, UTC) `window` the instant falls in (`windows.ts`).
 */
export type LimitRule = { limit: number; windowMs: number } | { limit: number; window: WindowKind };

/** The limiter's answer about one key: every 429 takes its `Retry-After` from here. */
export interface LimitAnswer {
  allowed: boolean;
  limit: number;
  /** Points taken in the current window (may exceed `limit` if the limit was lowered). */
  used: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until `resetAt`, at least 1. */
  retryAfterSeconds: number;
}

/** One key of a take from several keys at once, with its rule. */
export interface LimitPart {
  key: string;
  rule: LimitRule;
}

/**
 * The answer to a take from several keys: allowed when every key had room (then one point was
 * taken from each), else nothing was taken. `answers` follow the order of the parts; when
 * refused, a part with no room left has `allowed: false`.
 */
export interface AllAnswer {
  allowed: boolean;
  answers: LimitAnswer[];
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

/** Most takes of one set of keys that one statement counts together. */
const MAX_BATCH = 256;

/** Where a window of `rule` that holds the instant `now` ends. */
function windowEnd(rule: LimitRule, now: number): number {
  return 'window' in rule ? windowOf(rule.window, new Date(now)).end.getTime() : now + rule.windowMs;
}

/** Takes of one set of keys waiting to be counted together. */
interface Batch {
  parts: readonly LimitPart[];
  waiting: { resolve: (answer: AllAnswer) => void; reject: (error: unknown) => void }[];
}

/**
 * The one limiter: keyed counters in windows that start at a key's first point or are fixed
 * calendar windows. A key is a string the caller composes (`public:<address>`,
 * `login:email:<email>`, `plan:<account>:month`, ...); the rule travels with each call, so one
 * limiter serves every kind of limit. `consumeAll` takes from several keys all or none (the plan
 * windows of one request).
 *
 * ```ts
 * const answer = await limiter.consume(`public:${address}`, { limit: 120, windowMs: 60_000 });
 * if (!answer.allowed) throw limitedError(message, answer, 'BURST_LIMIT');
 * ```
 */
export function createLimiter({ db, clock, store: where = 'database' }: LimiterOptions) {
  const store: LimitStore = where === 'memory' ? createMemoryLimitStore() : createDatabaseLimitStore(db);
  let nextSweep = 0;

  function answer(rule: LimitRule, count: KeyCount | undefined, allowed: boolean, now: number): LimitAnswer {
    const live = count !== undefined && now < count.resetAt ? count : undefined;
    const resetAt = new Date(live?.resetAt ?? windowEnd(rule, now));
    const used = live?.points ?? 0;
    return {
      allowed,
      limit: rule.limit,
      used,
      remaining: Math.max(0, rule.limit - used),
      resetAt,
      retryAfterSeconds: secondsUntil(resetAt, new Date(now)),
    };
  }

  const batches = new Map<string, Batch>();

  /** Counts the waiting takes of one set of keys with one store call, and answers each. */
  async function flush(id: string, batch: Batch): Promise<void> {
    const items = batch.waiting.splice(0, MAX_BATCH);
    const { parts } = batch;
    const now = clock().getTime();
    sweepNow(now);
    try {
      const keys = parts.map(({ key, rule }) => ({ key, limit: rule.limit, resetAt: windowEnd(rule, now) }));
      const { granted, counts } = await store.takeEach(keys, items.length, now);
      items.forEach((item, i) => {
        const allowed = i < granted;
        // The i-th granted take sees the counts as if the batch had been counted one by one.
        const behind = allowed ? granted - 1 - i : 0;
        const answers = parts.map(({ rule }, k) => {
          const count = counts[k]!;
          const state = answer(rule, { points: count.points - behind, resetAt: count.resetAt }, true, now);
          return allowed ? state : { ...state, allowed: state.remaining > 0 };
        });
        item.resolve({ allowed, answers });
      });
    } catch (error) {
      for (const item of items) item.reject(error);
    } finally {
      // Takes that arrived while this one ran go next, together; else the keys are free.
      if (batch.waiting.length > 0) void flush(id, batch);
      else batches.delete(id);
    }
  }

  function sweepNow(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    store.sweep(now).catch(() => undefined);
  }

  /** Takes `points` (default 1) from `key`, all or none: allowed when they fit in its window. */
  async function consume(key: string, rule: LimitRule, points = 1): Promise<LimitAnswer> {
    const now = clock().getTime();
    sweepNow(now);
    const { granted, count } = await store.take({
      key,
      wanted: points,
      limit: rule.limit,
      now,
      resetAt: windowEnd(rule, now),
    });
    return answer(rule, count, granted, now);
  }

  return {
    consume,

    /**
     * Takes one point from `key`, waiting in place for its window to end while the waits add up to
     * at most `maxWaitMs`; the last answer, refused when the point did not come in time. For a caller
     * that would rather wait a moment than come back later: a provider's fifth-of-a-second window, a
     * person waiting for a connection check.
     */
    async consumeWithin(key: string, rule: LimitRule, maxWaitMs: number): Promise<LimitAnswer> {
      let taken = await consume(key, rule);
      for (let waited = 0; !taken.allowed; ) {
        const ms = Math.max(1, taken.resetAt.getTime() - clock().getTime());
        if (waited + ms > maxWaitMs) break;
        await new Promise((resolve) => setTimeout(resolve, ms));
        waited += ms;
        taken = await consume(key, rule);
      }
      return taken;
    },

    /**
     * Takes one point from every key of `parts`, all or none. Takes of the same keys that arrive
     * in one turn of the event loop, or while the keys' statement runs, are counted together by
     * one store call (up to MAX_BATCH), which grants each the point it would have had one by one:
     * the first ones as long as every key has room.
     */
    consumeAll(parts: readonly LimitPart[]): Promise<AllAnswer> {
      const id = parts
        .map(
          ({ key, rule }) =>
            `${key}\u0000${rule.limit}\u0000${'window' in rule ? rule.window : rule.windowMs}`,
        )
        .join('\u0001');
      return new Promise<AllAnswer>((resolve, reject) => {
        let batch = batches.get(id);
        if (batch !== undefined) {
          batch.waiting.push({ resolve, reject });
          return;
        }
        batch = { parts, waiting: [{ resolve, reject }] };
        batches.set(id, batch);
        const ready = batch;
        // The batch answers several requests: flushed as none of them.
        setImmediate(detached(() => void flush(id, ready)));
      });
    },

    /** The key's state without taking anything: allowed when at least one point is left. */
    async peek(key: string, rule: LimitRule): Promise<LimitAnswer> {
      const now = clock().getTime();
      const count = await store.read(key);
      const state = answer(rule, count, true, now);
      return { ...state, allowed: state.remaining > 0 };
    },

    /** Gives back points taken in the key's current window (the work they paid for did not happen). */
    async refund(key: string, points = 1): Promise<void> {
      await store.giveBack(key, points, clock().getTime());
    },

    /** Starts the key over. */
    async clear(key: string): Promise<void> {
      await store.clear(key);
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
