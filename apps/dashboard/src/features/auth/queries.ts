import { AuthenticationError } from '@formloom/sdk';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of the signed-in member (one factory per resource). */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** Who is signed in; `null` when nobody is (401), so pages can choose sign-in without an error. */
export function useMe() {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: async () => {
      try {
        return await client.auth.me();
      } catch (error) {
        if (error instanceof AuthenticationError) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}
