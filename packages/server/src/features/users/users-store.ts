import type { Insertable } from 'kysely';
import type { Db, UsersTable } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';

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
        .select(['id', 'account_id', 'email', 'password_hash', 'role'])
        .where('email', '=', email)
        .executeTakeFirst();
    },
    /** What a session check needs of the token's user. */
    sessionUser(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'account_id', 'email', 'role'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** The account's members with their roles, by email. */
    members(accountId: string) {
      return db
        .selectFrom('users')
        .select([...PUBLIC_COLUMNS, 'role'])
        .where('account_id', '=', accountId)
        .orderBy('email')
        .execute();
    },
    member(accountId: string, id: string) {
      return db
        .selectFrom('users')
        .select([...PUBLIC_COLUMNS, 'role'])
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },
    /**
     * Waits for the account's row and holds it to the end of the transaction, so concurrent
     * changes of its members (the last-owner rule) run one after the other.
     */
    async lockAccount(accountId: string): Promise<void> {
      await sqlDialectOf(db).lockRows(db.selectFrom('accounts').select('id').where('id', '=', accountId));
    },
    async countOwners(accountId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('role', '=', 'owner')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async setRole(id: string, role: string, updatedAt: string): Promise<void> {
      await db.updateTable('users').set({ role, updated_at: updatedAt }).where('id', '=', id).execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
    /** Ends every dashboard session of the user (or of each of the users). */
    async endSessionsOf(userIds: string | readonly string[]): Promise<void> {
      const ids = typeof userIds === 'string' ? [userIds] : userIds;
      if (ids.length === 0) return;
      await db.deleteFrom('user_sessions').where('user_id', 'in', ids).execute();
    },
    /** Ends every dashboard session of the user but `keepId`; answers how many ended. */
    async endOtherSessions(userId: string, keepId: string): Promise<number> {
      const done = await db
        .deleteFrom('user_sessions')
        .where('user_id', '=', userId)
        .where('id', '!=', keepId)
        .executeTakeFirst();
      return Number(done.numDeletedRows);
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
