import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Webhook endpoints limited to some forms (`form_ids`, a JSON array of form ids; null: every form)
 * and REST hooks (`rest_hook` = 1: made by `POST /v1/hooks`, as Zapier subscribes, and deleted when
 * their URL answers 410 Gone instead of being disabled). Existing endpoints take every form, as
 * before.
 */
export const restHooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox_targets').addColumn('form_ids', 'text').execute();
    await db.schema
      .alterTable('outbox_targets')
      .addColumn('rest_hook', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox_targets').dropColumn('rest_hook').execute();
    await db.schema.alterTable('outbox_targets').dropColumn('form_ids').execute();
  },
};
