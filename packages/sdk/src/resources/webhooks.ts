import { type Contract, contract } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.webhooks;
type R = Contract['webhooks'];

/** Webhook endpoints. To check a delivery's signature, see `verifyWebhook`. */
export class Webhooks extends APIResource {
  /** `{webhooks}`: every endpoint of the account. */
  list(options?: RequestOptions): APIPromise<ResultOf<R['listWebhooks']>> {
    return this._client._call(routes.listWebhooks, {}, options);
  }

  /**
   * Creates an endpoint. The answer carries the signing `secret`, in full, this once: store it.
   *
   * ```ts
   * const { id, secret } = await client.webhooks.create({ url, events: ['FORM_RESPONSE_CREATED'] });
   * ```
   */
  create(
    body: BodyOf<R['createWebhook']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['createWebhook']>> {
    return this._client._call(routes.createWebhook, { body }, options);
  }

  /** Changes the URL, events or description; `{isActive: true}` re-enables a disabled endpoint. */
  update(
    id: string,
    body: BodyOf<R['updateWebhook']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['updateWebhook']>> {
    return this._client._call(routes.updateWebhook, { params: { id }, body }, options);
  }

  delete(id: string, options?: RequestOptions): APIPromise<ResultOf<R['deleteWebhook']>> {
    return this._client._call(routes.deleteWebhook, { params: { id } }, options);
  }

  /** The endpoint's deliveries, newest first, with their attempts. */
  listDeliveries(
    id: string,
    query: QueryOf<R['listWebhookDeliveries']> = {},
    options?: RequestOptions,
  ): ListPromise<R['listWebhookDeliveries'], 'deliveries'> {
    return this._client._list(routes.listWebhookDeliveries, { params: { id }, query }, 'deliveries', options);
  }

  /** Queues the delivery's event again, as a new delivery. */
  redeliver(
    id: string,
    deliveryId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['redeliverWebhookDelivery']>> {
    return this._client._call(routes.redeliverWebhookDelivery, { params: { id, deliveryId } }, options);
  }

  /** Sends a sample event (FORM_RESPONSE_CREATED unless `type` says otherwise). */
  test(
    id: string,
    body: BodyOf<R['testWebhook']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['testWebhook']>> {
    return this._client._call(routes.testWebhook, { params: { id }, body }, options);
  }

  /**
   * Subscribes a REST hook (as Zapier does when a Zap is turned on): an endpoint for one event,
   * and one form when `formId` is given, deleted when its URL answers 410 Gone.
   */
  subscribeHook(
    body: BodyOf<R['subscribeHook']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['subscribeHook']>> {
    return this._client._call(routes.subscribeHook, { body }, options);
  }

  unsubscribeHook(id: string, options?: RequestOptions): APIPromise<ResultOf<R['unsubscribeHook']>> {
    return this._client._call(routes.unsubscribeHook, { params: { id } }, options);
  }
}
