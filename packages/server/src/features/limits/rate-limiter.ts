import {
  type AiLimit,
  PLAN_LIMITS,
  PLAN_NAMES,
  type Plan,
  type PlanLimits,
  type RateLimitInfo,
  type RateLimitType,
} from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { type Counts, createCountersStore, type Windows } from './counters-store.js';
import { type LimitAnswer, rateLimitInfo } from './limiter.js';
import { type FixedWindow, secondsUntil, windowOf } from './windows.js';

export interface RateLimitCaller {
  accountId: string;
  plan: Plan;
}

/** A window of the account as the headers and GET /me report it. */
export interface WindowUsage {
  limit: number;
  used: number;
  window: FixedWindow;
}

/** What `X-RateLimit-*` (the hourly window) and `X-Monthly-*` describe. */
export interface Usage {
  hour: WindowUsage;
  month: WindowUsage;
}

export type Decision =
  | { allowed: true; usage: Usage }
  | { allowed: false; usage: Usage; refusal: RateLimitInfo; message: string };

export interface RateLimiterOptions {
  db: Db;
  clock: () => Date;
  /** Limits per plan; the contract's PLAN_LIMITS (spec 5.4, 8.1, 8.2) unless overridden. */
  limits?: Readonly<Record<Plan, PlanLimits>>;
}

/** Most requests one counting statement takes. */
const MAX_BATCH = 256;

function windowsAt(now: Date): Windows {
  return { minute: windowOf('minute', now), hour: windowOf('hour', now), month: windowOf('month', now) };
}

interface Limit {
  type: RateLimitType;
  limit: number;
  used: number;
  window: FixedWindow;
}

/**
 * The limits a request is checked against, the longest window first: when several are full, the
 * 429 names the one to wait longest for (month, hour, the AI endpoint's hour, minute).
 */
function limitsInOrder(limits: PlanLimits, windows: Windows, counts: Counts, ai?: AiLimit): Limit[] {
  return [
    { type: 'MONTHLY_QUOTA', limit: limits.monthlyQuota, used: counts.month, window: windows.month },
    { type: 'HOURLY_LIMIT', limit: limits.requestsPerHour, used: counts.hour, window: windows.hour },
    ...(ai === undefined
      ? []
      : [
          {
            type: 'AI_ENDPOINT_LIMIT' as const,
            limit: limits.aiPerHour[ai],
            used: counts.ai,
            window: windows.hour,
          },
        ]),
    { type: 'BURST_LIMIT', limit: limits.requestsPerMinute, used: counts.minute, window: windows.minute },
  ];
}

function refusalMessage(type: RateLimitType, limit: number, plan: Plan, retryAfter: number, ai?: AiLimit) {
  const on = `on the ${PLAN_NAMES[plan]} plan`;
  switch (type) {
    case 'BURST_LIMIT':
      return `Rate limit exceeded: ${limit} requests per minute ${on}; retry in ${retryAfter} s`;
    case 'HOURLY_LIMIT':
      return `Rate limit exceeded: ${limit} requests per hour ${on}; retry in ${retryAfter} s`;
    case 'MONTHLY_QUOTA':
      return `Monthly quota of ${limit} requests ${on} is used up; it resets at the start of next month (UTC)`;
    case 'AI_ENDPOINT_LIMIT':
      return `AI endpoint limit exceeded: ${limit} ${ai} calls per hour ${on}; retry in ${retryAfter} s`;
  }
}

/**
 * Per-account rate limits and monthly quota in fixed UTC windows (decisions.md), counted in the
 * database (see `createCountersStore`). All keys of an account share its counters. An AI route
 * also counts against its endpoint's own hourly limit (spec 8.2), beside the general ones.
 */
export function createRateLimiter({ db, clock, limits = PLAN_LIMITS }: RateLimiterOptions) {
  const store = createCountersStore(db);

  function usageOf(plan: Plan, windows: Windows, counts: Counts): Usage {
    const planLimits = limits[plan];
    return {
      hour: { limit: planLimits.requestsPerHour, used: counts.hour, window: windows.hour },
      month: { limit: planLimits.monthlyQuota, used: counts.month, window: windows.month },
    };
  }

  async function usage(caller: RateLimitCaller, now: Date = clock()): Promise<Usage> {
    const windows = windowsAt(now);
    return usageOf(caller.plan, windows, await store.read(caller.accountId, windows));
  }

  function refuse(
    caller: RateLimitCaller,
    full: Limit,
    now: Date,
    counts: Counts,
    windows: Windows,
    ai?: AiLimit,
  ) {
    // The same answer the keyed limiter gives, for the window that is full.
    const answer: LimitAnswer = {
      allowed: false,
      limit: full.limit,
      remaining: 0,
      resetAt: full.window.end,
      retryAfterSeconds: secondsUntil(full.window.end, now),
    };
    return {
      allowed: false as const,
      usage: usageOf(caller.plan, windows, counts),
      refusal: rateLimitInfo(answer, full.type),
      message: refusalMessage(full.type, full.limit, caller.plan, answer.retryAfterSeconds, ai),
    };
  }

  /** Requests waiting to be counted, by account, plan and AI endpoint. */
  interface Waiting {
    caller: RateLimitCaller;
    ai: AiLimit | undefined;
    attempt: number;
    resolve: (decision: Decision) => void;
    reject: (error: unknown) => void;
  }
  interface Batch {
    waiting: Waiting[];
    /** A statement for this batch's key is running or scheduled: new requests wait for the next. */
    busy: boolean;
  }
  const batches = new Map<string, Batch>();

  /** The refusal of a request the counting statement did not grant: which limit is full. */
  async function refusedOne(item: Waiting, now: Date, windows: Windows): Promise<Decision> {
    const { caller, ai } = item;
    const planLimits = limits[caller.plan];
    const counts = await store.read(caller.accountId, windows, ai);
    const inOrder = limitsInOrder(planLimits, windows, counts, ai);
    const full = inOrder.find((l) => l.used >= l.limit);
    // None full: a window ended between the two statements; the request goes round again.
    if (full === undefined && item.attempt < 3) {
      return new Promise<Decision>((resolve, reject) =>
        enqueue({ ...item, attempt: item.attempt + 1, resolve, reject }),
      );
    }
    return refuse(caller, full ?? inOrder.at(-1)!, now, counts, windows, ai);
  }

  /** Counts every waiting request of one key with one statement, and answers each. */
  async function flush(key: string, batch: Batch): Promise<void> {
    const items = batch.waiting.splice(0, MAX_BATCH);
    const { caller, ai } = items[0]!;
    const now = clock();
    const windows = windowsAt(now);
    const planLimits = limits[caller.plan];
    try {
      const { granted, counts } = await store.consume(
        caller.accountId,
        {
          windows,
          limits: {
            minute: planLimits.requestsPerMinute,
            hour: planLimits.requestsPerHour,
            month: planLimits.monthlyQuota,
          },
          ai: ai === undefined ? undefined : { name: ai, limit: planLimits.aiPerHour[ai] },
        },
        items.length,
      );
      items.forEach((item, i) => {
        if (i >= granted) {
          refusedOne(item, now, windows).then(item.resolve, item.reject);
          return;
        }
        // The i-th granted request sees the counts as if the batch had been counted one by one.
        const behind = granted - 1 - i;
        const seen = {
          ...counts,
          minute: counts.minute - behind,
          hour: counts.hour - behind,
          month: counts.month - behind,
        };
        item.resolve({ allowed: true, usage: usageOf(caller.plan, windows, seen) });
      });
    } catch (error) {
      for (const item of items) item.reject(error);
    } finally {
      if (batch.waiting.length > 0) void flush(key, batch);
      else {
        batch.busy = false;
        batches.delete(key);
      }
    }
  }

  function enqueue(item: Waiting): void {
    const key = `${item.caller.accountId}\u0000${item.caller.plan}\u0000${item.ai ?? ''}`;
    let batch = batches.get(key);
    if (batch === undefined) {
      batch = { waiting: [], busy: false };
      batches.set(key, batch);
    }
    batch.waiting.push(item);
    if (batch.busy) return;
    batch.busy = true;
    // Requests that arrive in the same turn of the event loop, or while this key's statement runs,
    // are counted together by the next statement.
    const ready = batch;
    setImmediate(() => void flush(key, ready));
  }

  /**
   * Counts one request of `caller` (and of the AI endpoint `ai`, if any): allowed, or refused
   * with the limit that was hit, in which case nothing was counted. Requests of one account are
   * grouped: those of one event-loop turn (and those arriving while its statement runs) are
   * counted by one statement, which grants each the point it would have had one by one.
   */
  async function consume(caller: RateLimitCaller, ai?: AiLimit): Promise<Decision> {
    const now = clock();
    const windows = windowsAt(now);
    const planLimits = limits[caller.plan];
    // A limit of 0 allows nothing; the store would start a new window at 1, so refuse here.
    const none = { minute: 0, hour: 0, month: 0, ai: 0 };
    const closed = limitsInOrder(planLimits, windows, none, ai).find((l) => l.limit <= 0);
    if (closed !== undefined) {
      return refuse(caller, closed, now, await store.read(caller.accountId, windows, ai), windows, ai);
    }
    return new Promise<Decision>((resolve, reject) => enqueue({ caller, ai, attempt: 1, resolve, reject }));
  }

  return {
    limitsOf: (plan: Plan): PlanLimits => limits[plan],

    /** The account's hourly and monthly counts, counting nothing (GET /me, 403 answers). */
    usage,

    consume,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
