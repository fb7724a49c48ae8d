import type { Scope } from '@formloom/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of API keys (one factory per resource). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: async () => (await client.apiKeys.list()).keys });
}

function useKeyMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export const useCreateKey = () =>
  useKeyMutation((body: { name: string; scopes: Scope[] }) => client.apiKeys.create(body));
export const useRotateKey = () =>
  useKeyMutation(({ id, graceHours }: { id: string; graceHours: number }) =>
    client.apiKeys.rotate(id, { graceHours }),
  );
export const useRevokeKey = () => useKeyMutation((id: string) => client.apiKeys.revoke(id));
