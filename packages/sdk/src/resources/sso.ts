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
 * from `signInUrl` (docs/self-hosting.md "Single sign-on"). With `enforce` on, an owner's way
 * back in is a one-time code by e-mail: `requestRecovery`, then `confirmRecovery`.
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

  /**
   * E-mails a one-time sign-in code when `email` is an owner of an account whose single sign-on
   * is enforced (the same answer for any other address).
   */
  requestRecovery(
    body: BodyOf<R['requestSsoRecovery']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['requestSsoRecovery']>> {
    return this._client._call(routes.requestSsoRecovery, { body }, { idempotencyKey: null, ...options });
  }

  /** Signs the owner in with the e-mailed code (and `twoFactorCode` when two-factor is on). */
  confirmRecovery(
    body: BodyOf<R['confirmSsoRecovery']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['confirmSsoRecovery']>> {
    return this._client._call(routes.confirmSsoRecovery, { body }, { idempotencyKey: null, ...options });
  }
}
