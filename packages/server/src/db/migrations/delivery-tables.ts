import type { Kysely } from 'kysely';

/**
 * The deliveries and attempts tables of a group of outbox targets, column for column and index for
 * index: written once for the two migrations that made such tables (webhook endpoints in 2025-07,
 * the other channels' targets in 2026-11). Released migrations must keep making exactly the
 * schema they made; the upgrade and migration tests hold them to it.
 */
export async function createDeliveryTables(
  db: Kysely<unknown>,
  names: { targets: string; deliveries: string; attempts: string },
): Promise<void> {
  const { targets, deliveries, attempts } = names;
  await db.schema
    .createTable(deliveries)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references(`${targets}.id`).onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_seq', 'integer', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The worker's two questions: which targets have due work, and what is a target's next one.
  await db.schema
    .createIndex(`${deliveries}_due_idx`)
    .on(deliveries)
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex(`${deliveries}_endpoint_idx`)
    .on(deliveries)
    .columns(['endpoint_id', 'status', 'event_seq'])
    .execute();
  await db.schema.createIndex(`${deliveries}_event_idx`).on(deliveries).column('event_id').execute();

  await db.schema
    .createTable(attempts)
    .addColumn('delivery_id', 'text', (c) => c.notNull().references(`${deliveries}.id`).onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_body', 'text')
    .addPrimaryKeyConstraint(`${attempts}_pk`, ['delivery_id', 'attempt'])
    .execute();
}
