import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * For several instances on one database: the per-address limit of the public routes, counted in
 * the database (PostgreSQL) instead of each process's memory, and the Idempotency-Key records of
 * the create routes, so a retry that lands on another instance still finds the first answer.
 * The rate-limit counters learn how many requests their last statement granted, so one statement
 * can count a whole batch of an account's requests. A form without `maxResponses` counts its
 * responses in a few shard rows, so concurrent submissions do not queue on the form's row.
 */
export const scaleOut: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rate_limit_counters')
      .addColumn('last_granted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('form_response_counts')
      // No foreign key on purpose: its check would share-lock the form's row on every
      // submission, the hot spot these shards avoid. The purge deletes a form's shards.
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('shard', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('form_response_counts_pk', ['form_id', 'shard'])
      .execute();

    await db.schema
      .createTable('public_rate_limits')
      // The client's address as counted (an IPv4 address or an IPv6 /64).
      .addColumn('client', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('public_rate_limits_window_idx')
      .on('public_rate_limits')
      .column('window_start')
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      // SHA-256 of the method, the route and the body: the same key with another request is a 409.
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      // Null while the first request runs; then the answer every retry gets.
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_expiry_idx')
      .on('idempotency_keys')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
    await db.schema.dropTable('form_response_counts').execute();
    await db.schema.dropTable('public_rate_limits').execute();
    await db.schema.alterTable('rate_limit_counters').dropColumn('last_granted').execute();
  },
};
