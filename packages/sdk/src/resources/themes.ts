import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.themes;
type T = Contract['themes'];

/** The account's themes; a form applies one with `settings.themeId`. */
export class Themes extends APIResource {
  /** `{presets}`: ready themes; create one to get an editable copy. */
  presets(options?: RequestOptions): APIPromise<ResultOf<T['listThemePresets']>> {
    return this._client._call(routes.listThemePresets, {}, options);
  }

  /** `{themes}`: every theme of the account, each with its contrast `warnings`. */
  list(options?: RequestOptions): APIPromise<ResultOf<T['listThemes']>> {
    return this._client._call(routes.listThemes, {}, options);
  }

  get(id: string, options?: RequestOptions): APIPromise<ResultOf<T['getTheme']>> {
    return this._client._call(routes.getTheme, { params: { id } }, options);
  }

  /**
   * Creates a theme; custom `css` is checked and scoped to the form (a 400 says what was refused).
   *
   * ```ts
   * const { presets } = await client.themes.presets();
   * const { id: _, ...ocean } = presets.find((p) => p.id === 'ocean')!;
   * const theme = await client.themes.create({ ...ocean, name: 'Our brand' });
   * ```
   */
  create(body: BodyOf<T['createTheme']>, options?: RequestOptions): APIPromise<ResultOf<T['createTheme']>> {
    return this._client._call(routes.createTheme, { body }, options);
  }

  /** Changes only what the body names; `null` removes the logo, background or css. */
  update(
    id: string,
    body: BodyOf<T['updateTheme']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<T['updateTheme']>> {
    return this._client._call(routes.updateTheme, { params: { id }, body }, options);
  }

  delete(id: string, options?: RequestOptions): APIPromise<ResultOf<T['deleteTheme']>> {
    return this._client._call(routes.deleteTheme, { params: { id } }, options);
  }
}
