import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { QueryOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.templates;
type T = Contract['templates'];

/** The library of form templates: ready forms in six languages to start from. */
export class Templates extends APIResource {
  /**
   * `{templates}`: each with its id, category, name and description (in `language`, default
   * English) and its schema with every language. Create a form from one with `forms.create`.
   *
   * ```ts
   * const { templates } = await client.templates.list({ language: 'de' });
   * const form = await client.forms.create({ templateId: templates[0]!.id, title: 'Our NPS' });
   * ```
   */
  list(
    query: QueryOf<T['listTemplates']> = {},
    options?: RequestOptions,
  ): APIPromise<ResultOf<T['listTemplates']>> {
    return this._client._call(routes.listTemplates, { query }, options);
  }
}
