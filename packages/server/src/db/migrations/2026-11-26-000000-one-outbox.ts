import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Columns the two families share, named the same in both. */
const TARGET_STATE = [
  'id',
  'account_id',
  'events',
  'is_active',
  'consecutive_failures',
  'disabled_reason',
  'lease_owner',
  'lease_until',
  'created_at',
  'updated_at',
] as const;
const DELIVERY = [
  'id',
  'event_id',
  'endpoint_id',
  'account_id',
  'event_seq',
  'event_type',
  'status',
  'attempt_count',
  'next_attempt_at',
  'created_at',
  'updated_at',
] as const;
const ATTEMPT = [
  'delivery_id',
  'attempt',
  'started_at',
  'duration_ms',
  'status_code',
  'ok',
  'error',
  'response_body',
] as const;

/**
 * One outbox (docs/webhooks.md "How it works inside"): webhook endpoints become `outbox_targets` rows of the
 * channel `webhook`, their deliveries and attempts move into `outbox_deliveries` and
 * `outbox_delivery_attempts`, and the three webhook tables go. Every row keeps its id, so delivery ids
 * receivers have seen, event order (`event_seq`), counters, leases and timestamps stay as they were. The
 * endpoint's sealed secret moves as is into `config_sealed` (sealed with the endpoint id as context, as every
 * target's config is). The columns the webhooks API shows (`url`, `description`, `secret_last4`) are added to
 * the targets, empty for chat connections; a webhook endpoint's URL stays unique per account (a partial
 * index: other channels, such as report callbacks, may send to one URL several times).
 */
export const oneOutbox: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration works on tables the typed schema no longer has
  async up(db: Kysely<any>) {
    await db.schema.alterTable('outbox_targets').addColumn('url', 'text').execute();
    await db.schema.alterTable('outbox_targets').addColumn('description', 'text').execute();
    await db.schema.alterTable('outbox_targets').addColumn('secret_last4', 'text').execute();

    await db
      .insertInto('outbox_targets')
      .columns([...TARGET_STATE, 'channel', 'label', 'config_sealed', 'url', 'description', 'secret_last4'])
      .expression(
        db
          .selectFrom('webhook_endpoints')
          .select([
            ...TARGET_STATE,
            sql.lit('webhook').as('channel'),
            'url as label',
            'secret_sealed',
            'url',
            'description',
            'secret_last4',
          ]),
      )
      .execute();
    await db
      .insertInto('outbox_deliveries')
      .columns([...DELIVERY])
      .expression(db.selectFrom('webhook_deliveries').select([...DELIVERY]))
      .execute();
    await db
      .insertInto('outbox_delivery_attempts')
      .columns([...ATTEMPT])
      .expression(db.selectFrom('webhook_delivery_attempts').select([...ATTEMPT]))
      .execute();

    await db.schema.dropTable('webhook_delivery_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
    await db.schema
      .createIndex('outbox_targets_account_url')
      .on('outbox_targets')
      .columns(['account_id', 'url'])
      .unique()
      .where(sql.ref('channel'), '=', sql.lit('webhook'))
      .execute();

    await moveCallbackJobs(db);
  },

  // No down: going back means restoring the backup taken before the upgrade (docs/self-hosting.md).
};

/**
 * Smart analytics callbacks were AI jobs (`analytics-callback`) that posted and retried
 * themselves; now each is an outbox target of the channel `analytics-callback` (its id is the
 * report's) with one delivery. A callback still waiting or retrying moves with its attempt count
 * (the report's `delivery_attempts`) and its next run; finished jobs stay as they were (the report
 * keeps its delivery columns).
 */
// biome-ignore lint/suspicious/noExplicitAny: see up
async function moveCallbackJobs(db: Kysely<any>): Promise<void> {
  const waiting = await db
    .selectFrom('ai_jobs')
    .select(['id', 'input', 'run_after'])
    .where('kind', '=', 'analytics-callback')
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .orderBy('created_at')
    .execute();
  const last = await db
    .selectFrom('webhook_events')
    .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  for (const { id: jobId, input, run_after } of waiting) {
    const { reportId } = JSON.parse(input) as { reportId: string };
    const job = await db
      .selectFrom('analytics_reports')
      .select(['id', 'account_id', 'callback_url', 'callback_body', 'delivery_attempts', 'updated_at'])
      .where('id', '=', reportId)
      .executeTakeFirst();
    if (job === undefined || job.callback_body === null) continue;
    seq += 1;
    await db
      .insertInto('outbox_targets')
      .values({
        id: job.id,
        account_id: job.account_id,
        channel: 'analytics-callback',
        label: job.callback_url,
        url: job.callback_url,
        config_sealed: '',
        events: '[]',
        is_active: 1,
        consecutive_failures: 0,
        created_at: job.updated_at,
        updated_at: job.updated_at,
      })
      .execute();
    await db
      .insertInto('webhook_events')
      .values({
        id: jobId,
        seq,
        account_id: job.account_id,
        type: 'ANALYTICS_CALLBACK',
        payload: job.callback_body,
        created_at: job.updated_at,
      })
      .execute();
    await db
      .insertInto('outbox_deliveries')
      .values({
        id: jobId,
        event_id: jobId,
        endpoint_id: job.id,
        account_id: job.account_id,
        event_seq: seq,
        event_type: 'ANALYTICS_CALLBACK',
        status: 'pending',
        attempt_count: Number(job.delivery_attempts),
        next_attempt_at: run_after,
        created_at: job.updated_at,
        updated_at: job.updated_at,
      })
      .execute();
    await db.deleteFrom('ai_jobs').where('id', '=', jobId).execute();
  }
}
