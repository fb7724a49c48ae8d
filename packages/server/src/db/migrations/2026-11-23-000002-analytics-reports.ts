import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The account's analytics signing secret (sealed like webhook secrets) and smart analytics
 * reports: the AI job's result and the state of its signed callback delivery.
 */
export const analyticsReports: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('analytics_secrets')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('secret_last4', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('analytics_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('callback_url', 'text', (c) => c.notNull())
      // PENDING, PROCESSING, DONE, FAILED
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('report', 'text')
      .addColumn('error', 'text')
      // The exact callback body, fixed when the report ends, so every retry sends the same bytes
      .addColumn('callback_body', 'text')
      // PENDING, DELIVERED, FAILED
      .addColumn('delivery_status', 'text', (c) => c.notNull())
      .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delivery_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('analytics_reports_form_idx')
      .on('analytics_reports')
      .column('form_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('analytics_reports').execute();
    await db.schema.dropTable('analytics_secrets').execute();
  },
};
