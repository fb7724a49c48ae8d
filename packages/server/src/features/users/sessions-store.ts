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
      return db
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
        .where('user_sessions.id', '=', id)
        .executeTakeFirst();
    },
    async deleteSession(id: string): Promise<void> {
      await db.deleteFrom('user_sessions').where('id', '=', id).execute();
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
