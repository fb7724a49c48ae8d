import { z } from 'zod';

/** Plan tiers, lowest first: the order is what {@link planAtLeast} compares. */
export const PLANS = ['FREE', 'STARTER', 'PRO', 'MAX'] as const;
export type Plan = (typeof PLANS)[number];
export const PlanSchema = z.enum(PLANS).describe('Plan tier');

/** The plans' names as people read them: "the Free plan". */
export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  FREE: 'Free',
  STARTER: 'Starter',
  PRO: 'Pro',
  MAX: 'Max',
};

/**
 * True when `plan` is `min` or a higher tier.
 *
 * ```ts
 * planAtLeast('PRO', 'STARTER'); // true
 * planAtLeast('STARTER', 'PRO'); // false
 * ```
 */
export function planAtLeast(plan: Plan, min: Plan): boolean {
  return PLANS.indexOf(plan) >= PLANS.indexOf(min);
}

/** An AI endpoint with a per-hour limit of its own, beside the general rate limits. */
export const AI_LIMITS = ['generateForm', 'smartAnalytics', 'analyticsChat', 'smartFormChat'] as const;
export type AiLimit = (typeof AI_LIMITS)[number];

export interface PlanLimits {
  /** API keys the account may hold; 0 means no API access. */
  maxApiKeys: number;
  /** Webhook endpoints the account may hold (docs/webhooks.md "Limits on endpoints and targets"). */
  maxWebhookEndpoints: number;
  requestsPerMinute: number;
  requestsPerHour: number;
  monthlyQuota: number;
  /** Calls per hour of each AI endpoint; 0 means the plan has no access to it. */
  aiPerHour: Readonly<Record<AiLimit, number>>;
}

/**
 * Default limits per plan: API keys, requests and AI calls. The product sets no smart form chat limit;
 * it follows analytics chat. Servers may override these through configuration.
 */
export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  FREE: {
    maxApiKeys: 0,
    maxWebhookEndpoints: 0,
    requestsPerMinute: 0,
    requestsPerHour: 0,
    monthlyQuota: 0,
    aiPerHour: { generateForm: 0, smartAnalytics: 0, analyticsChat: 0, smartFormChat: 0 },
  },
  STARTER: {
    maxApiKeys: 3,
    maxWebhookEndpoints: 5,
    requestsPerMinute: 20,
    requestsPerHour: 200,
    monthlyQuota: 2_000,
    aiPerHour: { generateForm: 10, smartAnalytics: 0, analyticsChat: 0, smartFormChat: 0 },
  },
  PRO: {
    maxApiKeys: 10,
    maxWebhookEndpoints: 25,
    requestsPerMinute: 60,
    requestsPerHour: 1_000,
    monthlyQuota: 20_000,
    aiPerHour: { generateForm: 30, smartAnalytics: 5, analyticsChat: 30, smartFormChat: 30 },
  },
  MAX: {
    maxApiKeys: 25,
    maxWebhookEndpoints: 100,
    requestsPerMinute: 150,
    requestsPerHour: 3_000,
    monthlyQuota: 200_000,
    aiPerHour: { generateForm: 100, smartAnalytics: 20, analyticsChat: 100, smartFormChat: 100 },
  },
};

/**
 * Whether keys of `plan` may call the API: the one rule behind "the Free plan has no API access"
 * (docs/server.md "Behaviour worth knowing": a key of a Free account is a 403), derived from the plan's key
 * allowance.
 */
export function hasApiAccess(plan: Plan, limits: Readonly<Record<Plan, PlanLimits>> = PLAN_LIMITS): boolean {
  return limits[plan].maxApiKeys > 0;
}
