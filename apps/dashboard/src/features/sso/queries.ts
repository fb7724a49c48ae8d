import type { PutSsoBody } from '@formloom/contract';
import { NotFoundError } from '@formloom/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of the account's single sign-on (one factory per resource). */
export const ssoKeys = {
  all: ['sso'] as const,
  settings: () => [...ssoKeys.all, 'settings'] as const,
};

/** The settings, or `null` while single sign-on is not set up (the server's 404). */
export function useSso() {
  return useQuery({
    queryKey: ssoKeys.settings(),
    queryFn: () =>
      client.sso.retrieve().catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
  });
}

function useSsoMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

export const useSaveSso = () => useSsoMutation((body: PutSsoBody) => client.sso.update(body));
export const useDisableSso = () => useSsoMutation(() => client.sso.disable());
