import type { Db, PasswordResetsTable } from '../../db/database.js';

/** The `password_resets` table: the e-mailed one-time links, their secrets hashed. */
export function createPasswordResetsStore(db: Db) {
  return {
    async insert(row: PasswordResetsTable, now: string): Promise<void> {
      // Expired links go as new ones come.
      await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
      await db.insertInto('password_resets').values(row).execute();
    },
    /** A link with its member, by the token's id. */
    withUser(id: string) {
      return db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['password_resets.secret_hash', 'users.id', 'users.email', 'users.account_id'])
        .where('password_resets.id', '=', id)
        .executeTakeFirst();
    },
    /** Spends an unused, unexpired link; true for the one caller that did. */
    async spend(id: string, now: string): Promise<boolean> {
      const spent = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    },
  };
}
