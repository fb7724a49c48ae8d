import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';
import type { DashboardLanguage } from '../../i18n/messages.js';
import { formKeys } from './queries.js';

/** Query keys of the template library (the same for every account; named in one language). */
export const templateKeys = {
  all: ['templates'] as const,
  list: (language: DashboardLanguage) => [...templateKeys.all, 'list', language] as const,
};

/** The templates, named in the dashboard's language; fetched when the gallery opens, kept an hour. */
export function useTemplates(language: DashboardLanguage) {
  return useQuery({
    queryKey: templateKeys.list(language),
    queryFn: async () => (await client.templates.list({ language })).templates,
    staleTime: 60 * 60 * 1000,
  });
}

/** A DRAFT form made from a template, under the template's form title. */
export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => client.forms.create({ templateId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}
