import type { Db, FormRevisionsTable } from '../../db/database.js';

/** A revision's row: its title, schema (JSON text), when and by whom. */
export type RevisionRow = Omit<FormRevisionsTable, 'form_id'>;

/** The revisions and the draft of forms (docs/server.md "Revisions and drafts"). */
export function createFormRevisionsStore(db: Db) {
  return {
    async insert(formId: string, row: RevisionRow): Promise<void> {
      await db
        .insertInto('form_revisions')
        .values({ form_id: formId, ...row })
        .execute();
    },
    /** Newest first, without their schemas. */
    list(formId: string) {
      return db
        .selectFrom('form_revisions')
        .select(['revision', 'published_at', 'by_type', 'by_id', 'by_email'])
        .where('form_id', '=', formId)
        .orderBy('revision', 'desc')
        .execute();
    },
    find(formId: string, revision: number): Promise<RevisionRow | undefined> {
      return db
        .selectFrom('form_revisions')
        .select(['revision', 'title', 'schema', 'published_at', 'by_type', 'by_id', 'by_email'])
        .where('form_id', '=', formId)
        .where('revision', '=', revision)
        .executeTakeFirst();
    },
    draft(formId: string) {
      return db.selectFrom('form_drafts').selectAll().where('form_id', '=', formId).executeTakeFirst();
    },
    /** Saves the draft; `baseRevision` is kept from the first save. */
    async saveDraft(
      formId: string,
      draft: { title: string | null; schema: string; baseRevision: number | null; updatedAt: string },
    ): Promise<void> {
      await db
        .insertInto('form_drafts')
        .values({
          form_id: formId,
          title: draft.title,
          schema: draft.schema,
          base_revision: draft.baseRevision,
          updated_at: draft.updatedAt,
        })
        .onConflict((oc) =>
          oc
            .column('form_id')
            .doUpdateSet({ title: draft.title, schema: draft.schema, updated_at: draft.updatedAt }),
        )
        .execute();
    },
    async deleteDraft(formId: string): Promise<boolean> {
      const result = await db.deleteFrom('form_drafts').where('form_id', '=', formId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
