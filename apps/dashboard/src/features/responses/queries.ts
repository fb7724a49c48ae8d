import type { ExportedFile } from '@formloom/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';
import { saveBlob } from '../../components/save-blob.js';
import type { ChatEvent } from './analytics-chat.js';

export const RESPONSES_PAGE_SIZE = 20;
export const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The list's filters: inclusive dates (`YYYY-MM-DD`), empty for none. */
export interface ResponsesQuery {
  page: number;
  startDate: string;
  endDate: string;
  /** Text some answer contains (ignoring case), empty for none. */
  search: string;
}

const dates = (query: { startDate: string; endDate: string }) => ({
  ...(query.startDate === '' ? {} : { startDate: query.startDate }),
  ...(query.endDate === '' ? {} : { endDate: query.endDate }),
});

/** Query keys of responses (one factory per resource). */
export const responseKeys = {
  all: ['responses'] as const,
  lists: (formId: string) => [...responseKeys.all, formId, 'list'] as const,
  list: (formId: string, query: ResponsesQuery) => [...responseKeys.lists(formId), query] as const,
  detail: (formId: string, responseId: string) =>
    [...responseKeys.all, formId, 'detail', responseId] as const,
  history: (formId: string, responseId: string) =>
    [...responseKeys.all, formId, 'history', responseId] as const,
  figures: (formId: string, range: { startDate: string; endDate: string }) =>
    [...responseKeys.all, formId, 'figures', range] as const,
};

/** A page of a form's responses, newest first. */
export function useResponsesPage(formId: string, query: ResponsesQuery) {
  return useQuery({
    queryKey: responseKeys.list(formId, query),
    queryFn: async () => {
      const page = await client.responses.list(formId, {
        page: query.page,
        limit: RESPONSES_PAGE_SIZE,
        ...dates(query),
        ...(query.search === '' ? {} : { search: query.search }),
      });
      return { items: page.items, total: page.total, hasMore: page.hasMore };
    },
    placeholderData: keepPreviousData,
  });
}

export function useResponse(formId: string, responseId: string) {
  return useQuery({
    queryKey: responseKeys.detail(formId, responseId),
    queryFn: () => client.responses.retrieve(formId, responseId),
  });
}

/** The answers a respondent's edits replaced (newest first); asked only of an edited response. */
export function useResponseHistory(formId: string, responseId: string, edited: boolean) {
  return useQuery({
    queryKey: responseKeys.history(formId, responseId),
    queryFn: () => client.responses.history(formId, responseId),
    enabled: edited,
  });
}

/** The form's figures (counted by the server), with the drop-off funnel. */
export function useFigures(formId: string, range: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: responseKeys.figures(formId, range),
    queryFn: () => client.forms.figures(formId, dates(range)),
    placeholderData: keepPreviousData,
  });
}

/** Deletes a response; the lists and figures of its form are read again. */
export function useDeleteResponse(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (responseId: string) => client.responses.delete(formId, responseId),
    onSuccess: (_result, responseId) => {
      // Its detail is gone for good: dropped, not read again (that would be a 404).
      queryClient.removeQueries({ queryKey: responseKeys.detail(formId, responseId) });
      void queryClient.invalidateQueries({ queryKey: responseKeys.lists(formId) });
      void queryClient.invalidateQueries({ queryKey: [...responseKeys.all, formId, 'figures'] });
    },
  });
}

/**
 * Refunds a response's payment through Stripe, all that is left or `amount` (minor units); the
 * response, its form's list and figures (the revenue) are read again.
 */
export function useRefundPayment(formId: string, responseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number | undefined) =>
      client.responses.refund(formId, responseId, amount === undefined ? {} : { amount }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: responseKeys.detail(formId, responseId) });
      void queryClient.invalidateQueries({ queryKey: responseKeys.lists(formId) });
      void queryClient.invalidateQueries({ queryKey: [...responseKeys.all, formId, 'figures'] });
    },
  });
}

/** Downloads a file answer of a response through the SDK, under its exact name. */
export async function downloadFile(
  formId: string,
  responseId: string,
  file: { uploadId: string; name: string },
) {
  const got = await client.responses.downloadFile(formId, responseId, file.uploadId);
  saveBlob(await new Response(got.body).blob(), file.name);
}

/** Saves a response's PDF under the name the server gives it. */
export async function downloadResponsePdf(formId: string, responseId: string) {
  const got = await client.responses.pdf(formId, responseId);
  saveBlob(await new Response(got.body).blob(), got.fileName ?? 'response.pdf');
}

/**
 * An export's format as the dashboard asks for it: a csv starts with a UTF-8 byte order mark,
 * because the person downloading it most likely opens it in Excel, which without one reads
 * "jörg" as "jÃ¶rg". The API keeps its default (no mark) for programs that read the file.
 */
export function exportQuery<F extends ExportFormat>(format: F): { format: F; bom?: 'true' } {
  return format === 'csv' ? { format, bom: 'true' } : { format };
}

/**
 * Saves an export the SDK streamed: the body becomes a Blob the browser saves under the name the
 * server gives it (the browser holds the file, as any download does).
 */
export async function saveExport(file: ExportedFile, fallbackName: string): Promise<void> {
  saveBlob(await new Response(file.body).blob(), file.fileName ?? fallbackName);
}

/** Downloads the form's responses (in the list's dates) through the SDK. */
export async function downloadExport(
  formId: string,
  format: ExportFormat,
  query: { startDate: string; endDate: string },
): Promise<void> {
  const file = await client.responses.export(formId, { ...exportQuery(format), ...dates(query) });
  await saveExport(file, `responses.${format}`);
}

/**
 * The analytics chat's answer as the chat component shows it; `session` keeps the chat session
 * the server opened, so a follow-up question continues it.
 */
export async function* streamResponsesChat(
  formId: string,
  message: string,
  session: { current: string | undefined },
): AsyncGenerator<ChatEvent> {
  const body = { message, ...(session.current ? { sessionId: session.current } : {}) };
  for await (const { event, data } of client.analytics.chatStream(formId, body)) {
    if (event === 'session') session.current = data.sessionId;
    else if (event === 'chunk') yield { event, text: data.text };
    else if (event === 'done') yield { event, text: data.message };
    else if (event === 'error') yield { event, message: data.message };
  }
}
