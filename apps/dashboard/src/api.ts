import { Formloom } from '@formloom/sdk';

/**
 * The dashboard's only way to the server: the SDK with the session cookie (HttpOnly, so no token
 * is ever readable here), on the origin that served the page.
 */
export const client = new Formloom({
  session: true,
  baseUrl: new URL('/v1', window.location.origin).href,
  maxRetries: 1,
});

/**
 * A GET of an API route the SDK has no method for yet (`path` as the contract writes it, e.g.
 * `/v1/forms/:id/...`, its `:name` parts from `params`): sent by the SDK's transport, so it carries
 * the session, and a refusal is the SDK's APIError, as for every other call. Resolves with the
 * answer's `data`.
 */
export async function getData<T>(path: string, params: Record<string, string>): Promise<T> {
  const route = { method: 'GET', path, responses: {} } as const;
  return (await client._call(route, { params } as never)) as T;
}
