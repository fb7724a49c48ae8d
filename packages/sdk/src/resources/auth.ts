import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.auth;
type Routes = Contract['auth'];

/**
 * The dashboard's sign-in: the server keeps the session in an HttpOnly cookie, so a client made
 * with `session: true` is signed in after `signIn` or `setup` without ever holding a token.
 */
export class Auth extends APIResource {
  /** Signs in with an email and a password; sets the session cookie. */
  signIn(body: BodyOf<Routes['signIn']>, options?: RequestOptions): APIPromise<ResultOf<Routes['signIn']>> {
    return this._client._call(routes.signIn, { body }, { idempotencyKey: null, ...options });
  }

  /** Ends the session on the server and clears the cookie. */
  signOut(options?: RequestOptions): APIPromise<ResultOf<Routes['signOut']>> {
    return this._client._call(routes.signOut, {}, { idempotencyKey: null, ...options });
  }

  /** Who is signed in (401 when nobody is). */
  me(options?: RequestOptions): APIPromise<ResultOf<Routes['signedIn']>> {
    return this._client._call(routes.signedIn, {}, options);
  }

  /** Redeems an invitation link's token with a new password: creates the member and signs in. */
  acceptInvitation(
    body: BodyOf<Routes['acceptInvitation']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<Routes['acceptInvitation']>> {
    return this._client._call(routes.acceptInvitation, { body }, { idempotencyKey: null, ...options });
  }

  /** First run: redeems the one-time setup link's token, creates the owner and signs in. */
  setup(body: BodyOf<Routes['setup']>, options?: RequestOptions): APIPromise<ResultOf<Routes['setup']>> {
    return this._client._call(routes.setup, { body }, { idempotencyKey: null, ...options });
  }
}
