import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * One response per person (docs/server.md "Access rules"). `form_links`: a form's personal links,
 * the SHA-256 of each token (never the token), its recipient and prefill, and once used, when and
 * by which response. `form_email_codes`: the codes e-mailed to respondents who prove an address,
 * stored as an HMAC, with the wrong tries counted. `responses.verified_email`: the address a
 * response was given from, unique per form, so each address answers once.
 */
export const personalLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('form_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('prefill', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      // A deleted response leaves its link used: the link answered once.
      .addColumn('response_id', 'text', (c) => c.references('responses.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('form_links_form_idx')
      .on('form_links')
      .columns(['form_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('form_email_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('form_email_codes_idx')
      .on('form_email_codes')
      .columns(['form_id', 'email', 'created_at'])
      .execute();
    await db.schema
      .createIndex('form_email_codes_expiry_idx')
      .on('form_email_codes')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('responses').addColumn('verified_email', 'text').execute();
    await db.schema
      .createIndex('responses_verified_email_idx')
      .on('responses')
      .columns(['form_id', 'verified_email'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('responses_verified_email_idx').execute();
    await db.schema.alterTable('responses').dropColumn('verified_email').execute();
    await db.schema.dropTable('form_email_codes').execute();
    await db.schema.dropTable('form_links').execute();
  },
};
