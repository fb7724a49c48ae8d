import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Two more access rules beside the form (docs/server.md "Access rules"): who may answer once
 * (`link`: personal links only, each once; `email`: each verified address once) and how many hours
 * a respondent may edit a response after submitting it.
 */
export const accessRules: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').addColumn('access_one_response', 'text').execute();
    await db.schema.alterTable('forms').addColumn('access_edit_hours', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').dropColumn('access_edit_hours').execute();
    await db.schema.alterTable('forms').dropColumn('access_one_response').execute();
  },
};
