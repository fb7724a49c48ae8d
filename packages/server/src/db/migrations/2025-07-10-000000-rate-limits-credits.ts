import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Rate-limit counters (one row per account) and the credit ledger.
 * Portable column types only, like the initial migration.
 */
export const rateLimitsAndCredits: Migration = {
  async up(db: Kysely<unknown>) {
    // One row per account, so a request is counted by one single-row statement: see counters-store.
    await db.schema
      .createTable('rate_limit_counters')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('minute_start', 'text', (c) => c.notNull())
      .addColumn('minute_points', 'integer', (c) => c.notNull())
      .addColumn('hour_start', 'text', (c) => c.notNull())
      .addColumn('hour_points', 'integer', (c) => c.notNull())
      .addColumn('month_start', 'text', (c) => c.notNull())
      .addColumn('month_points', 'integer', (c) => c.notNull())
      // The AI endpoints' own hourly counts, in the window of hour_start.
      .addColumn('ai_generate_form', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ai_smart_analytics', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ai_analytics_chat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ai_smart_form_chat', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('credit_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      // grant, reserve or refund
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('balance_after', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // On a refund: the reservation it gives back.
      .addColumn('reservation_id', 'text')
      // On a reservation: how much of it has been refunded so far (never more than it took).
      .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('credit_ledger_account_idx')
      .on('credit_ledger')
      .columns(['account_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('credit_ledger').execute();
    await db.schema.dropTable('rate_limit_counters').execute();
  },
};
