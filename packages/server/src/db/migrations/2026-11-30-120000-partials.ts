import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Partial responses (save and resume, docs/form-model.md "Save and resume"): a respondent's answers saved
 * under a resume token, of which only the SHA-256 is stored. `response_id` is set, once, in the transaction
 * that stores the response completing it (unique: one response per partial). Deleted with the form (cascade)
 * and purged after `expires_at`.
 */
export const partials: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('answered_count', 'integer', (c) => c.notNull())
      .addColumn('page', 'text')
      .addColumn('reached_page', 'text')
      .addColumn('response_id', 'text', (c) => c.unique().references('responses.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    // The owner's list (unfinished, newest first) and the funnel read a form's partials.
    await db.schema
      .createIndex('partials_form_idx')
      .on('partials')
      .columns(['form_id', 'updated_at'])
      .execute();
    // The purge looks for partials past their time.
    await db.schema.createIndex('partials_expiry_idx').on('partials').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partials').execute();
  },
};
