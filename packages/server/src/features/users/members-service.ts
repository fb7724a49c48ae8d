import {
  type CreatedInvitation,
  INVITATION_TTL_DAYS,
  type Invitation,
  type Member,
  type MemberList,
  type Role,
} from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { ConflictError, conflict, forbidden, notFound, unauthorized } from '../../domain-errors.js';
import type { Logger } from '../../logger.js';
import type { Mailer } from '../../mail/mailer.js';
import { audited, recordAudit, runAsAuditCaller } from '../../platform/audit/index.js';
import { createInvitationsStore } from './invitations-store.js';
import { newOpaqueToken, parseOpaqueToken, secretMatches } from './opaque-token.js';
import { checkPassword } from './password-policy.js';
import { normaliseEmail, type User, type UsersService } from './users-service.js';
import { createUsersStore } from './users-store.js';

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const REFUSED = 'This invitation was used already, was revoked, has expired or is not valid';

/** Demoting or removing the account's last owner: 409 LAST_OWNER (at least one owner remains). */
export class LastOwnerError extends ConflictError {
  override name = 'LastOwnerError';
  override readonly caseCode = 'LAST_OWNER' as const;
}

/** Who asks for a change of members: the signed-in member. */
export interface MemberActor {
  userId: string;
  role: Role;
}

export interface MembersServiceOptions {
  db: Db;
  clock: () => Date;
  /** The server's public origin: invitation links point at its dashboard. */
  publicUrl: string;
  /** Invitation links are e-mailed when it sends by SMTP. */
  mailer?: Mailer;
  logger?: Logger;
  /** Makes the member an invitation is for, in the invitation's transaction. */
  users: UsersService;
}

const toMember = (r: { id: string; email: string; role: string; created_at: string }): Member => ({
  id: r.id,
  email: r.email,
  role: r.role as Role,
  createdAt: r.created_at,
});

/**
 * An account's members (docs/server.md "API keys and members over the API"): invitations by link, role
 * changes and removal. Only an owner makes or unmakes an owner, and the last owner stays: the
 * count and the change happen in one transaction holding the account's row, so two concurrent
 * demotions of two owners cannot both pass.
 */
export function createMembersService({ db, clock, publicUrl, mailer, logger, users }: MembersServiceOptions) {
  const inviteLink = (token: string) => `${new URL('/app/invite', publicUrl).href}?token=${token}`;

  function assertMayTouchOwners(actor: MemberActor, roles: readonly string[]): void {
    if (roles.includes('owner') && actor.role !== 'owner') {
      throw forbidden('Only an owner may make or unmake an owner (it needs owners.manage)');
    }
  }

  /** In `trx`: the account's row held to the end, and the member, or a 404. */
  async function lockedMember(trx: Db, accountId: string, userId: string) {
    const users = createUsersStore(trx);
    await users.lockAccount(accountId);
    const member = await users.member(accountId, userId);
    if (member === undefined) throw notFound('Member not found');
    return member;
  }

  async function assertNotLastOwner(trx: Db, accountId: string, what: string): Promise<void> {
    if ((await createUsersStore(trx).countOwners(accountId)) <= 1) {
      throw new LastOwnerError(
        `The account's last owner cannot be ${what}: make another member an owner first`,
      );
    }
  }

  async function sendInvitation(email: string, link: string, role: Role): Promise<boolean> {
    if (mailer === undefined || mailer.kind !== 'smtp') return false;
    try {
      await mailer.send({
        to: email,
        subject: 'You are invited to Formloom',
        text: `You are invited to join a Formloom account as ${role}.\n\nSet your password here (the link works once, for ${INVITATION_TTL_DAYS} days):\n${link}\n`,
      });
      return true;
    } catch (error) {
      logger?.warn({ err: error }, 'invitation mail not sent');
      return false;
    }
  }

  return {
    async list(accountId: string): Promise<MemberList> {
      const now = clock().toISOString();
      const members = await createUsersStore(db).members(accountId);
      const invitations = await createInvitationsStore(db).pending(accountId, now);
      return {
        members: members.map(toMember),
        invitations: invitations.map(
          (r): Invitation => ({
            id: r.id,
            email: r.email,
            role: r.role as Role,
            createdAt: r.created_at,
            expiresAt: r.expires_at,
          }),
        ),
      };
    },

    /** A one-time link for `email` to join with `role`; e-mailed too when SMTP is configured. */
    async invite(
      accountId: string,
      actor: MemberActor,
      input: { email: string; role: Role },
    ): Promise<CreatedInvitation> {
      assertMayTouchOwners(actor, [input.role]);
      const email = normaliseEmail(input.email);
      if ((await createUsersStore(db).findByEmail(email)) !== undefined) {
        throw conflict(`A user with the email ${email} exists already`);
      }
      const now = clock();
      const { token, id, secretHash } = newOpaqueToken();
      const row = {
        id,
        account_id: accountId,
        email,
        role: input.role,
        secret_hash: secretHash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        used_at: null,
        revoked_at: null,
      };
      await audited(
        db,
        accountId,
        'member.invited',
        { type: 'invitation', id },
        (trx) => createInvitationsStore(trx).insert(row),
        clock,
      );
      const link = inviteLink(token);
      const emailed = await sendInvitation(email, link, input.role);
      return {
        id,
        email,
        role: input.role,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        link,
        emailed,
      };
    },

    async revokeInvitation(accountId: string, id: string): Promise<void> {
      const revoked = await audited(
        db,
        accountId,
        'invitation.revoked',
        { type: 'invitation', id },
        (trx) => createInvitationsStore(trx).revoke(accountId, id, clock().toISOString()),
        clock,
      );
      if (!revoked) throw notFound('Invitation not found');
    },

    /**
     * Redeems an invitation: the member is made with its email and role, and the token spent, in
     * one transaction (an update only one concurrent redeemer wins); a refused password spends
     * nothing. `ip`: the invitee's address, for the audit log.
     */
    async accept(input: { token: string; password: string }, ip: string | null): Promise<User> {
      await checkPassword(input.password);
      const parsed = parseOpaqueToken(input.token);
      if (parsed === undefined) throw unauthorized(REFUSED);
      return db.transaction().execute(async (trx) => {
        const now = clock().toISOString();
        const store = createInvitationsStore(trx);
        const row = await store.byId(parsed.id);
        if (row === undefined || !secretMatches(parsed.secret, row.secret_hash)) throw unauthorized(REFUSED);
        if (!(await store.spend(parsed.id, now))) throw unauthorized(REFUSED);
        if ((await createUsersStore(trx).findByEmail(row.email)) !== undefined) {
          throw conflict(`A user with the email ${row.email} exists already: sign in instead`);
        }
        const user = await users.create(
          { account: row.account_id, email: row.email, password: input.password, role: row.role },
          trx,
        );
        // The new member made this change: recorded as theirs.
        await runAsAuditCaller(
          { accountId: row.account_id, actor: { type: 'user', id: user.id, email: user.email }, ip },
          () => recordAudit(trx, row.account_id, 'member.joined', { type: 'member', id: user.id }, clock),
        );
        return user;
      });
    },

    async changeRole(accountId: string, actor: MemberActor, userId: string, role: Role): Promise<Member> {
      return db.transaction().execute(async (trx) => {
        const member = await lockedMember(trx, accountId, userId);
        assertMayTouchOwners(actor, [member.role, role]);
        if (member.role === role) return toMember(member);
        if (member.role === 'owner') await assertNotLastOwner(trx, accountId, 'demoted');
        await audited(
          trx,
          accountId,
          'member.role_changed',
          { type: 'member', id: userId },
          (t) => createUsersStore(t).setRole(userId, role, clock().toISOString()),
          clock,
        );
        return toMember({ ...member, role });
      });
    },

    /** Deletes the member; their dashboard sessions end with them. */
    async remove(accountId: string, actor: MemberActor, userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const member = await lockedMember(trx, accountId, userId);
        assertMayTouchOwners(actor, [member.role]);
        if (member.role === 'owner') await assertNotLastOwner(trx, accountId, 'removed');
        await audited(
          trx,
          accountId,
          'member.removed',
          { type: 'member', id: userId },
          async (t) => {
            const users = createUsersStore(t);
            await users.endSessionsOf(userId);
            await users.delete(userId);
          },
          clock,
        );
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
