import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Invitations of members (docs/server.md "API keys and members over the API"): a one-time link
 * `<id>.<secret>` valid 7 days, of which only the secret's SHA-256 is stored (as for sessions and API keys).
 * Spent once, or revoked.
 */
export const invitations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('invitations_account_idx')
      .on('invitations')
      .columns(['account_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('invitations').execute();
  },
};
