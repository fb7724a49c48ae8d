import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createDeliveryTables } from './delivery-tables.js';

/**
 * Webhook endpoints, the event outbox, deliveries and their attempts (docs/webhooks.md). Portable column
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

    await createDeliveryTables(db, {
      targets: 'webhook_endpoints',
      deliveries: 'webhook_deliveries',
      attempts: 'webhook_delivery_attempts',
    });
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_delivery_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_events').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
