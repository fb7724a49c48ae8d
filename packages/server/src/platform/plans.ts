import { PLAN_LIMITS, PLANS, type Plan } from '@formloom/contract';

export { isScope, PLANS, type Plan, SCOPES, type Scope } from '@formloom/contract';

/** Keys an account may hold on each plan (the contract's PLAN_LIMITS). */
export function maxKeysOf(plan: Plan): number {
  return PLAN_LIMITS[plan].maxApiKeys;
}

/** Plan names are case-insensitive on the CLI: `pro`, `Pro`, `PRO`. */
export function parsePlan(value: string): Plan | undefined {
  const upper = value.trim().toUpperCase();
  return (PLANS as readonly string[]).includes(upper) ? (upper as Plan) : undefined;
}

/**
 * Notification mails (owners' and respondents' copies) an account may send an hour, by plan
 * (docs/email.md "Limits"); past it the mails wait for the next hour.
 */
export const MAILS_PER_HOUR: Readonly<Record<Plan, number>> = {
  FREE: 20,
  STARTER: 100,
  PRO: 500,
  MAX: 2000,
};
