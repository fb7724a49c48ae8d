import type { WebhookEventType } from '@formloom/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of chat connections (one factory per resource). */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
};

export function useConnections() {
  return useQuery({ queryKey: integrationKeys.list(), queryFn: () => client.integrations.list() });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.all });
}

export function useConnectDiscord() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[] }) =>
      client.integrations.connectDiscord(body),
    onSuccess: invalidate,
  });
}

/** Asks for Slack's install page and goes there; Slack brings the browser back to this page. */
export function useStartSlack() {
  return useMutation({
    mutationFn: () => client.integrations.startSlackInstall(),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}

export function useSetEvents() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, events }: { id: string; events: WebhookEventType[] }) =>
      client.integrations.setEvents(id, { events }),
    onSuccess: invalidate,
  });
}

export function useRemoveConnection() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => client.integrations.remove(id), onSuccess: invalidate });
}
