import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.security;
type R = Contract['security'];

/**
 * The signed-in member's own sign-in security (`session: true`): two-factor, passkeys, sessions
 * and password; password reset by e-mail for anyone; the account's `require2fa` for an owner.
 *
 * ```ts
 * const { otpauthUri, secret } = await client.security.twoFactor.setup();
 * const { recoveryCodes } = await client.security.twoFactor.confirm({ code: '123456' });
 * ```
 */
export class Security extends APIResource {
  readonly twoFactor = {
    /** `{enabled, recoveryCodesLeft, required}`. */
    status: (options?: RequestOptions): APIPromise<ResultOf<R['getTwoFactor']>> =>
      this._client._call(routes.getTwoFactor, {}, options),
    /** A new secret for an authenticator app (its URI, QR code as SVG, and base32 text). */
    setup: (options?: RequestOptions): APIPromise<ResultOf<R['setupTwoFactor']>> =>
      this._client._call(routes.setupTwoFactor, {}, { idempotencyKey: null, ...options }),
    /** Turns two-factor on with a first code; answers ten recovery codes, shown this once. */
    confirm: (
      body: BodyOf<R['confirmTwoFactor']>,
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['confirmTwoFactor']>> =>
      this._client._call(routes.confirmTwoFactor, { body }, { idempotencyKey: null, ...options }),
    /** Turns two-factor off with a current code (or a recovery code). */
    disable: (
      body: BodyOf<R['disableTwoFactor']>,
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['disableTwoFactor']>> =>
      this._client._call(routes.disableTwoFactor, { body }, options),
    /** Ten new recovery codes in place of the old ones, with a current code. */
    renewRecoveryCodes: (
      body: BodyOf<R['renewRecoveryCodes']>,
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['renewRecoveryCodes']>> =>
      this._client._call(routes.renewRecoveryCodes, { body }, { idempotencyKey: null, ...options }),
  };

  /**
   * Passkeys (WebAuthn). The options go to the browser's `navigator.credentials` (as JSON, for
   * example through `@simplewebauthn/browser`), and its answer comes back with the `challengeId`.
   * A passkey sign-in starts the dashboard's cookie session; the integrations login stays
   * password (and code) only.
   */
  readonly passkeys = {
    /** The member's passkeys: name, added, last used. */
    list: (options?: RequestOptions): APIPromise<ResultOf<R['listPasskeys']>> =>
      this._client._call(routes.listPasskeys, {}, options),
    /** Options for `navigator.credentials.create()`, and the challenge's id. */
    registrationOptions: (options?: RequestOptions): APIPromise<ResultOf<R['passkeyRegistrationOptions']>> =>
      this._client._call(routes.passkeyRegistrationOptions, {}, { idempotencyKey: null, ...options }),
    /** Adds the passkey the browser made, under a name. */
    register: (
      body: BodyOf<R['registerPasskey']>,
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['registerPasskey']>> =>
      this._client._call(routes.registerPasskey, { body }, { idempotencyKey: null, ...options }),
    /** Options for `navigator.credentials.get()`; `email` when the passkey must be that member's. */
    signInOptions: (
      body: BodyOf<R['passkeySignInOptions']> = {},
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['passkeySignInOptions']>> =>
      this._client._call(routes.passkeySignInOptions, { body }, { idempotencyKey: null, ...options }),
    /** Signs in with the browser's assertion. */
    signIn: (
      body: BodyOf<R['signInWithPasskey']>,
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['signInWithPasskey']>> =>
      this._client._call(routes.signInWithPasskey, { body }, { idempotencyKey: null, ...options }),
    /** Removes a passkey: with a current two-factor `code`, or soon after signing in. */
    remove: (
      passkeyId: string,
      body: BodyOf<R['removePasskey']> = {},
      options?: RequestOptions,
    ): APIPromise<ResultOf<R['removePasskey']>> =>
      this._client._call(routes.removePasskey, { params: { passkeyId }, body }, options),
  };

  readonly sessions = {
    /** The member's live sessions: device, address, last use; `current` marks this one. */
    list: (options?: RequestOptions): APIPromise<ResultOf<R['listSessions']>> =>
      this._client._call(routes.listSessions, {}, options),
    /** Signs one of the member's sessions out. */
    end: (sessionId: string, options?: RequestOptions): APIPromise<ResultOf<R['endSession']>> =>
      this._client._call(routes.endSession, { params: { sessionId } }, options),
  };

  /** A new password with the current one; the member's other sessions end. */
  changePassword(
    body: BodyOf<R['changePassword']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['changePassword']>> {
    return this._client._call(routes.changePassword, { body }, { idempotencyKey: null, ...options });
  }

  /** E-mails a reset link when the address has an account (the same answer when not). */
  requestPasswordReset(
    body: BodyOf<R['requestPasswordReset']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['requestPasswordReset']>> {
    return this._client._call(routes.requestPasswordReset, { body }, { idempotencyKey: null, ...options });
  }

  /** Sets a new password with the e-mailed link's token; every session of the member ends. */
  confirmPasswordReset(
    body: BodyOf<R['confirmPasswordReset']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['confirmPasswordReset']>> {
    return this._client._call(routes.confirmPasswordReset, { body }, { idempotencyKey: null, ...options });
  }

  /** The account's sign-in rules (an owner only). */
  update(
    body: BodyOf<R['updateAccountSecurity']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['updateAccountSecurity']>> {
    return this._client._call(routes.updateAccountSecurity, { body }, options);
  }
}
