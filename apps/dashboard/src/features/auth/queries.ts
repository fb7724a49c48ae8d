import { AuthenticationError } from '@formloom/sdk';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of the signed-in member (one factory per resource). */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  /** Set when the server ended the session of someone signed in; the sign-in page says so. */
  ended: () => [...authKeys.all, 'ended'] as const,
  signOut: () => [...authKeys.all, 'sign-out'] as const,
};

/** Who is signed in; `null` when nobody is (401), so pages can choose sign-in without an error. */
export function useMe() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: async () => {
      try {
        return await client.auth.me();
      } catch (error) {
        if (!(error instanceof AuthenticationError)) throw error;
        // Someone was signed in: their session ended (see session-expiry.ts).
        if (queryClient.getQueryData(authKeys.me())) sessionEnded(queryClient);
        return null;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** Nobody is signed in now, and nothing of the account stays in memory. */
export function signedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.me(), null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

/**
 * Signed out because the server ended the session: the sign-in page shows in place (the address,
 * the page the person was on, stays) and says why.
 */
export function sessionEnded(queryClient: QueryClient): void {
  queryClient.setQueryData(authKeys.ended(), true);
  signedOut(queryClient);
}
