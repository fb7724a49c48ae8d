import type { Role } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { createAccountsService } from '../accounts/index.js';
import { newOpaqueToken, parseOpaqueToken, secretMatches } from './opaque-token.js';

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
export function createCookieSessions(db: Db, clock: () => Date) {
  const accounts = createAccountsService(db, clock);
  return {
    async start(userId: string): Promise<{ token: string; expiresAt: string }> {
      const now = clock();
      const { token, id, secretHash } = newOpaqueToken();
      const expiresAt = new Date(now.getTime() + DASHBOARD_SESSION_TTL_MS).toISOString();
      // Expired sessions go as new ones come: the table holds live sessions and a few stale ones.
      await db.deleteFrom('user_sessions').where('expires_at', '<=', now.toISOString()).execute();
      await db
        .insertInto('user_sessions')
        .values({
          id,
          user_id: userId,
          secret_hash: secretHash,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The session's member and account, or undefined for an unknown, ended or expired one. */
    async resolve(token: string) {
      const parsed = parseOpaqueToken(token);
      if (parsed === undefined) return undefined;
      const row = await db
        .selectFrom('user_sessions')
        .innerJoin('users', 'users.id', 'user_sessions.user_id')
        .select([
          'user_sessions.id',
          'user_sessions.secret_hash',
          'user_sessions.expires_at',
          'users.id as user_id',
          'users.email',
          'users.role',
          'users.account_id',
        ])
        .where('user_sessions.id', '=', parsed.id)
        .executeTakeFirst();
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
      const row = await db
        .selectFrom('user_sessions')
        .select('secret_hash')
        .where('id', '=', parsed.id)
        .executeTakeFirst();
      if (row !== undefined && secretMatches(parsed.secret, row.secret_hash)) {
        await db.deleteFrom('user_sessions').where('id', '=', parsed.id).execute();
      }
    },
  };
}

export type CookieSessions = ReturnType<typeof createCookieSessions>;
