import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Custom domains (docs/server.md "Custom domains"): an account's domains, each proven by a DNS TXT
 * record whose value is stored as it is (DNS is public: it is no secret), and the form served at
 * `/` on it. A host is served for one account only: among verified domains it is unique. Forms get
 * their `settings.slug` as a column, unique among an account's forms that are not deleted, so two
 * saves racing for one slug cannot both win.
 */
export const customDomains: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('custom_domains')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('hostname', 'text', (c) => c.notNull())
      .addColumn('txt_value', 'text', (c) => c.notNull())
      .addColumn('root_form_id', 'text', (c) => c.references('forms.id').onDelete('set null'))
      .addColumn('verified_at', 'text')
      .addColumn('checked_at', 'text')
      .addColumn('check_result', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('custom_domains_account_host_uq', ['account_id', 'hostname'])
      .execute();
    await db.schema
      .createIndex('custom_domains_verified_host_uq')
      .on('custom_domains')
      .column('hostname')
      .unique()
      .where(sql.ref('verified_at'), 'is not', null)
      .execute();
    await db.schema.alterTable('forms').addColumn('slug', 'text').execute();
    await db.schema
      .createIndex('forms_account_slug_uq')
      .on('forms')
      .columns(['account_id', 'slug'])
      .unique()
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('forms_account_slug_uq').execute();
    await db.schema.alterTable('forms').dropColumn('slug').execute();
    await db.schema.dropIndex('custom_domains_verified_host_uq').execute();
    await db.schema.dropTable('custom_domains').execute();
  },
};
