import type { CreateSmartFormBody, UnpublishMode, UpdateSmartFormBody } from '@formloom/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

export const SMART_FORMS_PAGE_SIZE = 20;

/** Query keys of smart forms (one factory per resource, so every invalidation names the same keys). */
export const smartFormKeys = {
  all: ['smart-forms'] as const,
  lists: () => [...smartFormKeys.all, 'list'] as const,
  list: (query: { search: string; page: number }) => [...smartFormKeys.lists(), query] as const,
  detail: (id: string) => [...smartFormKeys.all, 'detail', id] as const,
};

/** One page of the account's smart forms; the previous page stays shown while the next loads. */
export function useSmartFormsPage(query: { search: string; page: number }) {
  return useQuery({
    queryKey: smartFormKeys.list(query),
    queryFn: async () => {
      const page = await client.smartForms.list({
        page: query.page,
        limit: SMART_FORMS_PAGE_SIZE,
        ...(query.search === '' ? {} : { search: query.search }),
      });
      return { items: page.items, total: page.total, page: page.page, hasMore: page.hasMore };
    },
    placeholderData: keepPreviousData,
  });
}

/** One smart form with its session statistics. */
export function useSmartForm(id: string | undefined) {
  return useQuery({
    queryKey: smartFormKeys.detail(id ?? ''),
    queryFn: () => client.smartForms.retrieve(id!),
    enabled: id !== undefined,
  });
}

/** A mutation on smart forms that refreshes every list and smart form it may have changed. */
function useSmartFormsMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartFormKeys.all }),
  });
}

export function useCreateSmartForm() {
  return useSmartFormsMutation((body: CreateSmartFormBody) => client.smartForms.create(body));
}

export function useUpdateSmartForm(id: string) {
  return useSmartFormsMutation((body: UpdateSmartFormBody) => client.smartForms.update(id, body));
}

export function usePublishSmartForm(id: string) {
  return useSmartFormsMutation(() => client.smartForms.publish(id));
}

/** `soft` lets active sessions finish; `hard` abandons them at once. */
export function useUnpublishSmartForm(id: string) {
  return useSmartFormsMutation((mode: UnpublishMode) => client.smartForms.unpublish(id, { mode }));
}

export function useDeleteSmartForm() {
  return useSmartFormsMutation((id: string) => client.smartForms.delete(id));
}
