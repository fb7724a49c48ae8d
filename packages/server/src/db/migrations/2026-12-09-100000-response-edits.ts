import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Respondents editing their response (docs/server.md "Access rules", `allowEdit`): the SHA-256 of
 * the response's edit token (null for responses of forms without edits), when it was last edited,
 * and the answers each edit replaced, deleted with their response.
 */
export const responseEdits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').addColumn('edit_token_hash', 'text').execute();
    await db.schema.alterTable('responses').addColumn('updated_at', 'text').execute();
    // An edit finds its response by the token's hash; many responses have none (NULLs differ).
    await db.schema
      .createIndex('responses_edit_token_idx')
      .on('responses')
      .column('edit_token_hash')
      .unique()
      .execute();
    await db.schema
      .createTable('response_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('response_id', 'text', (c) => c.notNull().references('responses.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('variables', 'text')
      .addColumn('language', 'text')
      .addColumn('ending_id', 'text')
      .addColumn('quiz', 'text')
      .addColumn('answered_at', 'text', (c) => c.notNull())
      .addColumn('replaced_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('response_revisions_response_idx')
      .on('response_revisions')
      .columns(['response_id', 'replaced_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('response_revisions').execute();
    await db.schema.dropIndex('responses_edit_token_idx').execute();
    await db.schema.alterTable('responses').dropColumn('updated_at').execute();
    await db.schema.alterTable('responses').dropColumn('edit_token_hash').execute();
  },
};
