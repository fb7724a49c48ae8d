import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The form's variables (scores, computed values: docs/form-model.md "Variables and scores") as the server
 * computed them at submission, on each response: JSON text of `{<variable id>: number | string}`. Nullable:
 * rows stored before, and responses to forms without variables, keep null, which the API answers as `{}`.
 */
export const responseVariables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').addColumn('variables', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').dropColumn('variables').execute();
  },
};
