import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { AI_LIMITS, type AiLimit, PlanSchema } from './plan.js';
import { ScopeSchema } from './scope.js';

const Count = z.number().int().nonnegative();

/** GET /me: who the key belongs to, what the plan allows and what has been used. */
const accountSchema = z
  .object({
    account: z.object({ id: Uuid, name: z.string() }),
    plan: PlanSchema,
    limits: z.object({
      requestsPerMinute: Count,
      requestsPerHour: Count,
      monthlyQuota: Count,
      maxApiKeys: Count,
      aiPerHour: z
        .object(Object.fromEntries(AI_LIMITS.map((k) => [k, Count])) as Record<AiLimit, typeof Count>)
        .describe('Calls per hour of each AI endpoint; 0: not on this plan'),
    }),
    usage: z
      .object({
        periodStart: Timestamp.describe('Start of the calendar month (UTC)'),
        periodEnd: Timestamp.describe('When the monthly quota resets'),
        requests: Count.describe('API calls this month, all keys of the account together'),
        remaining: Count,
      })
      .describe('This month'),
    credits: z.object({ balance: z.number().int().describe('Credits available for AI features') }),
    apiKey: z
      .object({
        keyId: z
          .string()
          .regex(/^[0-9a-f]{12}$/)
          .describe('The 12-hex key id (the secret is never shown)'),
        name: z.string().nullable(),
        scopes: z.array(ScopeSchema),
        expiresAt: Timestamp.nullable().describe('Set while the key is being rotated out'),
      })
      .nullable()
      .describe('The key this request used; null when signed in to the dashboard (session cookie)'),
  })
  .describe('Account');
type AccountObject = typeof accountSchema;
export interface AccountZod extends AccountObject {}
export const Account: AccountZod = accountSchema;
export type Account = z.infer<typeof Account>;
