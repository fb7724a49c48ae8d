import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The dashboard: a member's `role` (stored here, enforced per route since: docs/server.md "Roles and route
 * permissions"), sessions of the `formloom_session` cookie, and the first-run setup link. Sessions and setup
 * tokens are `<id>.<secret>`: only the secret's SHA-256 is stored (as for API keys), so a copy of the
 * database signs nobody in.
 */
export const dashboardSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
      .execute();
    await db.schema
      .createTable('user_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('user_sessions_expires_at')
      .on('user_sessions')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('setup_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('setup_tokens').execute();
    await db.schema.dropTable('user_sessions').execute();
    await db.schema.alterTable('users').dropColumn('role').execute();
  },
};
