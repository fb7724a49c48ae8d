import type { Destination } from '@formloom/sdk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, getData } from '../../api.js';

export const DELIVERIES_PAGE_SIZE = 10;

/** Query keys of a form's destinations and their deliveries (one factory per resource). */
export const destinationKeys = {
  all: (formId: string) => ['destinations', formId] as const,
  list: (formId: string) => [...destinationKeys.all(formId), 'list'] as const,
  deliveries: (formId: string, id: string, page?: number) =>
    page === undefined
      ? ([...destinationKeys.all(formId), 'deliveries', id] as const)
      : ([...destinationKeys.all(formId), 'deliveries', id, page] as const),
};

/** The form's destinations; refreshed now and then, so a destination turned off by failures shows so. */
export function useDestinations(formId: string) {
  return useQuery({
    queryKey: destinationKeys.list(formId),
    queryFn: async () => (await client.forms.destinations.list(formId)).destinations,
    refetchInterval: 15_000,
  });
}

/** One page of a destination's deliveries, newest first; refreshed while any is still pending. */
export function useDestinationDeliveries(formId: string, id: string, page: number) {
  return useQuery({
    queryKey: destinationKeys.deliveries(formId, id, page),
    // The signal aborts a fetch still on its way when the destination is disconnected.
    queryFn: async ({ signal }) => {
      const result = await client.forms.destinations.listDeliveries(
        formId,
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

function useInvalidate(formId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: destinationKeys.all(formId) });
}

export type NewDestination =
  | { kind: 'airtable'; target: { baseId: string; table: string }; credentials: { token: string } }
  | { kind: 'notion'; target: { dataSourceId: string }; credentials: { token: string } };

export function useCreateDestination(formId: string) {
  const invalidate = useInvalidate(formId);
  return useMutation({
    mutationFn: (body: NewDestination) => client.forms.destinations.create(formId, body),
    onSuccess: invalidate,
  });
}

export function useUpdateDestination(formId: string) {
  const invalidate = useInvalidate(formId);
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; enabled?: boolean; credentials?: { token: string } }) =>
      client.forms.destinations.update(formId, id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteDestination(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (destination: Destination) => client.forms.destinations.delete(formId, destination.id),
    // A deliveries refresh in flight while the destination goes would come back 404: abort it first.
    onMutate: (destination) =>
      queryClient.cancelQueries({ queryKey: destinationKeys.deliveries(formId, destination.id) }),
    onSuccess: (_answer, destination) => {
      queryClient.removeQueries({ queryKey: destinationKeys.deliveries(formId, destination.id) });
      return queryClient.invalidateQueries({ queryKey: destinationKeys.list(formId) });
    },
  });
}

export function useRedeliverToDestination(formId: string, id: string) {
  const invalidate = useInvalidate(formId);
  return useMutation({
    mutationFn: (deliveryId: string) => client.forms.destinations.redeliver(formId, id, deliveryId),
    onSuccess: invalidate,
  });
}

/**
 * Starts Google's consent for a spreadsheet destination: the server answers the address of
 * Google's page, where the browser goes (and comes back to this page with `?google=`).
 */
export function useStartGoogle(formId: string) {
  return useMutation({
    mutationFn: async () => {
      const { url } = await getData<{ url: string }>('/v1/forms/:id/destinations/google/start', {
        id: formId,
      });
      window.location.assign(url);
    },
  });
}
