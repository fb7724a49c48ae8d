import { useQuery } from '@tanstack/react-query';
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
