import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.sso;
type R = Contract['sso'];

/**
 * The account's OpenID Connect single sign-on, for a client signed in as an owner
 * (`session: true`); an API key is refused (403). The sign-in itself is a browser's round trip
 * from `signInUrl` (docs/self-hosting.md "Single sign-on").
 *
 * ```ts
 * const { redirectUri, signInUrl } = await client.sso.update({
 *   issuer: 'https://login.example.com/realms/acme',
 *   clientId: 'formloom',
 *   clientSecret: '…',
 *   allowedDomains: ['acme.com'],
 *   defaultRole: 'editor',
 *   enforce: false,
 * });
 * ```
 */
export class SingleSignOn extends APIResource {
  /** The settings, with the redirect URI to register and the sign-in link; 404 when not set up. */
  retrieve(options?: RequestOptions): APIPromise<ResultOf<R['getSso']>> {
    return this._client._call(routes.getSso, {}, options);
  }

  /** Sets it up or changes it; leave `clientSecret` out to keep the stored one. */
  update(body: BodyOf<R['putSso']>, options?: RequestOptions): APIPromise<ResultOf<R['putSso']>> {
    return this._client._call(routes.putSso, { body }, options);
  }

  /** Turns it off: its members sign in again only after a password reset. */
  disable(options?: RequestOptions): APIPromise<ResultOf<R['deleteSso']>> {
    return this._client._call(routes.deleteSso, {}, options);
  }
}
