import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A form's destinations (docs/integrations.md "Destinations: Airtable"). `destinations`: the
 * provider, where it writes and the field map; its credentials live sealed in its outbox target
 * (same id, `form_ids` naming its form), which the outbox claims, retries and disables as any
 * other. `destination_records`: the provider's record of each response written, so a retry, an
 * edit and a deletion reach that record and never make a second.
 */
export const destinations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('destinations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('field_map', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('destinations_form_idx')
      .on('destinations')
      .columns(['form_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('destination_records')
      .addColumn('destination_id', 'text', (c) =>
        c.notNull().references('destinations.id').onDelete('cascade'),
      )
      .addColumn('response_id', 'text', (c) => c.notNull())
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addColumn('written_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('destination_records_pk', ['destination_id', 'response_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('destination_records').execute();
    await db.schema.dropTable('destinations').execute();
  },
};
