import type { Db, SetupTokensTable, UserSessionsTable } from '../../db/database.js';

/** The `user_sessions` and `setup_tokens` tables: the dashboard's cookie sessions and first-run links. */
export function createSessionsStore(db: Db) {
  return {
    async insertSession(row: UserSessionsTable, now: string): Promise<void> {
      // Expired sessions go as new ones come: the table holds live sessions and a few stale ones.
      await db.deleteFrom('user_sessions').where('expires_at', '<=', now).execute();
      await db.insertInto('user_sessions').values(row).execute();
    },
    /** A session with its member, by the token's id. */
    sessionWithUser(id: string) {
      return (
        db
          .selectFrom('user_sessions')
          .innerJoin('users', 'users.id', 'user_sessions.user_id')
          // The account's two-factor rule and the member's factor or passkey: whether they must enrol first.
          .leftJoin('account_security', 'account_security.account_id', 'users.account_id')
          .leftJoin('user_two_factor', 'user_two_factor.user_id', 'users.id')
          .select([
            'user_sessions.id',
            'user_sessions.secret_hash',
            'user_sessions.expires_at',
            'user_sessions.last_seen_at',
            'users.id as user_id',
            'users.email',
            'users.role',
            'users.account_id',
            'account_security.require_2fa',
            'user_two_factor.enabled_at as two_factor_at',
          ])
          .select((eb) =>
            eb
              .selectFrom('user_passkeys')
              .select('user_passkeys.created_at')
              .whereRef('user_passkeys.user_id', '=', 'users.id')
              .limit(1)
              .as('passkey_at'),
          )
          .where('user_sessions.id', '=', id)
          .executeTakeFirst()
      );
    },
    /** Writes the session's last use, unless another request wrote one since `staleBefore`. */
    async touch(id: string, now: string, staleBefore: string): Promise<void> {
      await db
        .updateTable('user_sessions')
        .set({ last_seen_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
        .execute();
    },
    /** The member's live sessions, the most recently used first. */
    liveSessionsOf(userId: string, now: string) {
      return db
        .selectFrom('user_sessions')
        .select(['id', 'ip', 'user_agent', 'last_seen_at', 'created_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
    },
    /** Ends the member's session `id`; false when they have no such session. */
    async deleteSessionOf(userId: string, id: string): Promise<boolean> {
      const done = await db
        .deleteFrom('user_sessions')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(done.numDeletedRows) === 1;
    },
    async insertSetupToken(row: SetupTokensTable): Promise<void> {
      await db.insertInto('setup_tokens').values(row).execute();
    },
    setupToken(id: string) {
      return db
        .selectFrom('setup_tokens')
        .select(['account_id', 'secret_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Spends an unused, unexpired token; true for the one caller that did. */
    async spendSetupToken(id: string, now: string): Promise<boolean> {
      const spent = await db
        .updateTable('setup_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    },
  };
}
