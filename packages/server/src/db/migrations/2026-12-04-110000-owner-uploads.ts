import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Images a form maker uploads (`POST /v1/uploads`), named in schemas as `upload:<id>`. The bytes
 * are in the storage backend under `storage_key`. `checked_at` is when the sweep last found the
 * upload named by a form of its account (at first: when it was made); one no form names a day
 * after that is deleted.
 */
export const ownerUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('owner_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('owner_uploads_account_idx')
      .on('owner_uploads')
      .column('account_id')
      .execute();
    await db.schema
      .createIndex('owner_uploads_checked_idx')
      .on('owner_uploads')
      .column('checked_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('owner_uploads').execute();
  },
};
