import { type Contract, contract } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.account;

/** The account the API key belongs to. */
export class Me extends APIResource {
  /** Plan, credits, limits and the key's scopes. */
  retrieve(options?: RequestOptions): APIPromise<ResultOf<Contract['account']['getAccount']>> {
    return this._client._call(routes.getAccount, {}, options);
  }

  /**
   * The credit ledger, newest first: grants, what AI features reserved, and their refunds.
   *
   * ```ts
   * for await (const entry of client.me.credits()) console.log(entry.delta, entry.reason);
   * ```
   */
  credits(
    query: QueryOf<Contract['account']['listCreditLedger']> = {},
    options?: RequestOptions,
  ): ListPromise<Contract['account']['listCreditLedger'], 'entries'> {
    return this._client._list(routes.listCreditLedger, { query }, 'entries', options);
  }
}
