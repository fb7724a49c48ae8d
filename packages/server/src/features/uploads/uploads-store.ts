import type { Db, UploadRow } from '../../db/database.js';

/** SQL for the `uploads` table. `db` may be a transaction. */
export function createUploadsStore(db: Db) {
  return {
    async insert(row: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(row).execute();
    },

    /** The uploads of a form among `ids` (a submission's file answers). */
    async findForForm(formId: string, ids: readonly string[]): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('form_id', '=', formId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Marks unclaimed uploads as the files of a response; returns how many it claimed. */
    async claim(formId: string, ids: readonly string[], responseId: string): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('uploads')
        .set({ response_id: responseId })
        .where('form_id', '=', formId)
        .where('id', 'in', ids)
        .where('response_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Keeps unclaimed uploads among `ids` at least until `untilIso` (a partial response that refers
     * to them expires then); an upload already past its time stays gone.
     */
    async keepUntil(formId: string, ids: readonly string[], nowIso: string, untilIso: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('uploads')
        .set({ expires_at: untilIso })
        .where('form_id', '=', formId)
        .where('id', 'in', ids)
        .where('response_id', 'is', null)
        .where('expires_at', '>', nowIso)
        .where('expires_at', '<', untilIso)
        .execute();
    },

    /** A file of a stored response, for the download route. */
    async findOfResponse(formId: string, responseId: string, id: string): Promise<UploadRow | undefined> {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .where('form_id', '=', formId)
        .where('response_id', '=', responseId)
        .executeTakeFirst();
    },

    /** Where the files of a stored response are kept. */
    async keysOfResponse(formId: string, responseId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('uploads')
        .select('storage_key')
        .where('form_id', '=', formId)
        .where('response_id', '=', responseId)
        .execute();
      return rows.map((r) => r.storage_key);
    },

    /** Unclaimed uploads whose time is up, oldest first. */
    async expired(nowIso: string, limit: number): Promise<Pick<UploadRow, 'id' | 'storage_key'>[]> {
      return db
        .selectFrom('uploads')
        .select(['id', 'storage_key'])
        .where('response_id', 'is', null)
        .where('expires_at', '<=', nowIso)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
    },

    async delete(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('uploads').where('id', 'in', ids).execute();
    },

    async deleteForForm(formId: string): Promise<void> {
      await db.deleteFrom('uploads').where('form_id', '=', formId).execute();
    },

    /** Is the form still there (not soft-deleted)? An upload finishing after a delete is dropped. */
    async formLive(formId: string): Promise<boolean> {
      const row = await db
        .selectFrom('forms')
        .select('id')
        .where('id', '=', formId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type UploadsStore = ReturnType<typeof createUploadsStore>;
