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
import { createLimiter, type LimitAnswer, type LimitPart, rateLimitInfo } from './limiter.js';
import { type FixedWindow, type WindowKind, windowOf } from './windows.js';

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
  /** Limits per plan; the contract's PLAN_LIMITS unless overridden. */
  limits?: Readonly<Record<Plan, PlanLimits>>;
}

/** The limiter's key of an account's window: `plan:<account>:minute|hour|month|ai:<endpoint>`. */
export function planKey(accountId: string, window: WindowKind | `ai:${AiLimit}`): string {
  return `plan:${accountId}:${window}`;
}

/** A plan window of one request: the limit it is refused with, its key and rule. */
interface PlanWindow extends LimitPart {
  type: Exclude<RateLimitType, 'FEEDBACK_LIMIT' | 'UNLOCK_LIMIT' | 'VERIFY_LIMIT' | 'PAYMENT_LIMIT'>;
}

/**
 * The windows a request is counted in, the longest first: when several are full, the 429 names
 * the one to wait longest for (month, hour, the AI endpoint's hour, minute).
 */
function windowsInOrder(accountId: string, limits: PlanLimits, ai?: AiLimit): PlanWindow[] {
  const fixed = (window: WindowKind, limit: number) => ({ limit, window });
  return [
    { type: 'MONTHLY_QUOTA', key: planKey(accountId, 'month'), rule: fixed('month', limits.monthlyQuota) },
    { type: 'HOURLY_LIMIT', key: planKey(accountId, 'hour'), rule: fixed('hour', limits.requestsPerHour) },
    ...(ai === undefined
      ? []
      : [
          {
            type: 'AI_ENDPOINT_LIMIT' as const,
            key: planKey(accountId, `ai:${ai}`),
            rule: fixed('hour', limits.aiPerHour[ai]),
          },
        ]),
    {
      type: 'BURST_LIMIT',
      key: planKey(accountId, 'minute'),
      rule: fixed('minute', limits.requestsPerMinute),
    },
  ];
}

/** The plan windows' refusals (a quiz's feedback limit is not a plan's: quiz-feedback.ts words its own). */
function refusalMessage(
  type: Exclude<RateLimitType, 'FEEDBACK_LIMIT' | 'UNLOCK_LIMIT' | 'VERIFY_LIMIT' | 'PAYMENT_LIMIT'>,
  limit: number,
  plan: Plan,
  retryAfter: number,
  ai?: AiLimit,
) {
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
 * Per-account rate limits and monthly quota in fixed UTC windows (docs/decisions.md "Server"): rules of the
 * one limiter (`limiter.ts`), which counts them in the database. All keys of an account share its windows. An
 * AI route also counts against its endpoint's own hourly limit, beside the general ones. A request takes a
 * point from every window or, when one is full, from none, so a client retrying into a 429 does not eat its
 * monthly quota.
 */
export function createRateLimiter({ db, clock, limits = PLAN_LIMITS }: RateLimiterOptions) {
  const limiter = createLimiter({ db, clock });

  function usageOf(now: Date, hour: LimitAnswer, month: LimitAnswer): Usage {
    return {
      hour: { limit: hour.limit, used: hour.used, window: windowOf('hour', now) },
      month: { limit: month.limit, used: month.used, window: windowOf('month', now) },
    };
  }

  /** The account's hourly and monthly counts, counting nothing (GET /me, 403 answers). */
  async function usage(caller: RateLimitCaller, now: Date = clock()): Promise<Usage> {
    const [month, hour] = windowsInOrder(caller.accountId, limits[caller.plan]);
    const [monthly, hourly] = await Promise.all([
      limiter.peek(month!.key, month!.rule),
      limiter.peek(hour!.key, hour!.rule),
    ]);
    return usageOf(now, hourly, monthly);
  }

  /**
   * Counts one request of `caller` (and of the AI endpoint `ai`, if any): allowed, or refused
   * with the limit that was hit, in which case nothing was counted. Concurrent requests of one
   * account are counted together (`consumeAll`).
   */
  async function consume(caller: RateLimitCaller, ai?: AiLimit): Promise<Decision> {
    const windows = windowsInOrder(caller.accountId, limits[caller.plan], ai);
    const { allowed, answers } = await limiter.consumeAll(windows);
    const now = clock();
    const usage = usageOf(now, answers[1]!, answers[0]!);
    if (allowed) return { allowed: true, usage };
    // One window at least has no room left (the one that refused); the first is the longest.
    const refusing = windows.findIndex((_, i) => !answers[i]!.allowed);
    const full = refusing === -1 ? windows.length - 1 : refusing;
    const { type } = windows[full]!;
    const answer = answers[full]!;
    return {
      allowed: false,
      usage,
      refusal: rateLimitInfo(answer, type),
      message: refusalMessage(type, answer.limit, caller.plan, answer.retryAfterSeconds, ai),
    };
  }

  return {
    limitsOf: (plan: Plan): PlanLimits => limits[plan],
    usage,
    consume,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
