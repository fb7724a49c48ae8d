import { type Contract, contract } from '@formloom/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, ResultOf } from '../internal/route.js';
import type { RequestOptions } from '../internal/transport.js';
import { APIResource } from '../resource.js';

const routes = contract.members;
type R = Contract['members'];

/**
 * The account's members and invitations, for a client signed in as an owner or admin
 * (`session: true`). Only an owner makes or unmakes an owner; the last owner stays (409
 * `LAST_OWNER`). The invitee redeems a link with `client.auth.acceptInvitation()`.
 */
export class Members extends APIResource {
  /** `{members, invitations}`: members with their roles, and pending invitations. */
  list(options?: RequestOptions): APIPromise<ResultOf<R['listMembers']>> {
    return this._client._call(routes.listMembers, {}, options);
  }

  /**
   * Invites `email` with `role`; the answer's `link` is shown this once (also e-mailed when the
   * server has SMTP).
   *
   * ```ts
   * const { link } = await client.members.invite({ email: 'ada@example.com', role: 'editor' });
   * ```
   */
  invite(body: BodyOf<R['inviteMember']>, options?: RequestOptions): APIPromise<ResultOf<R['inviteMember']>> {
    return this._client._call(routes.inviteMember, { body }, { idempotencyKey: null, ...options });
  }

  /** The invitation's link stops working. */
  revokeInvitation(id: string, options?: RequestOptions): APIPromise<ResultOf<R['revokeInvitation']>> {
    return this._client._call(routes.revokeInvitation, { params: { id } }, options);
  }

  /** Changes a member's role. */
  update(
    userId: string,
    body: BodyOf<R['updateMember']>,
    options?: RequestOptions,
  ): APIPromise<ResultOf<R['updateMember']>> {
    return this._client._call(routes.updateMember, { params: { userId }, body }, options);
  }

  /** Removes a member; their sessions end. */
  remove(userId: string, options?: RequestOptions): APIPromise<ResultOf<R['removeMember']>> {
    return this._client._call(routes.removeMember, { params: { userId } }, options);
  }
}
