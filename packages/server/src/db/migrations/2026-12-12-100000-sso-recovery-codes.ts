import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `sso_recovery_codes`: the one-time codes an owner of an account under enforced single sign-on
 * asks for by e-mail to sign in when the provider cannot let them in. Only an HMAC of the code is
 * kept (under a key derived from the server key), with the tries taken; a code is deleted when it
 * signs in, and expired ones go as new ones come.
 */
export const ssoRecoveryCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sso_recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sso_recovery_codes_user_idx')
      .on('sso_recovery_codes')
      .columns(['user_id', 'expires_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sso_recovery_codes').execute();
  },
};
