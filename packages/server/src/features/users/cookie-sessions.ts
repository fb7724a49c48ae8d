import type { DashboardSessionList, Role } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { audited, runAsAuditCaller } from '../../platform/audit/index.js';
import type { AccountsService } from '../accounts/index.js';
import { deviceName } from './device-name.js';
import { newOpaqueToken, parseOpaqueToken, secretMatches } from './opaque-token.js';
import { createSessionsStore } from './sessions-store.js';

/**
 * A dashboard session lasts this long from sign-in, fixed (not sliding): a stolen cookie stops
 * working after it whatever its thief does, and no request writes to the database to extend it.
 */
export const DASHBOARD_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The signed-in member behind a `formloom_session` cookie. */
export interface DashboardSession {
  sessionId: string;
  userId: string;
  email: string;
  role: Role;
  accountId: string;
  expiresAt: string;
  /** The account requires two-factor and this member has neither turned it on nor added a passkey. */
  mustEnrol: boolean;
}

/** Where a session signs in from, shown in the member's list of sessions. */
export interface SessionClient {
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
}

/** A session's last use is written at most this often: most requests write nothing. */
export const LAST_SEEN_PRECISION_MS = 60_000;
/** The longest User-Agent kept (a client may send any length). */
const USER_AGENT_MAX = 512;

/** Sessions of the dashboard's cookie: made at sign-in, ended by sign-out or their expiry. */
export function createCookieSessions({
  db,
  clock,
  accounts,
}: {
  db: Db;
  clock: () => Date;
  /** The session's account, read at each request. */
  accounts: AccountsService;
}) {
  const store = createSessionsStore(db);
  return {
    async start(userId: string, client: SessionClient = {}): Promise<{ token: string; expiresAt: string }> {
      const now = clock();
      const { token, id, secretHash } = newOpaqueToken();
      const expiresAt = new Date(now.getTime() + DASHBOARD_SESSION_TTL_MS).toISOString();
      await store.insertSession(
        {
          id,
          user_id: userId,
          secret_hash: secretHash,
          created_at: now.toISOString(),
          expires_at: expiresAt,
          ip: client.ip ?? null,
          user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          last_seen_at: now.toISOString(),
        },
        now.toISOString(),
      );
      return { token, expiresAt };
    },

    /** The session's member and account, or undefined for an unknown, ended or expired one. */
    async resolve(token: string) {
      const parsed = parseOpaqueToken(token);
      if (parsed === undefined) return undefined;
      const row = await store.sessionWithUser(parsed.id);
      if (row === undefined || !secretMatches(parsed.secret, row.secret_hash)) return undefined;
      const now = clock();
      if (row.expires_at <= now.toISOString()) return undefined;
      const account = await accounts.get(row.account_id);
      if (account === undefined) return undefined;
      const staleBefore = new Date(now.getTime() - LAST_SEEN_PRECISION_MS).toISOString();
      if (row.last_seen_at === null || row.last_seen_at === undefined || row.last_seen_at < staleBefore) {
        await store.touch(row.id, now.toISOString(), staleBefore);
      }
      const session: DashboardSession = {
        sessionId: row.id,
        userId: row.user_id,
        email: row.email,
        role: row.role as Role,
        accountId: row.account_id,
        expiresAt: row.expires_at,
        mustEnrol: Number(row.require_2fa ?? 0) === 1 && row.two_factor_at == null && row.passkey_at == null,
      };
      return { session, account };
    },

    /** Ends the session of `token` (nothing for a token that names none), recorded as its member's. */
    async end(token: string, ip: string | null = null): Promise<void> {
      const parsed = parseOpaqueToken(token);
      if (parsed === undefined) return;
      const row = await store.sessionWithUser(parsed.id);
      if (row === undefined || !secretMatches(parsed.secret, row.secret_hash)) return;
      const caller = {
        accountId: row.account_id,
        actor: { type: 'user' as const, id: row.user_id, email: row.email },
        ip,
      };
      await runAsAuditCaller(caller, () =>
        audited(
          db,
          row.account_id,
          'session.ended',
          { type: 'session', id: row.id },
          (trx) => createSessionsStore(trx).deleteSessionOf(row.user_id, row.id),
          clock,
        ),
      );
    },

    /** The member's live sessions, `currentId` marked. */
    async list(userId: string, currentId: string): Promise<DashboardSessionList> {
      const rows = await store.liveSessionsOf(userId, clock().toISOString());
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          current: r.id === currentId,
          device: deviceName(r.user_agent),
          ip: r.ip ?? null,
          lastSeenAt: r.last_seen_at ?? r.created_at,
        })),
      };
    },

    /** Ends one of the member's own sessions (in the request's audit log); false when they have none of that id. */
    endOwn(member: { userId: string; accountId: string }, sessionId: string): Promise<boolean> {
      return audited(
        db,
        member.accountId,
        'session.ended',
        { type: 'session', id: sessionId },
        (trx) => createSessionsStore(trx).deleteSessionOf(member.userId, sessionId),
        clock,
      );
    },
  };
}

export type CookieSessions = ReturnType<typeof createCookieSessions>;
