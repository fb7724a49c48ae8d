import { type Contract, contract } from '@formloom/contract';
import type { ListPromise } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.responses;
type R = Contract['responses'];

/** Submitted responses of a form: `{id, formId, answers, submittedAt}`, answers keyed by field id. */
export class Responses extends APIResource {
  /**
   * A page of a form's responses; filter with `since` (strictly after) or `startDate` / `endDate`
   * (inclusive).
   *
   * ```ts
   * for await (const response of client.responses.list(formId, { since })) save(response);
   * ```
   */
  list(
    formId: string,
    query: QueryOf<R['listResponses']> = {},
    options?: RequestOptions,
  ): ListPromise<R['listResponses'], 'responses'> {
    return this._client._list(routes.listResponses, { params: { id: formId }, query }, 'responses', options);
  }

  retrieve(
    formId: string,
    responseId: string,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['getResponse']>> {
    return this._client._call(routes.getResponse, { params: { id: formId, responseId } }, options);
  }

  /** `{count}`: responses stored for the form. */
  count(formId: string, options?: RequestOptions): APIPromise<ResultOf<R['countResponses']>> {
    return this._client._call(routes.countResponses, { params: { id: formId } }, options);
  }
}
