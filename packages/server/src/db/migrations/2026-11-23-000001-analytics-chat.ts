import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Analytics chat sessions: the conversation about one form's responses. */
export const analyticsChat: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('analytics_chat_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      // [{role, content}], questions and answers in order, JSON
      .addColumn('messages', 'text', (c) => c.notNull())
      // Questions asked in the session (at most 10)
      .addColumn('question_count', 'integer', (c) => c.notNull())
      .addColumn('last_active_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('analytics_chat_sessions_form_idx')
      .on('analytics_chat_sessions')
      .column('form_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('analytics_chat_sessions').execute();
  },
};
