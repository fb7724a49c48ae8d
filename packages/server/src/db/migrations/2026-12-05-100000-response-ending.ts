import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The ending a response reached (docs/form-model.md "Jumps and endings"): the id of one of the
 * form's `settings.endings`, decided by the server at submission. Null for the default completion
 * and for rows stored before endings were.
 */
export const responseEnding: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').addColumn('ending_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').dropColumn('ending_id').execute();
  },
};
