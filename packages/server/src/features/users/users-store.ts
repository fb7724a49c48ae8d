import type { Insertable } from 'kysely';
import type { Db, UsersTable } from '../../db/database.js';

const PUBLIC_COLUMNS = ['id', 'account_id', 'email', 'created_at'] as const;

/** The `users` table: people who sign in. */
export function createUsersStore(db: Db) {
  return {
    async insert(row: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },
    /** Every user, or the account's, by email. */
    list(accountId?: string) {
      return db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId!))
        .orderBy('email')
        .execute();
    },
    findByEmail(email: string) {
      return db.selectFrom('users').select(PUBLIC_COLUMNS).where('email', '=', email).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /** What a sign-in checks: the user and the password hash. */
    credentialsOf(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'account_id', 'email', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
    },
    /** What a session check needs of the token's user. */
    sessionUser(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'account_id', 'email'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Ends every dashboard session of the user. */
    async endSessionsOf(userId: string): Promise<void> {
      await db.deleteFrom('user_sessions').where('user_id', '=', userId).execute();
    },
    async setPassword(id: string, passwordHash: string, updatedAt: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: updatedAt })
        .where('id', '=', id)
        .execute();
    },
  };
}
