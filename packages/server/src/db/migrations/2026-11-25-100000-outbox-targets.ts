import type { Kysely, Migration } from 'kysely';

/**
 * The outbox's targets for every channel besides webhook endpoints (issue 12 item 2): Slack and
 * Discord connections now, any later channel the same way. A target row carries the delivery
 * state the worker needs (active, failures in a row, lease), the channel that sends to it, and its
 * channel's settings sealed with the server key. Deliveries and attempts mirror the webhook tables
 * column for column, so one store serves both; events stay in `webhook_events`, the one event
 * table of the outbox.
 */
export const outboxTargets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox_targets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('config_sealed', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('disabled_reason', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('outbox_targets_account_idx')
      .on('outbox_targets')
      .columns(['account_id', 'channel'])
      .execute();

    await db.schema
      .createTable('outbox_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
      .addColumn('endpoint_id', 'text', (c) =>
        c.notNull().references('outbox_targets.id').onDelete('cascade'),
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
    await db.schema
      .createIndex('outbox_deliveries_due_idx')
      .on('outbox_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('outbox_deliveries_endpoint_idx')
      .on('outbox_deliveries')
      .columns(['endpoint_id', 'status', 'event_seq'])
      .execute();
    await db.schema
      .createIndex('outbox_deliveries_event_idx')
      .on('outbox_deliveries')
      .column('event_id')
      .execute();

    await db.schema
      .createTable('outbox_delivery_attempts')
      .addColumn('delivery_id', 'text', (c) =>
        c.notNull().references('outbox_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('ok', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('response_body', 'text')
      .addPrimaryKeyConstraint('outbox_delivery_attempts_pk', ['delivery_id', 'attempt'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox_delivery_attempts').execute();
    await db.schema.dropTable('outbox_deliveries').execute();
    await db.schema.dropTable('outbox_targets').execute();
  },
};
