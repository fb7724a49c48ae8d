import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, ResponseRow } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { sortsAfter } from '../../db/keyset.js';
import { selectPage } from '../../db/paging.js';
import { preparedQuery } from '../../db/prepared-query.js';

export interface ResponseListQuery {
  page: number;
  limit: number;
  /** ISO timestamps, already normalised: `since` is exclusive, the range is inclusive. */
  since?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Lower-cased text some answer must contain (`answersContain`). */
  search?: string | undefined;
  /** How many responses match, when the caller knows (the form's counter): no count query. */
  total?: number | undefined;
}

// Run on every submission: compiled once (see preparedQuery).
const insertResponse = preparedQuery((db: Db, p: ResponseRow) =>
  db
    .insertInto('responses')
    .values({
      id: p.id,
      form_id: p.form_id,
      account_id: p.account_id,
      answers: p.answers,
      submitted_at: p.submitted_at,
      idempotency_key: p.idempotency_key,
      idempotency_fingerprint: p.idempotency_fingerprint,
      language: p.language,
      variables: p.variables,
      ending_id: p.ending_id,
      quiz: p.quiz,
      form_revision: p.form_revision,
      edit_token_hash: p.edit_token_hash,
      verified_email: p.verified_email,
    })
    .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing()),
);

/** `root`: the database `db` is a transaction of, so prepared statements compile once for all. */
export function createResponsesStore(db: Db, root: Db = db) {
  return {
    /**
     * Inserts unless the idempotency key was used for this form already (the key's claim: see
     * `idempotency/`); true when inserted.
     */
    async insert(row: ResponseRow): Promise<boolean> {
      const result = await insertResponse.run(db, row, root);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    find(formId: string, id: string): Promise<ResponseRow | undefined> {
      return db
        .selectFrom('responses')
        .selectAll()
        .where('form_id', '=', formId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The response of the form under an edit token's hash. */
    findByEditToken(formId: string, tokenHash: string): Promise<ResponseRow | undefined> {
      return db
        .selectFrom('responses')
        .selectAll()
        .where('edit_token_hash', '=', tokenHash)
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },

    /**
     * Replaces the answers of `before` with `after`, keeping the answers replaced as a revision;
     * false when another edit changed the response since `before` was read (nothing written).
     */
    async revise(
      before: ResponseRow,
      after: Pick<ResponseRow, 'answers' | 'variables' | 'language' | 'ending_id' | 'quiz'>,
      nowIso: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('responses')
        .set({ ...after, updated_at: nowIso })
        .where('id', '=', before.id)
        .where((eb) =>
          before.updated_at === null
            ? eb('updated_at', 'is', null)
            : eb('updated_at', '=', before.updated_at),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db
        .insertInto('response_revisions')
        .values({
          id: randomUUID(),
          response_id: before.id,
          answers: before.answers,
          variables: before.variables,
          language: before.language,
          ending_id: before.ending_id,
          quiz: before.quiz,
          answered_at: before.updated_at ?? before.submitted_at,
          replaced_at: nowIso,
        })
        .execute();
      return true;
    },

    /** The answers edits of the response replaced, newest first. */
    revisions(responseId: string) {
      return db
        .selectFrom('response_revisions')
        .selectAll()
        .where('response_id', '=', responseId)
        .orderBy('replaced_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Up to `limit` ids of the form's responses submitted before `beforeIso`, oldest first. */
    async idsBefore(formId: string, beforeIso: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('responses')
        .select('id')
        .where('form_id', '=', formId)
        .where('submitted_at', '<', beforeIso)
        .orderBy('submitted_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Deletes one response of the form (its uploads rows and completed partial go with it); true when it was there. */
    async remove(formId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('responses')
        .where('form_id', '=', formId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async list(formId: string, query: ResponseListQuery): Promise<{ rows: ResponseRow[]; total: number }> {
      let base = db.selectFrom('responses').where('form_id', '=', formId);
      if (query.since !== undefined) base = base.where('submitted_at', '>', query.since);
      if (query.from !== undefined) base = base.where('submitted_at', '>=', query.from);
      if (query.to !== undefined) base = base.where('submitted_at', '<=', query.to);
      // No index serves a substring of any answer: the form's (form_id, submitted_at) index
      // narrows the scan to its responses, and each is tested once (the count and the page).
      if (query.search !== undefined) {
        base = base.where(sqlDialectOf(db).answersContain(sql.ref('responses.answers'), query.search));
      }
      return selectPage(
        base,
        (q) => q.selectAll().orderBy('submitted_at', 'desc').orderBy('id', 'desc'),
        query,
        {
          total: query.total,
          reversed: (q) => q.selectAll().orderBy('submitted_at', 'asc').orderBy('id', 'asc'),
        },
      );
    },

    /**
     * Up to `limit` responses of the form, oldest first, that come after `after` (by submitted_at,
     * then id: the order of the (form_id, submitted_at, id) index), within the inclusive range.
     * One page of an export (see `keysetPages`).
     */
    pageAfter(
      formId: string,
      range: { from?: string | undefined; to?: string | undefined },
      after: ResponseRow | undefined,
      limit: number,
    ): Promise<ResponseRow[]> {
      return db
        .selectFrom('responses')
        .selectAll()
        .where('form_id', '=', formId)
        .$if(range.from !== undefined, (q) => q.where('submitted_at', '>=', range.from!))
        .$if(range.to !== undefined, (q) => q.where('submitted_at', '<=', range.to!))
        .$if(after !== undefined, (q) =>
          q.where((eb) => sortsAfter(eb, ['submitted_at', 'id'], [after!.submitted_at, after!.id])),
        )
        .orderBy('submitted_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type ResponsesStore = ReturnType<typeof createResponsesStore>;
