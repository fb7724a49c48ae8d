import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Files uploaded through the public upload route. A row is made when the file is stored and
 * claimed (`response_id`) by the submission that carries its id; an unclaimed row expires.
 * The bytes are in the storage backend under `storage_key`, not in the database.
 */
export const uploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('field_id', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('response_id', 'text', (c) => c.references('responses.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('uploads_form_idx').on('uploads').column('form_id').execute();
    // The expiry sweep looks for unclaimed uploads past their time.
    await db.schema
      .createIndex('uploads_unclaimed_expiry_idx')
      .on('uploads')
      .columns(['response_id', 'expires_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('uploads').execute();
  },
};
