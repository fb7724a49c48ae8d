import type { FormSchema } from '@formloom/contract';
import { sql } from 'kysely';
import type { Db, FormRow, FormUpdate, NewForm } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { selectPage, titleContains } from '../../db/paging.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { conflict } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { archivedEvent, withEvents } from './form-events.js';

export interface FormListQuery {
  page: number;
  limit: number;
  /** Already lower-cased; matched anywhere in the title. */
  search?: string | undefined;
  /** ISO timestamp: only forms updated strictly after it. */
  since?: string | undefined;
}

// The submission path's statements, compiled once (see preparedQuery).
const byShareCode = preparedQuery((db: Db, p: { code: string }) =>
  db.selectFrom('forms').selectAll().where('deleted_at', 'is', null).where('share_code', '=', p.code),
);
// Every column but `schema`: a submission whose validator is cached needs no schema text.
const byShareCodeWithoutSchema = preparedQuery((db: Db, p: { code: string }) =>
  db
    .selectFrom('forms')
    .select([
      'id',
      'account_id',
      'title',
      'title_search',
      'description',
      'publish_status',
      'publish_visibility',
      'share_code',
      'published_at',
      'expires_at',
      'response_count',
      'version',
      'revision',
      'retention_days',
      'slug',
      'deleted_at',
      'created_at',
      'updated_at',
      'access_password_hash',
      'access_opens_at',
      'access_closed_message',
      'access_one_response',
      'access_edit_hours',
    ])
    .where('deleted_at', 'is', null)
    .where('share_code', '=', p.code),
);
const addResponse = preparedQuery((db: Db, p: { id: string }) =>
  db
    .updateTable('forms')
    .set((eb) => ({ response_count: eb('response_count', '+', 1) }))
    .where('id', '=', p.id)
    .returning('response_count'),
);

/**
 * The values to write with the schema's `settings.slug` beside it, when they carry a schema: the
 * column is what keeps a slug unique among the account's forms (a unique index).
 */
function withSlug<V extends { schema?: string | undefined; slug?: string | null | undefined }>(values: V): V {
  if (typeof values.schema !== 'string') return values;
  const slug = (JSON.parse(values.schema) as FormSchema).settings?.slug;
  return { ...values, slug: typeof slug === 'string' ? slug : null };
}

/** A write refused by the account's slug index: another form of the account has the slug. */
function isSlugClash(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  return (
    constraint === 'forms_account_slug_uq' || (typeof message === 'string' && message.includes('forms.slug'))
  );
}

/** Runs a write of a form's row; a slug clash becomes a 409 that says so. */
async function slugChecked<T>(write: () => Promise<T>, slug: string | null | undefined): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSlugClash(error)) {
      throw conflict(`Another form of the account already has the slug "${slug}": choose another one`);
    }
    throw error;
  }
}

/** Shards of an uncapped form's response count: concurrent submissions rarely meet on one. */
export const RESPONSE_COUNT_SHARDS = 16;

const addResponseToShard = preparedQuery((db: Db, p: { formId: string; shard: number }) =>
  db
    .insertInto('form_response_counts')
    .values({ form_id: p.formId, shard: p.shard, count: 1 })
    .onConflict((oc) =>
      oc.columns(['form_id', 'shard']).doUpdateSet({ count: sql`form_response_counts.count + 1` }),
    ),
);

const shardTotal = preparedQuery((db: Db, p: { formId: string }) =>
  db
    .selectFrom('form_response_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('total'))
    .where('form_id', '=', p.formId),
);

/**
 * Forms of one account. Every read filters on the account and on `deleted_at is null`, so a
 * soft-deleted form or another account's form is simply not found. `root`: the database `db`
 * is a transaction of, so its prepared statements are compiled once for all of them. `outbox`:
 * the app's outbox wake-up, woken when archiving queued a delivery.
 */
export function createFormsStore(db: Db, root: Db = db, outbox?: Wake) {
  const visible = () => db.selectFrom('forms').where('deleted_at', 'is', null);
  const sharded = async (id: string): Promise<number> => {
    const [row] = (await shardTotal.run(db, { formId: id }, root)).rows;
    return Number(row?.total ?? 0);
  };
  const withFullCount = async <R extends Pick<FormRow, 'id' | 'response_count'>>(row: R): Promise<R> => ({
    ...row,
    response_count: Number(row.response_count) + (await sharded(row.id)),
  });

  return {
    async insert(row: NewForm): Promise<void> {
      const values = withSlug(row);
      await slugChecked(() => db.insertInto('forms').values(values).execute(), values.slug);
    },

    find(accountId: string, id: string): Promise<FormRow | undefined> {
      return visible()
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findByShareCode(code: string): Promise<FormRow | undefined> {
      return (await byShareCode.run(db, { code }, root)).rows[0];
    },

    /** As `findByShareCode`, without the `schema` column. */
    async findByShareCodeWithoutSchema(code: string): Promise<Omit<FormRow, 'schema'> | undefined> {
      return (await byShareCodeWithoutSchema.run(db, { code }, root)).rows[0];
    },

    /** The forms (not deleted) with a retention: their id, account and days. */
    retained(): Promise<{ id: string; account_id: string; retention_days: number }[]> {
      return visible()
        .select(['id', 'account_id', 'retention_days'])
        .where('retention_days', 'is not', null)
        .execute() as Promise<{ id: string; account_id: string; retention_days: number }[]>;
    },

    async shareCodeTaken(code: string): Promise<boolean> {
      const row = await db.selectFrom('forms').select('id').where('share_code', '=', code).executeTakeFirst();
      return row !== undefined;
    },

    async list(accountId: string, query: FormListQuery): Promise<{ rows: FormRow[]; total: number }> {
      let base = visible().where('account_id', '=', accountId);
      if (query.search !== undefined && query.search !== '') {
        // SQLite has no default LIKE escape character; PostgreSQL's is the backslash. Say it.
        base = base.where(titleContains(query.search));
      }
      if (query.since !== undefined) base = base.where('updated_at', '>', query.since);
      return selectPage(
        base,
        (q) => q.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
        query,
      );
    },

    /**
     * Writes an edit made to `version` of the form and bumps the version. False when the form is
     * gone or another edit came first; the caller reads again and retries.
     */
    async updateVersion(
      accountId: string,
      id: string,
      version: number,
      values: FormUpdate,
    ): Promise<boolean> {
      const set = withSlug(values);
      const result = await slugChecked(
        () =>
          db
            .updateTable('forms')
            .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
            .where('account_id', '=', accountId)
            .where('id', '=', id)
            .where('version', '=', version)
            .where('deleted_at', 'is', null)
            .executeTakeFirst(),
        set.slug,
      );
      return Number(result.numUpdatedRows) > 0;
    },

    /** Updates a visible form; false when there is none (deleted, foreign or unknown). */
    async update(accountId: string, id: string, values: FormUpdate): Promise<boolean> {
      const set = withSlug(values);
      const result = await slugChecked(
        () =>
          db
            .updateTable('forms')
            .set(set)
            .where('account_id', '=', accountId)
            .where('id', '=', id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst(),
        set.slug,
      );
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Adds one to the response count on the form's row and returns the form's new count (with
     * its shards): for a form with `maxResponses`, whose row lock makes the count exact.
     */
    async incrementResponses(id: string): Promise<number> {
      const [row] = (await addResponse.run(db, { id }, root)).rows;
      if (row === undefined) throw new Error(`form ${id} vanished while a response was stored`);
      return Number(row.response_count) + (await sharded(id));
    },

    /**
     * Adds one to the response count in one of the form's shards, chosen at random: for a form
     * without a cap, so submissions do not wait on each other for one row.
     */
    async incrementShardedResponses(id: string): Promise<void> {
      const shard = Math.floor(Math.random() * RESPONSE_COUNT_SHARDS);
      await addResponseToShard.run(db, { formId: id, shard }, root);
    },

    /**
     * Takes one off the response count (a response was deleted): in a shard, so the form's row
     * (its version, its lock) is left alone; the count is the row's plus its shards' either way.
     */
    async decrementResponses(id: string): Promise<void> {
      const shard = Math.floor(Math.random() * RESPONSE_COUNT_SHARDS);
      await db
        .insertInto('form_response_counts')
        .values({ form_id: id, shard, count: -1 })
        .onConflict((oc) =>
          oc.columns(['form_id', 'shard']).doUpdateSet({ count: sql`form_response_counts.count - 1` }),
        )
        .execute();
    },

    /** The form row with `response_count` the form's whole count (its row plus its shards). */
    withFullCount,

    /**
     * PUBLISHED forms whose `expires_at` has passed become ARCHIVED, each with its FORM_EXPIRED
     * event in the same transaction; returns their ids.
     */
    async archiveExpired(nowIso: string, accountId?: string): Promise<string[]> {
      return withEvents(
        db,
        async (trx) => {
          let query = trx
            .updateTable('forms')
            .set({ publish_status: 'ARCHIVED', updated_at: nowIso })
            .where('publish_status', '=', 'PUBLISHED')
            .where('deleted_at', 'is', null)
            .where('expires_at', 'is not', null)
            .where('expires_at', '<=', nowIso);
          if (accountId !== undefined) query = query.where('account_id', '=', accountId);
          const rows = await query.returningAll().execute();
          const counted = await Promise.all(rows.map((r) => createFormsStore(trx, root).withFullCount(r)));
          return { result: rows.map((r) => r.id), events: counted.map((r) => archivedEvent(r, nowIso)) };
        },
        outbox,
      );
    },

    /**
     * Archives a PUBLISHED form (expired or full) and records why (FORM_EXPIRED or
     * FORM_RESPONSES_LIMIT_REACHED) in the same transaction. False when it was not PUBLISHED
     * any more (someone else archived it first: one event, not two).
     */
    async archive(row: FormRow, nowIso: string, schema?: FormSchema): Promise<boolean> {
      return withEvents(
        db,
        async (trx) => {
          const result = await trx
            .updateTable('forms')
            .set({ publish_status: 'ARCHIVED', updated_at: nowIso })
            .where('id', '=', row.id)
            .where('publish_status', '=', 'PUBLISHED')
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          const done = Number(result.numUpdatedRows) > 0;
          // The count as stored now (the caller's row may predate this transaction's own response).
          const stored = done
            ? await trx
                .selectFrom('forms')
                .select(['id', 'response_count'])
                .where('id', '=', row.id)
                .executeTakeFirst()
            : undefined;
          const counted =
            stored === undefined
              ? row
              : {
                  ...row,
                  response_count: (await createFormsStore(trx, root).withFullCount(stored)).response_count,
                };
          return { result: done, events: done ? [archivedEvent(counted, nowIso, schema)] : [] };
        },
        outbox,
      );
    },

    /** A soft-deleted form by id, whatever its account (operator use). */
    findDeleted(id: string): Promise<FormRow | undefined> {
      return db
        .selectFrom('forms')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
    },

    async restore(id: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('forms')
        .set({ deleted_at: null, updated_at: nowIso })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes for good (up to 500 per call) the forms soft-deleted before the cutoff, with their responses. */
    async purgeDeletedBefore(cutoffIso: string): Promise<number> {
      const ids = (
        await db
          .selectFrom('forms')
          .select('id')
          .where('deleted_at', 'is not', null)
          .where('deleted_at', '<', cutoffIso)
          .limit(500)
          .execute()
      ).map((r) => r.id);
      if (ids.length === 0) return 0;
      await db.deleteFrom('responses').where('form_id', 'in', ids).execute();
      await db.deleteFrom('form_response_counts').where('form_id', 'in', ids).execute();
      await db.deleteFrom('forms').where('id', 'in', ids).execute();
      return ids.length;
    },
  };
}

export type FormsStore = ReturnType<typeof createFormsStore>;
