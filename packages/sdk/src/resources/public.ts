import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.public;
type R = Contract['public'];

/**
 * The public form routes a respondent's browser calls (they need no API key), for servers that
 * submit on a respondent's behalf, imports and tests.
 */
export class Public extends APIResource {
  /** The published form under a share code, as a renderer needs it. */
  retrieveForm(code: string, options?: RequestOptions): APIPromise<ResultOf<R['getPublicForm']>> {
    return this._client._call(routes.getPublicForm, { params: { code } }, options);
  }

  /**
   * Submits a response. The SDK's Idempotency-Key makes a retried submission count once; pass
   * your own `idempotencyKey` to de-duplicate across processes.
   *
   * ```ts
   * await client.public.submitResponse(form.shareUrl!, { answers: { email: 'ada@example.com' } });
   * ```
   */
  submitResponse(
    code: string,
    body: BodyOf<R['submitPublicResponse']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['submitPublicResponse']>> {
    return this._client._call(routes.submitPublicResponse, { params: { code }, body }, options);
  }
}
