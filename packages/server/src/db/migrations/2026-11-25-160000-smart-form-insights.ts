import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for smart-form insights (aggregate analytics, chat, export): every figure reads only
 * an index, never the sessions' rows (whose analysis JSON would make each scan read every page).
 */
export const smartFormInsights: Migration = {
  async up(db: Kysely<unknown>) {
    // Covers every column the figures count: a form's sessions by status, read from the index alone.
    await db.schema
      .createIndex('smart_form_sessions_figures_idx')
      .on('smart_form_sessions')
      .columns([
        'smart_form_id',
        'status',
        'completed_at',
        'started_at',
        'duration_ms',
        'sentiment_label',
        'sentiment_score',
        'answered_count',
      ])
      .execute();
    // The median duration: the middle of a form's completed durations, read in order.
    await db.schema
      .createIndex('smart_form_sessions_duration_idx')
      .on('smart_form_sessions')
      .columns(['smart_form_id', 'status', 'duration_ms'])
      .execute();
    // Theme frequencies of a form, grouped straight off the index.
    await db.schema
      .createIndex('smart_form_session_themes_theme_idx')
      .on('smart_form_session_themes')
      .columns(['smart_form_id', 'theme', 'session_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('smart_form_session_themes_theme_idx').execute();
    await db.schema.dropIndex('smart_form_sessions_duration_idx').execute();
    await db.schema.dropIndex('smart_form_sessions_figures_idx').execute();
  },
};
