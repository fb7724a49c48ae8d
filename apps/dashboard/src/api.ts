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
