import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

export const FORMS_PAGE_SIZE = 20;

/** Query keys of forms (one factory per resource, so every invalidation names the same keys). */
export const formKeys = {
  all: ['forms'] as const,
  lists: () => [...formKeys.all, 'list'] as const,
  list: (query: { search: string; page: number }) => [...formKeys.lists(), query] as const,
  detail: (id: string) => [...formKeys.all, 'detail', id] as const,
};

/** One page of the account's forms, newest first; the previous page stays shown while the next loads. */
export function useFormsPage(query: { search: string; page: number }) {
  return useQuery({
    queryKey: formKeys.list(query),
    queryFn: async () => {
      const page = await client.forms.list({
        page: query.page,
        limit: FORMS_PAGE_SIZE,
        ...(query.search === '' ? {} : { search: query.search }),
      });
      return { items: page.items, total: page.total, page: page.page, hasMore: page.hasMore };
    },
    placeholderData: keepPreviousData,
  });
}

/** A blank form (the builder that shapes it is a later page). */
export function useCreateBlankForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => client.forms.create({ title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.lists() }),
  });
}
