/**
 * Types and URL building from the contract's route objects, so no path or type is written twice.
 * Types are read structurally from the zod schemas (`_input`, `_output`), which keeps `zod` and
 * `@ts-rest/core` out of the SDK's own imports: they reach users only through the contract.
 */

/** The parts of a ts-rest route the SDK reads. */
export interface RouteLike {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  responses: Record<number, unknown>;
  /** The request headers the route declares (a zod object), if any. */
  headers?: unknown;
}

/**
 * Does the server de-duplicate a retried call of this route by its `Idempotency-Key`? The
 * contract says so by declaring the header on the route (every create route, see `creates()`, and
 * the public submission).
 */
export function declaresIdempotencyKey(route: RouteLike, header: string): boolean {
  const shape = (route.headers as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && Object.hasOwn(shape, header);
}

type Input<S> = S extends { _input: infer I } ? I : undefined;
type Output<S> = S extends { _output: infer O } ? O : unknown;
type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** `{id: string}` from `/v1/forms/:id`, for routes without a `pathParams` schema. */
type PathParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The path parameters a route takes. */
export type ParamsOf<R extends RouteLike> = R extends { pathParams: infer P }
  ? Input<P>
  : PathParamsOf<R['path']>;
/** The query a route takes (input type: defaults may be left out). */
export type QueryOf<R extends RouteLike> = R extends { query: infer Q } ? Input<Q> : never;
/** The JSON body a route takes. */
export type BodyOf<R extends RouteLike> = R extends { body: infer B } ? Input<B> : never;
/** The `data` of a route's success envelope. */
export type ResultOf<R extends RouteLike> =
  Output<R['responses'][Extract<keyof R['responses'], SuccessStatus>]> extends { data: infer D } ? D : never;

/** The API version the base URL already ends with (`/v1`) is dropped from contract paths. */
const VERSION_PREFIX = /^\/v\d+(?=\/)/;

/**
 * `route.path` with its parameters filled in (URL-encoded), relative to the base URL:
 * `/v1/forms/:id/fields/:fieldId` -> `forms/3f.../fields/email`.
 */
export function buildPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path
    .replace(VERSION_PREFIX, '')
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
      const value = params[name];
      if (value === undefined || value === null || value === '') {
        throw new TypeError(`Missing path parameter "${name}" for ${path}`);
      }
      return encodeURIComponent(String(value));
    })
    .replace(/^\//, '');
}

/** Query values as URL parameters: undefined and null are left out, arrays repeat, dates are ISO. */
export function toSearchParams(query: object | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return params;
}
