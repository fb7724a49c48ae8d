import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The audit log (docs/server.md "Audit log"): one row per change by a member or an API key, inserted in the
 * transaction of the change it records. Kept per account, read newest first and filtered; purged
 * after its retention.
 */
export const auditLog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_type', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_email', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .execute();
    // The list and the export read an account's entries by time; the purge by time alone.
    await db.schema
      .createIndex('audit_log_account_idx')
      .on('audit_log')
      .columns(['account_id', 'at', 'id'])
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
  },
};
