import type { CreatedFormLinks, CreateFormLinksBody } from '@formloom/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

export const LINKS_PAGE_SIZE = 20;

/** Query keys of a form's personal links. */
export const linkKeys = {
  all: (formId: string) => ['form-links', formId] as const,
  page: (formId: string, page: number) => [...linkKeys.all(formId), page] as const,
};

export function useLinksPage(formId: string, page: number) {
  return useQuery({
    queryKey: linkKeys.page(formId, page),
    queryFn: () => client.forms.links.list(formId, { page, limit: LINKS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateLinks(formId: string) {
  const queryClient = useQueryClient();
  return useMutation<CreatedFormLinks, Error, CreateFormLinksBody>({
    mutationFn: (body) => client.forms.links.create(formId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all(formId) }),
  });
}

export function useRevokeLink(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => client.forms.links.revoke(formId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.all(formId) }),
  });
}
