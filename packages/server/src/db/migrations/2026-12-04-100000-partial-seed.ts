import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The respondent's shuffle seed on a saved partial (docs/form-model.md "Save and resume"), so a resume
 * on another device shows shuffled options in the order they were first shown. Nullable: partials
 * saved before it, and those of forms without `shuffle`, have none.
 */
export const partialSeed: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('partials').addColumn('seed', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('partials').dropColumn('seed').execute();
  },
};
