import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const COLUMNS = ['started_by_type', 'started_by_id', 'started_by_email', 'started_by_ip'] as const;

/**
 * Who queued an AI job (docs/server.md "Audit log"): the member or key, with their email and address,
 * so the changes the worker makes for the job (a generated form, a translation) are recorded as
 * theirs and in the job's account. Null for jobs no member or key started (a respondent finishing
 * an interview queues its analysis) and for jobs queued before.
 */
export const aiJobStarters: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite adds one at a time.
    for (const column of COLUMNS) await db.schema.alterTable('ai_jobs').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of COLUMNS) await db.schema.alterTable('ai_jobs').dropColumn(column).execute();
  },
};
