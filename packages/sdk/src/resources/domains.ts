import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.domains;
type R = Contract['domains'];

/**
 * The account's custom domains, for a client signed in as an owner or admin (`session: true`);
 * an API key is refused here (403). A verified domain serves each form with a `settings.slug` at
 * `https://<domain>/<slug>`.
 */
export class Domains extends APIResource {
  /** `{domains}`: the account's domains, oldest first. */
  list(options?: RequestOptions): APIPromise<ResultOf<R['listDomains']>> {
    return this._client._call(routes.listDomains, {}, options);
  }

  /**
   * Adds a domain, `pending`: create the TXT record its `verification` names, then `verify`.
   *
   * ```ts
   * const { verification } = await client.domains.add({ hostname: 'forms.example.com' });
   * ```
   */
  add(body: BodyOf<R['addDomain']>, options?: RequestOptions): APIPromise<ResultOf<R['addDomain']>> {
    return this._client._call(routes.addDomain, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<ResultOf<R['getDomain']>> {
    return this._client._call(routes.getDomain, { params: { id } }, options);
  }

  /** Looks the TXT record up now; the answer says `verified`, or what `lastCheck` found. */
  verify(id: string, options?: RequestOptions): APIPromise<ResultOf<R['verifyDomain']>> {
    return this._client._call(routes.verifyDomain, { params: { id } }, options);
  }

  /** `{rootFormId}`: the form served at `/` on the domain, or null. */
  update(
    id: string,
    body: BodyOf<R['updateDomain']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['updateDomain']>> {
    return this._client._call(routes.updateDomain, { params: { id }, body }, options);
  }

  /** Its forms are no longer served on it. */
  remove(id: string, options?: RequestOptions): APIPromise<ResultOf<R['removeDomain']>> {
    return this._client._call(routes.removeDomain, { params: { id } }, options);
  }
}
