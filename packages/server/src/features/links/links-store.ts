import type { Db } from '../../db/database.js';
import { selectPage } from '../../db/paging.js';

export interface NewLink {
  id: string;
  form_id: string;
  account_id: string;
  token_hash: string;
  email: string | null;
  prefill: string | null;
  created_at: string;
}

/** Rows a single insert holds: well under every dialect's limit of bound parameters. */
const INSERT_CHUNK = 100;

/** A form's personal links (`form_links`) and the codes of its respondents' addresses (`form_email_codes`). */
export function createLinksStore(db: Db) {
  return {
    /** What the links of a form need of it: its code, schema and language; undefined for another account's. */
    ownedForm(accountId: string, id: string) {
      return db
        .selectFrom('forms')
        .select(['id', 'account_id', 'title', 'share_code', 'schema'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async insert(rows: readonly NewLink[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await db
          .insertInto('form_links')
          .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, used_at: null, response_id: null })))
          .execute();
      }
    },

    list(formId: string, paging: { page: number; limit: number }) {
      return selectPage(
        db.selectFrom('form_links').where('form_id', '=', formId),
        (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        paging,
      );
    },

    async remove(formId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('form_links')
        .where('form_id', '=', formId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    byTokenHash(formId: string, tokenHash: string) {
      return db
        .selectFrom('form_links')
        .select(['id', 'prefill', 'used_at'])
        .where('form_id', '=', formId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks the link used by `responseId`, unless it is already: a conditional update, so it happens once. */
    async use(id: string, responseId: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('form_links')
        .set({ used_at: nowIso, response_id: responseId })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whether a response of the form came from `address`. */
    async answeredFrom(formId: string, address: string): Promise<boolean> {
      const row = await db
        .selectFrom('responses')
        .select('id')
        .where('form_id', '=', formId)
        .where('verified_email', '=', address)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertCode(row: {
      id: string;
      form_id: string;
      email: string;
      code_hash: string;
      expires_at: string;
      created_at: string;
    }): Promise<void> {
      await db.insertInto('form_email_codes').values(row).execute();
    },

    async removeCode(id: string): Promise<void> {
      await db.deleteFrom('form_email_codes').where('id', '=', id).execute();
    },

    /** The newest code sent to `address` for the form that has not expired. */
    latestCode(formId: string, address: string, nowIso: string) {
      return db
        .selectFrom('form_email_codes')
        .selectAll()
        .where('form_id', '=', formId)
        .where('email', '=', address)
        .where('expires_at', '>', nowIso)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A right code is used up: its address is proven, the code answers no more. */
    async spendCode(id: string): Promise<void> {
      await db.deleteFrom('form_email_codes').where('id', '=', id).execute();
    },

    /** Forgets the codes expired before `nowIso` (the hourly chore). */
    async purgeCodes(nowIso: string): Promise<number> {
      const result = await db
        .deleteFrom('form_email_codes')
        .where('expires_at', '<=', nowIso)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
