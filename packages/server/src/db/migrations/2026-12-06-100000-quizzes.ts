import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Quizzes (docs/form-model.md "Quizzes"): a response's marks (`quiz`, JSON `{correct, total,
 * score, passed}`, null for a form that is not a quiz), and the attempts of quizzes with feedback
 * after each answer: the first answer each question was marked for, under a token of which only
 * the SHA-256 is stored. Attempts are deleted with their form and purged after `expires_at`.
 */
export const quizzes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').addColumn('quiz', 'text').execute();
    await db.schema
      .createTable('quiz_attempts')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('quiz_attempts_expiry_idx')
      .on('quiz_attempts')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('quiz_attempts').execute();
    await db.schema.alterTable('responses').dropColumn('quiz').execute();
  },
};
