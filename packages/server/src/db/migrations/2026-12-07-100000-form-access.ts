import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A form's access rules (docs/server.md "Access rules"), kept beside the form and apart from its
 * schema: the password's scrypt hash (null: none), the opening time and the message shown before
 * it. Columns of the form's row, which every public route reads by share code anyway, so checking
 * them costs no query of its own.
 */
export const formAccess: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').addColumn('access_password_hash', 'text').execute();
    await db.schema.alterTable('forms').addColumn('access_opens_at', 'text').execute();
    await db.schema.alterTable('forms').addColumn('access_closed_message', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('forms').dropColumn('access_closed_message').execute();
    await db.schema.alterTable('forms').dropColumn('access_opens_at').execute();
    await db.schema.alterTable('forms').dropColumn('access_password_hash').execute();
  },
};
