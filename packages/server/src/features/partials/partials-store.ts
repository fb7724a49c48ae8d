import { sql } from 'kysely';
import type { Db, PartialRow } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { selectPage } from '../../db/paging.js';
import type { StoredSubmission } from '../responses/index.js';

export type PartialListRow = Pick<PartialRow, 'id' | 'answered_count' | 'page' | 'updated_at' | 'expires_at'>;

/** SQL for the `partials` table. `db` may be a transaction. */
export function createPartialsStore(db: Db) {
  return {
    async insert(row: PartialRow): Promise<void> {
      await db.insertInto('partials').values(row).execute();
    },

    /** The partial under a token's hash, finished or not; the caller checks form, expiry and finish. */
    async findByTokenHash(tokenHash: string): Promise<PartialRow | undefined> {
      return db.selectFrom('partials').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Replaces the answers and page of the unfinished, unexpired partial of `formId` under a
     * token's hash, in one statement, and answers the row as it is now (undefined when there is
     * none). `reached_page` moves on when the new page comes later in `pages` (the form's order).
     */
    async replace(
      tokenHash: string,
      formId: string,
      changes: Pick<PartialRow, 'answers' | 'answered_count' | 'page' | 'updated_at'> &
        Partial<Pick<PartialRow, 'seed'>>,
      pages: readonly string[],
    ): Promise<PartialRow | undefined> {
      const rank = changes.page === null ? -1 : pages.indexOf(changes.page);
      const reachedRank = sql`(case reached_page ${sql.join(
        pages.map((id, i) => sql`when ${id} then ${i}`),
        sql` `,
      )} else -1 end)`;
      return db
        .updateTable('partials')
        .set({
          ...changes,
          ...(rank < 0
            ? {}
            : {
                reached_page: sql<string>`case when ${reachedRank} < ${rank} then ${changes.page} else reached_page end`,
              }),
        })
        .where('token_hash', '=', tokenHash)
        .where('form_id', '=', formId)
        .where('response_id', 'is', null)
        .where('expires_at', '>', changes.updated_at)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The response that completed the partial, if any, read with the row locked (FOR UPDATE on
     * PostgreSQL) so concurrent completes of one partial take turns.
     */
    async completedBy(id: string): Promise<StoredSubmission | undefined> {
      const partial = db.selectFrom('partials').select('response_id').where('id', '=', id);
      await sqlDialectOf(db).lockRows(partial);
      const { response_id } = (await partial.executeTakeFirst()) ?? { response_id: null };
      if (response_id === null) return undefined;
      return db
        .selectFrom('responses')
        .select(['id', 'submitted_at', 'ending_id', 'language', 'answers', 'variables', 'quiz'])
        .where('id', '=', response_id)
        .executeTakeFirstOrThrow();
    },

    /** Sets the response that completes the partial; false when another did first. */
    async markCompleted(id: string, responseId: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('partials')
        .set({ response_id: responseId, updated_at: nowIso })
        .where('id', '=', id)
        .where('response_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A page of a form's unfinished, unexpired partials, most recently saved first. */
    async list(
      formId: string,
      nowIso: string,
      paging: { page: number; limit: number },
    ): Promise<{ rows: PartialListRow[]; total: number }> {
      const base = db
        .selectFrom('partials')
        .where('form_id', '=', formId)
        .where('response_id', 'is', null)
        .where('expires_at', '>', nowIso);
      return selectPage(
        base,
        (q) =>
          q
            .select(['id', 'answered_count', 'page', 'updated_at', 'expires_at'])
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc'),
        paging,
      );
    },

    /** Deletes partials past their time, finished or not; returns how many. */
    async purgeExpired(nowIso: string): Promise<number> {
      const result = await db.deleteFrom('partials').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteForForm(formId: string): Promise<void> {
      await db.deleteFrom('partials').where('form_id', '=', formId).execute();
    },
  };
}
