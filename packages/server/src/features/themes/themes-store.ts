import type { Updateable } from 'kysely';
import type { Db, ThemeRow, ThemesTable } from '../../db/database.js';

/** An account's themes: every read and write names the account, so one never reaches another's. */
export function createThemesStore(db: Db) {
  const ofAccount = (accountId: string) => db.selectFrom('themes').where('account_id', '=', accountId);

  return {
    async insert(row: ThemeRow): Promise<void> {
      await db.insertInto('themes').values(row).execute();
    },

    async count(accountId: string): Promise<number> {
      const { n } = await ofAccount(accountId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    list(accountId: string): Promise<ThemeRow[]> {
      return ofAccount(accountId).selectAll().orderBy('created_at').orderBy('id').execute();
    },

    find(accountId: string, id: string): Promise<ThemeRow | undefined> {
      return ofAccount(accountId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    async update(accountId: string, id: string, values: Updateable<ThemesTable>): Promise<boolean> {
      const result = await db
        .updateTable('themes')
        .set(values)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('themes')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
