import { type Account as AccountBody, contract, PLAN_LIMITS, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { ApiKeyInfo } from '../../platform/api-key-info.js';
import type { CreditsService } from '../../platform/credits/index.js';
import type { RateLimiter } from '../../platform/limits/index.js';
import { windowOf } from '../../platform/limits/index.js';
import type { AccountsService } from './accounts-service.js';

const s = initServer();

/** When the key stops working: its expiry, or the end of a rotation's grace period. */
function keyEnd(key: ApiKeyInfo): string | null {
  const ends = [key.expiresAt, key.status === 'rotating' ? key.graceUntil : null].filter((v) => v !== null);
  return ends.length === 0 ? null : ends.sort()[0]!;
}

export function createAccountRouter(
  accounts: AccountsService,
  credits: Pick<CreditsService, 'ledgerPage'>,
  clock: () => Date,
  /** The limits in force and this month's count; absent when rate limiting is off (count 0). */
  limiter?: Pick<RateLimiter, 'usage' | 'limitsOf'>,
): RouterImplementation<typeof contract.account> {
  return s.router(contract.account, {
    getAccount: async ({ req }) => {
      const auth = authOf(req);
      const account = await accounts.get(auth.accountId);
      if (account === undefined) throw new Error('authenticated account vanished');
      const limits = limiter?.limitsOf(account.plan) ?? PLAN_LIMITS[account.plan];
      const now = clock();
      const period = windowOf('month', now);
      // This request was counted before the handler ran, so it is part of the figure.
      const requests = limiter === undefined ? 0 : (await limiter.usage(auth, now)).month.used;
      const body: AccountBody = {
        account: { id: account.id, name: account.name },
        plan: account.plan,
        limits: {
          requestsPerMinute: limits.requestsPerMinute,
          requestsPerHour: limits.requestsPerHour,
          monthlyQuota: limits.monthlyQuota,
          maxApiKeys: limits.maxApiKeys,
          aiPerHour: { ...limits.aiPerHour },
        },
        usage: {
          periodStart: period.start.toISOString(),
          periodEnd: period.end.toISOString(),
          requests,
          remaining: Math.max(0, limits.monthlyQuota - requests),
        },
        credits: { balance: account.creditBalance },
        apiKey:
          auth.key === undefined
            ? null
            : {
                keyId: auth.key.keyId,
                name: auth.key.name,
                scopes: auth.key.scopes,
                expiresAt: keyEnd(auth.key),
              },
      };
      return { status: 200, body: successBody(body, 'Account') };
    },
    listCreditLedger: async ({ req, query }) => ({
      status: 200,
      body: successBody(await credits.ledgerPage(authOf(req).accountId, query), 'Credit ledger'),
    }),
  });
}
