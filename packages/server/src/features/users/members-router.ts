import { contract, successBody } from '@formloom/contract';
import { initServer } from '@ts-rest/express';
import { unauthorized } from '../../domain-errors.js';
import { authOf } from '../../http/request-context.js';
import type { RouterImplementation } from '../../http/ts-rest-types.js';
import type { MemberActor, MembersService } from './members-service.js';

const s = initServer();

function actorOf(req: Parameters<typeof authOf>[0]): { accountId: string; actor: MemberActor } {
  const auth = authOf(req);
  if (auth.member === undefined) throw unauthorized('Not signed in: sign in with POST /v1/auth/login');
  return { accountId: auth.accountId, actor: { userId: auth.member.userId, role: auth.member.role } };
}

/** `/v1/members`: the signed-in member's account's members and invitations. */
export function createMembersRouter(members: MembersService): RouterImplementation<typeof contract.members> {
  return s.router(contract.members, {
    listMembers: async ({ req }) => ({
      status: 200,
      body: successBody(await members.list(authOf(req).accountId), 'Members'),
    }),
    inviteMember: async ({ body, req }) => {
      const { accountId, actor } = actorOf(req);
      return {
        status: 201,
        body: successBody(await members.invite(accountId, actor, body), 'Invitation created'),
      };
    },
    revokeInvitation: async ({ params, req }) => {
      await members.revokeInvitation(authOf(req).accountId, params.id);
      return {
        status: 200,
        body: successBody({ id: params.id, deleted: true as const }, 'Invitation revoked'),
      };
    },
    updateMember: async ({ params, body, req }) => {
      const { accountId, actor } = actorOf(req);
      return {
        status: 200,
        body: successBody(
          await members.changeRole(accountId, actor, params.userId, body.role),
          'Role changed',
        ),
      };
    },
    removeMember: async ({ params, req }) => {
      const { accountId, actor } = actorOf(req);
      await members.remove(accountId, actor, params.userId);
      return {
        status: 200,
        body: successBody({ id: params.userId, deleted: true as const }, 'Member removed'),
      };
    },
  });
}
