import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.payments;
type R = Contract['payments'];

/**
 * The account's Stripe keys, for a client signed in as an owner or admin (`session: true`); an API
 * key is refused here (403). Payments through Stripe Checkout: docs/payments.md. A response's
 * refund is `client.responses.refund`.
 */
export class Payments extends APIResource {
  /** `{connected, mode, publishableKey, webhookUrl}`: never a secret. */
  stripe(options?: RequestOptions): APIPromise<ResultOf<R['getStripeConnection']>> {
    return this._client._call(routes.getStripeConnection, {}, options);
  }

  /**
   * Sets the keys (sealed at rest, never read back).
   *
   * ```ts
   * await client.payments.connectStripe({ secretKey, publishableKey, webhookSecret });
   * ```
   */
  connectStripe(
    body: BodyOf<R['connectStripe']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['connectStripe']>> {
    return this._client._call(routes.connectStripe, { body }, options);
  }

  /** Removes the keys: forms with a payment field take no payment until they are set again. */
  disconnectStripe(options?: RequestOptions): APIPromise<ResultOf<R['disconnectStripe']>> {
    return this._client._call(routes.disconnectStripe, {}, options);
  }
}
