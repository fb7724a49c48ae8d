import type { Language } from '@formloom/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';
import { formKeys } from '../forms/queries.js';

/** The form with its ETag, which the builder's saves send back (If-Match). Read once per opening. */
export function useFormForBuilder(formId: string) {
  return useQuery({
    queryKey: formKeys.editing(formId),
    queryFn: async () => {
      const { data, etag } = await client.forms.retrieve(formId).withResponse();
      return { form: data, etag };
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
