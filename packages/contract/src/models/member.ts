import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { RoleSchema } from './roles.js';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const Member = z
  .object({ id: Uuid, email: z.string(), role: RoleSchema, createdAt: Timestamp })
  .describe('A member of the account');
export type Member = z.infer<typeof Member>;

export const Invitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role: RoleSchema,
    createdAt: Timestamp,
    expiresAt: Timestamp,
  })
  .describe('A pending invitation (never its token)');
export type Invitation = z.infer<typeof Invitation>;

export const MemberList = z
  .object({ members: z.array(Member), invitations: z.array(Invitation).describe('Pending, unexpired') })
  .describe('Members and pending invitations');
export type MemberList = z.infer<typeof MemberList>;

export const InviteMemberBody = z
  .object({ email: z.string().email().max(320), role: RoleSchema })
  .strict()
  .describe('Invite someone');
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const CreatedInvitation = Invitation.extend({
  link: z
    .string()
    .url()
    .describe('The one-time link `<origin>/app/invite?token=...`, shown this once: only its hash is stored'),
  emailed: z.boolean().describe('Whether an e-mail with the link was queued (when SMTP is configured)'),
}).describe('A new invitation with its link');
export type CreatedInvitation = z.infer<typeof CreatedInvitation>;

export const UpdateMemberBody = z.object({ role: RoleSchema }).strict().describe("Change a member's role");
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

export const AcceptInvitationBody = z
  .object({
    token: z.string().min(1).max(200).describe('The `token` of the invitation link'),
    password: z
      .string()
      .min(1)
      .max(1024)
      .describe(
        'At least 10 characters; a common password, a repeated pattern (`aaaaaaaaaa`, `abcabcabcabc`) or a straight sequence (`1234567890`, `qwertyuiop`) is refused with the reason',
      ),
  })
  .strict()
  .describe('Accept an invitation');
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;
