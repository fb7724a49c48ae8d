import type { Db } from '../../db/database.js';

/** The `analytics_secrets` table: one sealed signing secret per account. */
export function createSigningSecretsStore(db: Db) {
  return {
    /** Stores the account's secret, replacing its earlier one. */
    async put(row: { account_id: string; secret_sealed: string; secret_last4: string; created_at: string }) {
      await db
        .insertInto('analytics_secrets')
        .values(row)
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({
            secret_sealed: row.secret_sealed,
            secret_last4: row.secret_last4,
            created_at: row.created_at,
          }),
        )
        .execute();
    },
    info(accountId: string) {
      return db
        .selectFrom('analytics_secrets')
        .select(['secret_last4', 'created_at'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },
    sealed(accountId: string) {
      return db
        .selectFrom('analytics_secrets')
        .select('secret_sealed')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },
  };
}
