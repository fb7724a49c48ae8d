import type { Role } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import type { AccountsService } from '../accounts/index.js';
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
}

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
    async start(userId: string): Promise<{ token: string; expiresAt: string }> {
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
      if (row.expires_at <= clock().toISOString()) return undefined;
      const account = await accounts.get(row.account_id);
      if (account === undefined) return undefined;
      const session: DashboardSession = {
        sessionId: row.id,
        userId: row.user_id,
        email: row.email,
        role: row.role as Role,
        accountId: row.account_id,
        expiresAt: row.expires_at,
      };
      return { session, account };
    },

    /** Ends the session of `token` (nothing for a token that names none). */
    async end(token: string): Promise<void> {
      const parsed = parseOpaqueToken(token);
      if (parsed === undefined) return;
      const row = await store.sessionWithUser(parsed.id);
      if (row !== undefined && secretMatches(parsed.secret, row.secret_hash)) {
        await store.deleteSession(parsed.id);
      }
    },
  };
}

export type CookieSessions = ReturnType<typeof createCookieSessions>;
