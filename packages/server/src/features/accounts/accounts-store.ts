import type { AccountRow, Db } from '../../db/database.js';

export function createAccountsStore(db: Db) {
  return {
    async insert(row: { id: string; name: string; plan: string; created_at: string }): Promise<void> {
      await db.insertInto('accounts').values(row).execute();
    },
    findById(id: string): Promise<AccountRow | undefined> {
      return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByName(name: string): Promise<AccountRow[]> {
      return db.selectFrom('accounts').selectAll().where('name', '=', name).execute();
    },
    list(): Promise<AccountRow[]> {
      return db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async setPlan(id: string, plan: string): Promise<boolean> {
      const result = await db.updateTable('accounts').set({ plan }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
