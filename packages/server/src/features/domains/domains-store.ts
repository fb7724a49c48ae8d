import type { Selectable } from 'kysely';
import type { CustomDomainsTable, Db } from '../../db/database.js';

export type DomainRow = Selectable<CustomDomainsTable>;

/** An account's custom domains; every read but the host look-ups filters on the account. */
export function createDomainsStore(db: Db) {
  return {
    async insert(row: DomainRow): Promise<void> {
      await db.insertInto('custom_domains').values(row).execute();
    },
    list(accountId: string): Promise<DomainRow[]> {
      return db
        .selectFrom('custom_domains')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    find(accountId: string, id: string): Promise<DomainRow | undefined> {
      return db
        .selectFrom('custom_domains')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async update(accountId: string, id: string, values: Partial<Omit<DomainRow, 'id' | 'account_id'>>) {
      const result = await db
        .updateTable('custom_domains')
        .set(values)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('custom_domains')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** The verified domain of this host name, whichever account's; the host is unique among them. */
    verifiedHost(hostname: string): Promise<DomainRow | undefined> {
      return db
        .selectFrom('custom_domains')
        .selectAll()
        .where('hostname', '=', hostname)
        .where('verified_at', 'is not', null)
        .executeTakeFirst();
    },
    /** The share code of the account's form with this slug (or id), if it has one. */
    async shareCodeOf(accountId: string, by: { slug: string } | { id: string }): Promise<string | undefined> {
      let query = db
        .selectFrom('forms')
        .select('share_code')
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null);
      query = 'slug' in by ? query.where('slug', '=', by.slug) : query.where('id', '=', by.id);
      return (await query.executeTakeFirst())?.share_code ?? undefined;
    },
    /** The account whose form (not deleted) has this share code. */
    async accountOfShareCode(code: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('forms')
        .select('account_id')
        .where('share_code', '=', code)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.account_id;
    },
    async formExists(accountId: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('forms')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
