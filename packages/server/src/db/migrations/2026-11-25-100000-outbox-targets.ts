import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createDeliveryTables } from './delivery-tables.js';

/**
 * The outbox's targets for every channel besides webhook endpoints (docs/webhooks.md "How it works inside"):
 * Slack and Discord connections now, any later channel the same way. A target row carries the delivery state
 * the worker needs (active, failures in a row, lease), the channel that sends to it, and its channel's
 * settings sealed with the server key. Deliveries and attempts mirror the webhook tables column for column,
 * so one store serves both; events stay in `webhook_events`, the one event table of the outbox.
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

    await createDeliveryTables(db, {
      targets: 'outbox_targets',
      deliveries: 'outbox_deliveries',
      attempts: 'outbox_delivery_attempts',
    });
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox_delivery_attempts').execute();
    await db.schema.dropTable('outbox_deliveries').execute();
    await db.schema.dropTable('outbox_targets').execute();
  },
};
