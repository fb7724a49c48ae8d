import type { Kysely, Migration } from 'kysely';

/**
 * Webhook endpoints, the event outbox, deliveries and their attempts (issue 6). Portable column
 * types only (text, integer), like the initial migration.
 */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('secret_last4', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled_reason', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('webhook_endpoints_account_url', ['account_id', 'url'])
      .execute();

    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'integer', (c) => c.notNull().unique())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_events_created_idx')
      .on('webhook_events')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
      .addColumn('endpoint_id', 'text', (c) =>
        c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('event_seq', 'integer', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // The worker's two questions: which endpoints have due work, and what is an endpoint's next one.
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint_idx')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'status', 'event_seq'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_event_idx')
      .on('webhook_deliveries')
      .column('event_id')
      .execute();

    await db.schema
      .createTable('webhook_delivery_attempts')
      .addColumn('delivery_id', 'text', (c) =>
        c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('ok', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('response_body', 'text')
      .addPrimaryKeyConstraint('webhook_delivery_attempts_pk', ['delivery_id', 'attempt'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_delivery_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_events').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
