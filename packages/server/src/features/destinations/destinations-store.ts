import type { Selectable } from 'kysely';
import type { Db, DestinationRow, OutboxTargetsTable } from '../../db/database.js';

/** A destination with the state of its outbox target (active, why disabled) and its sealed credentials. */
export type DestinationWithTarget = DestinationRow &
  Pick<Selectable<OutboxTargetsTable>, 'is_active' | 'disabled_reason' | 'config_sealed'>;

/** The SQL of destinations, their outbox targets' state and the records written. Private to the feature. */
export function createDestinationsStore(db: Db) {
  const withTarget = () =>
    db
      .selectFrom('destinations as d')
      .innerJoin('outbox_targets as t', 't.id', 'd.id')
      .selectAll('d')
      .select(['t.is_active', 't.disabled_reason', 't.config_sealed']);

  return {
    /** The destination's row and its outbox target's. */
    async insert(row: DestinationRow, target: Selectable<OutboxTargetsTable>): Promise<void> {
      await db.insertInto('outbox_targets').values(target).execute();
      await db.insertInto('destinations').values(row).execute();
    },

    list(accountId: string, formId: string): Promise<DestinationWithTarget[]> {
      return withTarget()
        .where('d.account_id', '=', accountId)
        .where('d.form_id', '=', formId)
        .orderBy('d.created_at')
        .orderBy('d.id')
        .execute();
    },

    find(accountId: string, formId: string, id: string): Promise<DestinationWithTarget | undefined> {
      return withTarget()
        .where('d.account_id', '=', accountId)
        .where('d.form_id', '=', formId)
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    /** The sender's read: the destination behind a delivery's target. */
    byId(id: string): Promise<DestinationRow | undefined> {
      return db.selectFrom('destinations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async update(
      id: string,
      values: Partial<Pick<DestinationRow, 'target' | 'field_map' | 'updated_at' | 'state'>>,
    ) {
      await db.updateTable('destinations').set(values).where('id', '=', id).execute();
    },

    /** New sealed credentials or label of the destination's outbox target. */
    async updateTarget(
      id: string,
      values: Partial<Pick<Selectable<OutboxTargetsTable>, 'config_sealed' | 'label'>> & {
        updated_at: string;
      },
    ) {
      await db.updateTable('outbox_targets').set(values).where('id', '=', id).execute();
    },

    /** Turned off by its owner: nothing is queued or sent until it is enabled again. */
    async pause(id: string, nowIso: string) {
      await db
        .updateTable('outbox_targets')
        .set({ is_active: 0, disabled_reason: 'paused', updated_at: nowIso })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the destination and its outbox target (its deliveries and attempts go with it). */
    async remove(accountId: string, formId: string, id: string): Promise<boolean> {
      const gone = await db
        .deleteFrom('destinations')
        .where('account_id', '=', accountId)
        .where('form_id', '=', formId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return false;
      await db
        .deleteFrom('outbox_targets')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
      return true;
    },

    /** The ids and kinds of the form's destinations that take events now (active targets). */
    activeIds(formId: string): Promise<{ id: string; kind: string }[]> {
      return db
        .selectFrom('destinations as d')
        .innerJoin('outbox_targets as t', 't.id', 'd.id')
        .select(['d.id', 'd.kind'])
        .where('d.form_id', '=', formId)
        .where('t.is_active', '=', 1)
        .orderBy('d.created_at')
        .execute();
    },

    /** The form's response ids in the order they came (a backfill writes them in it). */
    async responseIds(formId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('responses')
        .select('id')
        .where('form_id', '=', formId)
        .orderBy('submitted_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * The records written for these responses: record id by response id. An empty record id is an
     * intent: a create was sent and its answer never recorded, so the record may exist.
     */
    async records(destinationId: string, responseIds: readonly string[]): Promise<Map<string, string>> {
      if (responseIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('destination_records')
        .select(['response_id', 'record_id'])
        .where('destination_id', '=', destinationId)
        .where('response_id', 'in', responseIds)
        .execute();
      return new Map(rows.map((r) => [r.response_id, r.record_id]));
    },

    /** Keeps `record_id` per response ('' for an intent), replacing what was kept. */
    async keep(destinationId: string, pairs: readonly (readonly [string, string])[], nowIso: string) {
      if (pairs.length === 0) return;
      await db
        .insertInto('destination_records')
        .values(
          pairs.map(([response_id, record_id]) => ({
            destination_id: destinationId,
            response_id,
            record_id,
            written_at: nowIso,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['destination_id', 'response_id']).doUpdateSet((eb) => ({
            record_id: eb.ref('excluded.record_id'),
            written_at: eb.ref('excluded.written_at'),
          })),
        )
        .execute();
    },

    /** The form's title and schema, and its account's owners' addresses: what an owner mail needs. */
    async mailFacts(accountId: string, formId: string) {
      const form = await db
        .selectFrom('forms')
        .select(['title', 'schema'])
        .where('id', '=', formId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (form === undefined) return undefined;
      const owners = await db
        .selectFrom('users')
        .select('email')
        .where('account_id', '=', accountId)
        .where('role', '=', 'owner')
        .orderBy('email')
        .execute();
      return { ...form, owners: owners.map((o) => o.email) };
    },

    async forget(destinationId: string, responseIds: readonly string[]): Promise<void> {
      if (responseIds.length === 0) return;
      await db
        .deleteFrom('destination_records')
        .where('destination_id', '=', destinationId)
        .where('response_id', 'in', responseIds)
        .execute();
    },
  };
}

export type DestinationsStore = ReturnType<typeof createDestinationsStore>;
