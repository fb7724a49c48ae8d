import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Smart forms, their interview sessions, each question asked and its
 * answer, the themes of each analysed session (so theme frequencies are counted by the database),
 * and the one-time codes of private smart forms. Portable column types only.
 */
export const smartForms: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('smart_forms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      // `title` lower-cased in JS, so case-insensitive search is the same on every dialect
      .addColumn('title_search', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('target_audience', 'text')
      // JSON array of ISO 639-1 codes
      .addColumn('languages', 'text', (c) => c.notNull())
      .addColumn('max_questions', 'integer', (c) => c.notNull())
      .addColumn('is_private', 'integer', (c) => c.notNull())
      .addColumn('reference_json', 'text')
      // draft or published
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('share_code', 'text', (c) => c.unique())
      .addColumn('published_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('smart_forms_account_idx')
      .on('smart_forms')
      .columns(['account_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('smart_form_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('smart_form_id', 'text', (c) => c.notNull().references('smart_forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      // active, completed or abandoned
      .addColumn('status', 'text', (c) => c.notNull())
      // ISO 639-1; null until known (auto-detect waits for the first answer)
      .addColumn('language', 'text')
      // true when the language was detected rather than given: the first answer may still set it
      .addColumn('language_detected', 'integer', (c) => c.notNull())
      .addColumn('respondent_email', 'text')
      // SHA-256 of the session token, hex; the token itself is never stored
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('question_count', 'integer', (c) => c.notNull())
      .addColumn('answered_count', 'integer', (c) => c.notNull())
      // the interviewer said the purpose is covered (or maxQuestions was reached)
      .addColumn('interview_done', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('last_activity_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .addColumn('duration_ms', 'integer')
      // The AI analysis (SessionAnalysis), JSON; null until analysed
      .addColumn('analysis', 'text')
      .addColumn('analysed_at', 'text')
      .addColumn('sentiment_label', 'text')
      .addColumn('sentiment_score', 'double precision')
      .execute();
    await db.schema
      .createIndex('smart_form_sessions_form_idx')
      .on('smart_form_sessions')
      .columns(['smart_form_id', 'started_at'])
      .execute();
    // The sweeper's scan: active sessions by last activity.
    await db.schema
      .createIndex('smart_form_sessions_activity_idx')
      .on('smart_form_sessions')
      .columns(['status', 'last_activity_at'])
      .execute();

    await db.schema
      .createTable('smart_form_questions')
      .addColumn('session_id', 'text', (c) =>
        c.notNull().references('smart_form_sessions.id').onDelete('cascade'),
      )
      // 1 for the first question; unique per session so two racing requests store one question
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      // true when the model's reply was unusable and the generic question stood in
      .addColumn('fallback', 'integer', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('asked_at', 'text', (c) => c.notNull())
      .addColumn('answered_at', 'text')
      .addPrimaryKeyConstraint('smart_form_questions_pk', ['session_id', 'idx'])
      .execute();

    await db.schema
      .createTable('smart_form_session_themes')
      .addColumn('session_id', 'text', (c) =>
        c.notNull().references('smart_form_sessions.id').onDelete('cascade'),
      )
      .addColumn('smart_form_id', 'text', (c) => c.notNull())
      .addColumn('theme', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('smart_form_session_themes_pk', ['session_id', 'theme'])
      .execute();
    await db.schema
      .createIndex('smart_form_session_themes_form_idx')
      .on('smart_form_session_themes')
      .column('smart_form_id')
      .execute();

    await db.schema
      .createTable('smart_form_otps')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('smart_form_id', 'text', (c) => c.notNull().references('smart_forms.id').onDelete('cascade'))
      // lower-cased
      .addColumn('email', 'text', (c) => c.notNull())
      // the requester's address, for the per-address limit
      .addColumn('ip', 'text', (c) => c.notNull())
      // SHA-256 of the code, keyed by the row id (HMAC), hex
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      // set by a right code: SHA-256 of the verification token the start route takes, once
      .addColumn('verification_hash', 'text')
      .addColumn('verified_at', 'text')
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('smart_form_otps_email_idx')
      .on('smart_form_otps')
      .columns(['smart_form_id', 'email', 'created_at'])
      .execute();
    await db.schema
      .createIndex('smart_form_otps_ip_idx')
      .on('smart_form_otps')
      .columns(['ip', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('smart_form_otps').execute();
    await db.schema.dropTable('smart_form_session_themes').execute();
    await db.schema.dropTable('smart_form_questions').execute();
    await db.schema.dropTable('smart_form_sessions').execute();
    await db.schema.dropTable('smart_forms').execute();
  },
};
