import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Single sign-on per account (docs/self-hosting.md "Single sign-on"): the account's OpenID
 * Connect provider (its client secret sealed), the e-mail domains whose people may join, their
 * role, and whether password sign-in is off for members; and on `users` the provider's subject a
 * member signed in with (`<issuer> <sub>`), so a later sign-in matches the same person.
 */
export const singleSignOn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_sso')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
      .addColumn('allowed_domains', 'text', (c) => c.notNull())
      .addColumn('default_role', 'text', (c) => c.notNull())
      .addColumn('enforce', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('users').addColumn('sso_subject', 'text').execute();
    await db.schema.createIndex('users_sso_subject').on('users').column('sso_subject').unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_sso_subject').execute();
    await db.schema.alterTable('users').dropColumn('sso_subject').execute();
    await db.schema.dropTable('account_sso').execute();
  },
};
