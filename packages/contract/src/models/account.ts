import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { PageQuery, page } from './paging.js';
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

/** What moved credits: a grant (plan, top-up), a reservation an AI call took, or its refund. */
export const CREDIT_LEDGER_KINDS = ['grant', 'reserve', 'refund'] as const;

/** One change of the credit balance, written in the transaction of the change. */
export const CreditLedgerEntry = z
  .object({
    id: Uuid,
    kind: z.enum(CREDIT_LEDGER_KINDS).describe('grant, reserve (an AI call took credits) or refund'),
    delta: z.number().int().describe('Credits added (positive) or taken (negative)'),
    balanceAfter: z.number().int().describe('The balance right after this change'),
    reason: z.string().describe('What the change was for, e.g. the AI feature that used the credits'),
    createdAt: Timestamp,
  })
  .describe('Credit ledger entry');
export type CreditLedgerEntry = z.infer<typeof CreditLedgerEntry>;

export const CreditLedgerQuery = PageQuery.describe('Paging of the credit ledger');
export type CreditLedgerQuery = z.infer<typeof CreditLedgerQuery>;

export const CreditLedgerPage = page('entries', CreditLedgerEntry).describe(
  'A page of credit ledger entries, newest first',
);
export type CreditLedgerPage = z.infer<typeof CreditLedgerPage>;
