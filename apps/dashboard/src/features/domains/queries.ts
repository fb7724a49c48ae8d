import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';
import { formKeys } from '../forms/queries.js';

/** Query keys of custom domains (one factory per resource). */
export const domainKeys = {
  all: ['domains'] as const,
  list: () => [...domainKeys.all, 'list'] as const,
};

/** The account's domains; `enabled: false` for a member whose role may not read them. */
export function useDomains(enabled = true) {
  return useQuery({
    queryKey: domainKeys.list(),
    queryFn: async () => (await client.domains.list()).domains,
    enabled,
  });
}

function useDomainMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKeys.all }),
  });
}

export const useAddDomain = () => useDomainMutation((hostname: string) => client.domains.add({ hostname }));
export const useVerifyDomain = () => useDomainMutation((id: string) => client.domains.verify(id));
export const useSetRootForm = () =>
  useDomainMutation(({ id, rootFormId }: { id: string; rootFormId: string | null }) =>
    client.domains.update(id, { rootFormId }),
  );
export const useRemoveDomain = () => useDomainMutation((id: string) => client.domains.remove(id));

/** The account's forms for the root form's picker: titles and ids, the 100 changed last. */
export function useFormChoices() {
  return useQuery({
    queryKey: [...formKeys.lists(), 'choices'],
    queryFn: async () => (await client.forms.list({ limit: 100 })).items,
  });
}
