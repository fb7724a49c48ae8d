import { type Kysely, type Migration, sql } from 'kysely';

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
 * One outbox (issue 26 item 1): webhook endpoints become `outbox_targets` rows of the channel
 * `webhook`, their deliveries and attempts move into `outbox_deliveries` and
 * `outbox_delivery_attempts`, and the three webhook tables go. Every row keeps its id, so delivery
 * ids receivers have seen, event order (`event_seq`), counters, leases and timestamps stay as
 * they were. The endpoint's sealed secret moves as is into `config_sealed` (sealed with the
 * endpoint id as context, as every target's config is). The columns the webhooks API shows
 * (`url`, `description`, `secret_last4`) are added to the targets, empty for other channels; a
 * URL stays unique per account and channel (NULLs are distinct on both databases, so chat
 * connections are not constrained).
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
      .columns(['account_id', 'channel', 'url'])
      .unique()
      .execute();
  },

  // No down: going back means restoring the backup taken before the upgrade (docs/self-hosting.md).
};
