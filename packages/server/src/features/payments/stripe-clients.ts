import type Stripe from 'stripe';

/**
 * The official `stripe` client, made per account (each account pays into its own Stripe account
 * with its own keys) and loaded on first use: most servers take no payment. `apiBase`
 * (FORMLOOM_STRIPE_API_BASE) points every client at another host, port and protocol: a local
 * stand-in in tests, a proxy in production.
 */
export interface StripeClients {
  /** A client for this secret key. */
  client(secretKey: string): Promise<Stripe>;
  /**
   * The event of a webhook body, verified against its `Stripe-Signature` header with the
   * endpoint's secret (a five-minute tolerance); throws when the signature does not match.
   */
  event(body: Buffer, signature: string, webhookSecret: string): Promise<Stripe.Event>;
}

export function createStripeClients(apiBase?: string): StripeClients {
  let loaded: Promise<typeof Stripe> | undefined;
  const load = () => {
    loaded ??= import('stripe').then((m) => m.default);
    return loaded;
  };
  const base = apiBase === undefined || apiBase === '' ? undefined : new URL(apiBase);
  const protocol: 'http' | 'https' = base?.protocol === 'http:' ? 'http' : 'https';
  const where =
    base === undefined
      ? {}
      : {
          host: base.hostname,
          port: base.port === '' ? (protocol === 'http' ? 80 : 443) : base.port,
          protocol,
        };
  return {
    async client(secretKey) {
      const StripeClient = await load();
      // Two retries of a failed connection or a 5xx, with Stripe's idempotency keys on each POST.
      return new StripeClient(secretKey, {
        ...where,
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
      });
    },
    async event(body, signature, webhookSecret) {
      const StripeClient = await load();
      return StripeClient.webhooks.constructEvent(body, signature, webhookSecret);
    },
  };
}
