import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';
import { saveBlob } from '../../components/save-blob.js';

export const FORMS_PAGE_SIZE = 20;
/** The contract's limit on a form's title (TEXT_LIMITS.formTitle). */
const TITLE_LIMIT = 200;

/** Query keys of forms (one factory per resource, so every invalidation names the same keys). */
export const formKeys = {
  all: ['forms'] as const,
  lists: () => [...formKeys.all, 'list'] as const,
  list: (query: { search: string; page: number }) => [...formKeys.lists(), query] as const,
  detail: (id: string) => [...formKeys.all, 'detail', id] as const,
  /** The builder's copy: the form with its ETag, a different shape from `detail`'s bare form. */
  editing: (id: string) => [...formKeys.all, 'editing', id] as const,
  /** The form's access rules (password, opening time, one response per, edits). */
  access: (id: string) => [...formKeys.all, 'access', id] as const,
};

/** Query keys of AI jobs. */
export const aiJobKeys = {
  job: (jobId: string) => ['ai-jobs', jobId] as const,
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

/** One form with its schema. */
export function useForm(id: string) {
  return useQuery({ queryKey: formKeys.detail(id), queryFn: () => client.forms.retrieve(id) });
}

/** A mutation on forms that refreshes every list and form it may have changed. */
function useFormsMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

/** A blank form (the builder that shapes it is a later page). */
export function useCreateBlankForm() {
  return useFormsMutation((title: string) => client.forms.create({ title }));
}

/** A copy of a form: its whole schema under a new title, as a draft. */
export function useDuplicateForm() {
  return useFormsMutation(async ({ id, title }: { id: string; title: string }) => {
    const form = await client.forms.retrieve(id);
    const copyTitle = title.slice(0, TITLE_LIMIT);
    const schema = { ...form.schema, meta: { ...form.schema.meta, title: copyTitle } };
    // A slug names one form of the account (its address on the custom domains): the copy has none.
    if (schema.settings?.slug !== undefined) {
      const { slug: _taken, ...settings } = schema.settings;
      schema.settings = settings;
    }
    return client.forms.create({ title: copyTitle, schema });
  });
}

/**
 * Archiving is what the API already does when a published form's expiry passes: the expiry is set
 * to now, and the form stops taking responses (ARCHIVED) but stays readable.
 */
export function useArchiveForm() {
  return useFormsMutation((id: string) => client.forms.update(id, { expiresAt: new Date().toISOString() }));
}

/** The expiry is removed and the form published again (its link is the same one). */
export function useUnarchiveForm() {
  return useFormsMutation(async (id: string) => {
    await client.forms.update(id, { expiresAt: null });
    return client.forms.publish(id);
  });
}

export function useDeleteForm() {
  return useFormsMutation((id: string) => client.forms.delete(id));
}

export function usePublishForm() {
  return useFormsMutation((id: string) => client.forms.publish(id));
}

export function useUnpublishForm() {
  return useFormsMutation((id: string) => client.forms.unpublish(id));
}

/**
 * Queues the AI job that generates a form from a prompt. No language is sent: the server writes
 * the form in the prompt's own language (its one detection, `detectLanguage`), not the
 * interface's; a German prompt in the English dashboard makes a German form.
 */
export function useGenerateForm() {
  return useMutation({
    mutationFn: (body: { prompt: string }) => client.ai.generateForm(body),
  });
}

/** The job, polled every second until it is DONE or FAILED; the forms refresh once it is done. */
export function useAiJob(jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: aiJobKeys.job(jobId ?? ''),
    enabled: jobId !== undefined,
    queryFn: async () => {
      const job = await client.ai.retrieveJob(jobId!);
      if (job.status === 'DONE') await queryClient.invalidateQueries({ queryKey: formKeys.lists() });
      return job;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : 1_000;
    },
  });
}

/** The form's look: its theme (null for the default look) and whether "Made with Formloom" shows. */
export function useSetFormLook() {
  return useFormsMutation(
    ({ id, themeId, branding }: { id: string; themeId: string | null; branding: boolean }) =>
      client.forms.update(id, { settings: { themeId, branding: branding ? null : false } }),
  );
}

/**
 * The origins whose pages may embed the form (`settings.allowedOrigins`, a settings PATCH); none
 * lets any origin embed it again.
 */
/** The form's slug, its address on the account's custom domains; null removes it. */
export function useSetSlug() {
  return useFormsMutation(({ id, slug }: { id: string; slug: string | null }) =>
    client.forms.update(id, { settings: { slug } }),
  );
}

export function useSetAllowedOrigins() {
  return useFormsMutation(({ id, origins }: { id: string; origins: string[] }) =>
    client.forms.update(id, { settings: { allowedOrigins: origins.length === 0 ? null : origins } }),
  );
}

/** A form's access rules (`hasPassword`: the password itself is never read back). */
export function useFormAccess(id: string) {
  return useQuery({ queryKey: formKeys.access(id), queryFn: () => client.forms.access.get(id) });
}

/** Changes the access rules sent (`password: null` removes the password); the others stay. */
export function useSetFormAccess() {
  return useFormsMutation(({ id, ...body }: { id: string } & Parameters<typeof client.forms.access.put>[1]) =>
    client.forms.access.put(id, body),
  );
}

/**
 * Saves a form's portable document (`GET /v1/forms/:id/definition`) as `<title>.formloom.json`,
 * which "Import a form" on any Formloom server reads.
 */
export async function downloadDefinition(formId: string, title: string): Promise<void> {
  const definition = await client.forms.definition(formId);
  const blob = new Blob([JSON.stringify(definition, null, 2)], { type: 'application/json' });
  const base =
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'form';
  saveBlob(blob, `${base}.formloom.json`);
}
