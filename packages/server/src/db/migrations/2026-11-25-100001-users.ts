import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * People who sign in (docs/integrations.md "Users and sign-in"): a user belongs to one account and signs in
 * with an email and a password (scrypt, see features/users/password.ts). `login_failures` counts failed
 * sign-ins per email and per client address in a fixed window, shared by every instance on the database.
 */
export const users: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('login_failures').execute();
    await db.schema.dropTable('users').execute();
  },
};
