import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.apiKeys;
type R = Contract['apiKeys'];

/**
 * The account's API keys, for a client signed in as an owner or admin (`session: true`); an API
 * key is refused here (403): a key never manages keys.
 */
export class ApiKeys extends APIResource {
  /** `{keys}`: every key of the account, never a secret. */
  list(options?: RequestOptions): APIPromise<ResultOf<R['listApiKeys']>> {
    return this._client._call(routes.listApiKeys, {}, options);
  }

  /**
   * Creates a key; the answer's `key` is the full key, this once: store it.
   *
   * ```ts
   * const { key } = await client.apiKeys.create({ name: 'CI', scopes: ['FORMS_READ'] });
   * ```
   */
  create(body: BodyOf<R['createApiKey']>, options?: RequestOptions): APIPromise<ResultOf<R['createApiKey']>> {
    return this._client._call(routes.createApiKey, { body }, { idempotencyKey: null, ...options });
  }

  /** A new key replaces `id`; the old one works for `graceHours` (default 24) more. */
  rotate(
    id: string,
    body: BodyOf<R['rotateApiKey']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['rotateApiKey']>> {
    return this._client._call(
      routes.rotateApiKey,
      { params: { id }, body },
      { idempotencyKey: null, ...options },
    );
  }

  /** The key is refused from now on. */
  revoke(id: string, options?: RequestOptions): APIPromise<ResultOf<R['revokeApiKey']>> {
    return this._client._call(routes.revokeApiKey, { params: { id } }, options);
  }
}
