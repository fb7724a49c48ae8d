import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.account;

/** The account the API key belongs to. */
export class Me extends APIResource {
  /** Plan, credits, limits and the key's scopes. */
  retrieve(options?: RequestOptions): APIPromise<ResultOf<Contract['account']['getAccount']>> {
    return this._client._call(routes.getAccount, {}, options);
  }
}
