import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Accounts, API keys, forms and responses. Only portable column types (text, integer) so the
 * same migration runs on SQLite and PostgreSQL; later issues add their tables in new migrations.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('credit_balance', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('accounts_name_idx').on('accounts').column('name').execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('key_id', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('rotated_to', 'text')
      .addColumn('grace_until', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

    await db.schema
      .createTable('forms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_search', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('schema', 'text', (c) => c.notNull())
      .addColumn('publish_status', 'text', (c) => c.notNull())
      .addColumn('publish_visibility', 'text', (c) => c.notNull())
      .addColumn('share_code', 'text', (c) => c.unique())
      .addColumn('published_at', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('response_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('deleted_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('forms_account_updated_idx')
      .on('forms')
      .columns(['account_id', 'updated_at', 'id'])
      .execute();
    await db.schema.createIndex('forms_deleted_idx').on('forms').column('deleted_at').execute();

    await db.schema
      .createTable('responses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .addColumn('idempotency_fingerprint', 'text')
      .addUniqueConstraint('responses_form_idempotency_key', ['form_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('responses_form_submitted_idx')
      .on('responses')
      .columns(['form_id', 'submitted_at', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('responses').execute();
    await db.schema.dropTable('forms').execute();
    await db.schema.dropTable('api_keys').execute();
    await db.schema.dropTable('accounts').execute();
  },
};
