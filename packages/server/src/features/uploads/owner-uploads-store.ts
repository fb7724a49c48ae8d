import type { Db, OwnerUploadRow } from '../../db/database.js';

/** SQL for the `owner_uploads` table. */
export function createOwnerUploadsStore(db: Db) {
  return {
    async insert(row: OwnerUploadRow): Promise<void> {
      await db.insertInto('owner_uploads').values(row).execute();
    },

    async countOfAccount(accountId: string): Promise<number> {
      const row = await db
        .selectFrom('owner_uploads')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Which of `ids` are uploads of the account. */
    async idsOfAccount(accountId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('owner_uploads')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async find(id: string): Promise<OwnerUploadRow | undefined> {
      return db.selectFrom('owner_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Uploads not found named since `beforeIso`, least recently checked first. */
    async due(beforeIso: string, limit: number): Promise<OwnerUploadRow[]> {
      return db
        .selectFrom('owner_uploads')
        .selectAll()
        .where('checked_at', '<=', beforeIso)
        .orderBy('checked_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Every schema of the account's forms, deleted ones too until they are purged. */
    async schemasOfAccount(accountId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('forms')
        .select('schema')
        .where('account_id', '=', accountId)
        .execute();
      return rows.map((r) => r.schema);
    },

    /** The uploads the account's themes name (a logo, a background image). */
    async themeImagesOfAccount(accountId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('themes')
        .select(['logo', 'background_image'])
        .where('account_id', '=', accountId)
        .execute();
      return rows.flatMap((r) => [r.logo, r.background_image]).filter((id): id is string => id !== null);
    },

    async markChecked(ids: readonly string[], nowIso: string): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('owner_uploads').set({ checked_at: nowIso }).where('id', 'in', ids).execute();
    },

    async delete(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('owner_uploads').where('id', 'in', ids).execute();
    },
  };
}
