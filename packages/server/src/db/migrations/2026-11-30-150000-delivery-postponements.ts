import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * How many of a delivery's logged attempts were postponements (a mail held back by a sending
 * limit, docs/email.md "Limits"): they are in the attempt log, saying why, but do not use up its retries.
 */
export const deliveryPostponements: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('outbox_deliveries')
      .addColumn('postponements', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox_deliveries').dropColumn('postponements').execute();
  },
};
