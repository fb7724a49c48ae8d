import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * AI jobs (a queue worked like the webhook outbox: claimed with a lease, taken over when the
 * lease runs out) and the token usage of every AI call. Portable column types only.
 */
export const aiJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ai_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      // generate-form now; session analysis and reports later
      .addColumn('kind', 'text', (c) => c.notNull())
      // PENDING, PROCESSING, DONE, FAILED
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('error', 'text')
      // The AiProvenance of the provider that did the work, as JSON
      .addColumn('provider', 'text')
      // The credit reservation the job holds: refunded when the job fails
      .addColumn('reservation_id', 'text')
      // Times the job was claimed: a job whose worker keeps dying fails after a few
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_after', 'text', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute();
    // The worker's claim: due pending jobs and expired leases.
    await db.schema.createIndex('ai_jobs_claim_idx').on('ai_jobs').columns(['status', 'run_after']).execute();
    await db.schema.createIndex('ai_jobs_account_idx').on('ai_jobs').column('account_id').execute();
    await db.schema.createIndex('ai_jobs_finished_idx').on('ai_jobs').column('finished_at').execute();

    await db.schema
      .createTable('ai_usage')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('job_id', 'text')
      // The task (generate-form, ...), the provider and model that answered
      .addColumn('task', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
      .addColumn('completion_tokens', 'integer', (c) => c.notNull())
      // 1 when the provider reported no usage and the tokenizer counted it
      .addColumn('estimated', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ai_usage_account_idx')
      .on('ai_usage')
      .columns(['account_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ai_usage').execute();
    await db.schema.dropTable('ai_jobs').execute();
  },
};
