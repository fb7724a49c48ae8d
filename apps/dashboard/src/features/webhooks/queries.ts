import type { WebhookEndpoint, WebhookEventType } from '@formloom/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

export const DELIVERIES_PAGE_SIZE = 10;

/** Query keys of webhook endpoints and their deliveries (one factory per resource). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string, page: number) => [...webhookKeys.all, 'deliveries', id, page] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async () => (await client.webhooks.list()).webhooks,
  });
}

/** One page of an endpoint's deliveries, newest first; refreshed while any is still pending. */
export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    // The signal aborts a fetch still on its way when the endpoint is deleted (see useDeleteWebhook).
    queryFn: async ({ signal }) => {
      const result = await client.webhooks.listDeliveries(
        id,
        { page, limit: DELIVERIES_PAGE_SIZE },
        { signal },
      );
      return { items: result.items, total: result.total, hasMore: result.hasMore };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'pending') ? 2_000 : false,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventType[]; description?: string }) =>
      client.webhooks.create(body),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; isActive?: boolean; events?: WebhookEventType[] }) =>
      client.webhooks.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => client.webhooks.delete(endpoint.id),
    // A deliveries refresh in flight while the endpoint goes would come back 404: abort it first.
    onMutate: (endpoint) =>
      queryClient.cancelQueries({ queryKey: [...webhookKeys.all, 'deliveries', endpoint.id] }),
    onSuccess: (_answer, endpoint) => {
      // Its deliveries are gone with it: drop them rather than ask for them again (a 404).
      queryClient.removeQueries({ queryKey: [...webhookKeys.all, 'deliveries', endpoint.id] });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

export function useTestWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => client.webhooks.test(id), onSuccess: invalidate });
}

export function useRedeliver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      client.webhooks.redeliver(id, deliveryId),
    onSuccess: invalidate,
  });
}
