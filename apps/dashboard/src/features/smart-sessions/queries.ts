import { CONVERSATION_LIMITS, type ConversationHistoryEntry } from '@formloom/contract';
import type { SmartFormSession } from '@formloom/sdk';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { client } from '../../api.js';
import type { ChatEvent } from '../responses/analytics-chat.js';
import { type ExportFormat, exportQuery, saveExport } from '../responses/queries.js';

export const SESSIONS_PAGE_SIZE = 20;
export const SESSION_FILTERS = ['all', 'completed', 'active', 'abandoned'] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];
export type SessionStatus = SmartFormSession['status'];

/** Query keys of a smart form's sessions (the smart form itself: `useSmartForm` of smart-forms/queries). */
export const smartSessionKeys = {
  all: (id: string) => ['smart-form-sessions', id] as const,
  list: (id: string, query: { status: SessionFilter; page: number }) =>
    [...smartSessionKeys.all(id), 'list', query] as const,
  detail: (id: string, sessionId: string) => [...smartSessionKeys.all(id), 'detail', sessionId] as const,
};

/** A page of the smart form's sessions, newest first; the previous page stays shown while the next loads. */
export function useSessionsPage(id: string, query: { status: SessionFilter; page: number }) {
  return useQuery({
    queryKey: smartSessionKeys.list(id, query),
    queryFn: async () => {
      const page = await client.smartForms.sessions.list(id, {
        page: query.page,
        limit: SESSIONS_PAGE_SIZE,
        status: query.status,
      });
      return { items: page.items, total: page.total, hasMore: page.hasMore };
    },
    placeholderData: keepPreviousData,
  });
}

/** One session with its transcript and analysis. */
export function useSession(id: string, sessionId: string) {
  return useQuery({
    queryKey: smartSessionKeys.detail(id, sessionId),
    queryFn: () => client.smartForms.sessions.retrieve(id, sessionId),
  });
}

/** Aggregate analytics: a POST that costs credits, so it runs when asked, not on every visit. */
export function useAnalyse(id: string) {
  return useMutation({ mutationFn: () => client.smartForms.analytics(id) });
}

/** Downloads every session of the smart form through the SDK. */
export async function downloadSessions(id: string, format: ExportFormat): Promise<void> {
  await saveExport(await client.smartForms.export(id, exportQuery(format)), `sessions.${format}`);
}

/**
 * The insights chat's answer as the chat component shows it. The server keeps no conversation:
 * `history` holds the earlier turns, sent with each question and grown by each complete answer.
 */
export async function* streamInsightsChat(
  id: string,
  message: string,
  history: { current: ConversationHistoryEntry[] },
): AsyncGenerator<ChatEvent> {
  const body = { message, ...(history.current.length > 0 ? { conversationHistory: history.current } : {}) };
  for await (const { event, data } of client.smartForms.chatStream(id, body)) {
    if (event === 'chunk') yield { event, text: data.text };
    else if (event === 'done') {
      // The newest turns, as many as the API takes.
      history.current = [
        ...history.current,
        { role: 'user' as const, content: message },
        { role: 'assistant' as const, content: data.answer },
      ].slice(-CONVERSATION_LIMITS.maxEntries);
      yield { event, text: data.answer };
    } else if (event === 'error') yield { event, message: data.message };
  }
}
