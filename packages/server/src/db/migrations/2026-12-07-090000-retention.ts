import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A form's retention (`settings.retentionDays`, docs/server.md "Retention"), kept beside its schema
 * as a column so that the hourly chore finds the forms that have one without reading every schema.
 * Forms saved before have none (the setting is new).
 */
export const retention: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').addColumn('retention_days', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').dropColumn('retention_days').execute();
  },
};
