import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The language a respondent answered in (translated forms, docs/form-texts.md "Translations"), on each
 * response. Nullable: responses stored before it was recorded keep null, and the API answers null for them.
 */
export const responseLanguage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').addColumn('language', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').dropColumn('language').execute();
  },
};
