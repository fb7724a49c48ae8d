import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  CreatedInvitation,
  InviteMemberBody,
  Member,
  MemberList,
  UpdateMemberBody,
} from '../models/member.js';
import { meta } from './metadata.js';
import { BODY_ERRORS, c, errorResponses, SESSION_ERRORS } from './shared.js';

/** A signed-in owner or admin only; making or unmaking an owner needs an owner. */
const manage = meta({ auth: 'cookie', permission: 'members.manage', refusesKeys: true });
const ERRORS = SESSION_ERRORS;
const UserIdParams = z.object({ userId: Uuid.describe("The member's user id") });
const InvitationIdParams = z.object({ id: z.string().min(1).max(64).describe('Invitation id') });
const ownerRule = 'Only an owner may make or unmake an owner (403 otherwise).';
const lastOwner = 'The last owner cannot be demoted or removed (409 `LAST_OWNER`).';

export const membersRouter = c.router({
  listMembers: {
    method: 'GET',
    path: '/v1/members',
    summary: 'List members and pending invitations',
    responses: { 200: success(MemberList, 'Members and invitations'), ...errorResponses(ERRORS) },
    metadata: manage,
  },
  inviteMember: {
    method: 'POST',
    path: '/v1/members/invitations',
    body: InviteMemberBody,
    summary: 'Invite a member',
    description: `Answers a one-time link (valid 7 days) that lets the invitee set a password and join with the role; it is also e-mailed when SMTP is configured. ${ownerRule}`,
    responses: {
      201: success(CreatedInvitation, 'The invitation, with its link'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 409], { 409: 'A user with this email exists already' }),
    },
    metadata: manage,
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/v1/members/invitations/:id',
    pathParams: InvitationIdParams,
    summary: 'Revoke an invitation',
    description: 'Its link stops working at once.',
    responses: {
      200: success(DeleteResult, 'Revoked'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404], { 404: 'Invitation not found' }),
    },
    metadata: manage,
  },
  updateMember: {
    method: 'PATCH',
    path: '/v1/members/:userId',
    pathParams: UserIdParams,
    body: UpdateMemberBody,
    summary: "Change a member's role",
    description: `${ownerRule} ${lastOwner}`,
    responses: {
      200: success(Member, 'The member'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404, 'LAST_OWNER'], {
        404: 'Member not found',
        409: 'LAST_OWNER: the account would be left without an owner',
      }),
    },
    metadata: manage,
  },
  removeMember: {
    method: 'DELETE',
    path: '/v1/members/:userId',
    pathParams: UserIdParams,
    summary: 'Remove a member',
    description: `Deletes the user and ends their sessions. ${ownerRule} ${lastOwner}`,
    responses: {
      200: success(DeleteResult, 'Removed'),
      ...errorResponses([...ERRORS, ...BODY_ERRORS, 404, 'LAST_OWNER'], {
        404: 'Member not found',
        409: 'LAST_OWNER: the account would be left without an owner',
      }),
    },
    metadata: manage,
  },
});
