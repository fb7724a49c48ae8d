import { useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';

/**
 * The member's two-factor status and whether the account makes them enrol first. Apart from the
 * page's other queries: the app's entry asks it on every load, and this file pulls in nothing
 * (no mutations) that the entry would otherwise load with a page's chunk.
 */

/** Query keys of the signed-in member's sign-in security (one factory per resource). */
export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  passkeys: () => [...securityKeys.all, 'passkeys'] as const,
};

export function useTwoFactor(enabled = true) {
  return useQuery({
    queryKey: securityKeys.twoFactor(),
    queryFn: () => client.security.twoFactor.status(),
    enabled,
    staleTime: 60_000,
  });
}

/** Whether the account requires two-factor and the signed-in member has neither it nor a passkey yet. */
export function useEnrolmentRequired(signedIn: boolean): boolean {
  const status = useTwoFactor(signedIn);
  return signedIn && status.data?.required === true && !status.data.enabled && status.data.passkeys === 0;
}
