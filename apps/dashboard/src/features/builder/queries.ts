import type { Language } from '@formloom/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';
import { formKeys } from '../forms/queries.js';

/**
 * The form with its ETag, which the builder's saves send back (If-Match), and, for a live form, its
 * draft (the changes not yet published), if it has one. Read once per opening.
 */
export function useFormForBuilder(formId: string) {
  return useQuery({
    queryKey: formKeys.editing(formId),
    queryFn: async () => {
      const { data, etag } = await client.forms.retrieve(formId).withResponse();
      const draft =
        data.publishStatus === 'DRAFT'
          ? undefined
          : ((await client.forms.draft.retrieve(formId)) ?? undefined);
      return { form: data, etag, draft };
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/**
 * Queues the AI job that translates the form's texts into `language`: only the missing ones, or
 * with `overwrite` all of them (the panel asks before replacing texts the language has).
 */
export function useTranslateForm(formId: string) {
  return useMutation({
    mutationFn: (body: { language: Language; overwrite: boolean }) => client.ai.translateForm(formId, body),
  });
}

/** The revisions of the live form, newest first. */
export function useRevisions(formId: string) {
  return useQuery({
    queryKey: [...formKeys.editing(formId), 'revisions'],
    queryFn: () => client.forms.revisions.list(formId),
  });
}
