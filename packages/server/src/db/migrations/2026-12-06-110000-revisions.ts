import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Revisions and drafts (docs/server.md "Revisions and drafts"): each change to the live schema of
 * a form that has been published is a numbered revision (its title and schema, when, by whom);
 * the form names its live revision and a response the revision it answered (null for rows stored
 * before). A draft keeps a published form's changes apart until they are published. Both go with
 * their form.
 */
export const revisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').addColumn('revision', 'integer').execute();
    await db.schema.alterTable('responses').addColumn('form_revision', 'integer').execute();
    await db.schema
      .createTable('form_revisions')
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('schema', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('by_type', 'text')
      .addColumn('by_id', 'text')
      .addColumn('by_email', 'text')
      .addPrimaryKeyConstraint('form_revisions_pk', ['form_id', 'revision'])
      .execute();
    await db.schema
      .createTable('form_drafts')
      .addColumn('form_id', 'text', (c) => c.primaryKey().references('forms.id').onDelete('cascade'))
      .addColumn('title', 'text')
      .addColumn('schema', 'text', (c) => c.notNull())
      .addColumn('base_revision', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('form_drafts').execute();
    await db.schema.dropTable('form_revisions').execute();
    await db.schema.alterTable('responses').dropColumn('form_revision').execute();
    await db.schema.alterTable('forms').dropColumn('revision').execute();
  },
};
