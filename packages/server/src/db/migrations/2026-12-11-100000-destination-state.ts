import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What a destination's provider keeps between deliveries (docs/integrations.md "Google Sheets"):
 * a sheet's numeric id and its columns in order, by field id, so a renamed field keeps its column
 * and a new one is added at the end. Null for providers that keep nothing.
 */
export const destinationState: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('destinations').addColumn('state', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('destinations').dropColumn('state').execute();
  },
};
