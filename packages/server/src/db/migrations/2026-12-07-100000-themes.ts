import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * An account's themes (`/v1/themes`): colours as JSON, the logo and background image as upload
 * ids in columns of their own (the owner uploads' sweep keeps what a theme names), the custom CSS
 * as the maker wrote it and as the page uses it (`css_scoped`: every rule under the form's scope,
 * checked once when saved rather than on every view).
 */
export const themes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('themes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('colors', 'text', (c) => c.notNull())
      .addColumn('font', 'text', (c) => c.notNull())
      .addColumn('radius', 'integer', (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('background_color', 'text')
      .addColumn('background_image', 'text')
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('css', 'text')
      .addColumn('css_scoped', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('themes_account_idx')
      .on('themes')
      .columns(['account_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('themes').execute();
  },
};
