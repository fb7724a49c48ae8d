import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';

export const LEDGER_PAGE_SIZE = 20;

/** Query keys of the account's usage and credit ledger (one factory per resource). */
export const usageKeys = {
  all: ['usage'] as const,
  account: () => [...usageKeys.all, 'account'] as const,
  ledger: (page: number) => [...usageKeys.all, 'ledger', page] as const,
};

/** Plan, limits, this month's requests and the credit balance (GET /v1/me). */
export function useAccount() {
  return useQuery({ queryKey: usageKeys.account(), queryFn: () => client.me.retrieve() });
}

export function useLedger(page: number) {
  return useQuery({
    queryKey: usageKeys.ledger(page),
    queryFn: async () => {
      const result = await client.me.credits({ page, limit: LEDGER_PAGE_SIZE });
      return { items: result.items, total: result.total, hasMore: result.hasMore };
    },
    placeholderData: keepPreviousData,
  });
}
