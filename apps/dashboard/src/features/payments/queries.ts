import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../api.js';

/** Query keys of the account's payments set-up (one factory per resource). */
export const paymentKeys = {
  all: ['payments'] as const,
  stripe: () => [...paymentKeys.all, 'stripe'] as const,
};

/** The account's Stripe connection: connected or not, the mode, the webhook address. Never a secret. */
export function useStripeConnection() {
  return useQuery({ queryKey: paymentKeys.stripe(), queryFn: () => client.payments.stripe() });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
}

export function useConnectStripe() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { secretKey: string; publishableKey: string; webhookSecret: string }) =>
      client.payments.connectStripe(body),
    onSuccess: invalidate,
  });
}

export function useDisconnectStripe() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => client.payments.disconnectStripe(), onSuccess: invalidate });
}
