import type { Selectable, Updateable } from 'kysely';
import type { Db, OutboxTargetsTable } from '../../db/database.js';
import { makePendingDue } from '../../outbox/target-row.js';

export type EndpointRow = Selectable<OutboxTargetsTable>;
export type EndpointUpdate = Updateable<OutboxTargetsTable>;

/** The outbox channel of webhook endpoints. */
export const WEBHOOK_CHANNEL = 'webhook';

/**
 * Endpoints of one account: the outbox's targets of the webhook channel. Every read of an endpoint
 * filters on the account and the channel; their deliveries are read (outbox/delivery-log.ts) only
 * for an endpoint found that way.
 */
export function createWebhooksStore(db: Db) {
  const endpoints = (accountId: string) =>
    db
      .selectFrom('outbox_targets')
      .where('account_id', '=', accountId)
      .where('channel', '=', WEBHOOK_CHANNEL);

  return {
    async insert(row: EndpointRow): Promise<void> {
      await db.insertInto('outbox_targets').values(row).execute();
    },

    /** Those of `ids` that are not live forms of the account (another account's form is missing too). */
    async missingForms(accountId: string, ids: readonly string[]): Promise<string[]> {
      const found = await db
        .selectFrom('forms')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      const known = new Set(found.map((f) => f.id));
      return ids.filter((id) => !known.has(id));
    },

    /** A REST hook of the account (an endpoint made by `POST /v1/hooks`), deleted; false when none. */
    async removeHook(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('outbox_targets')
        .where('account_id', '=', accountId)
        .where('channel', '=', WEBHOOK_CHANNEL)
        .where('rest_hook', '=', 1)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async count(accountId: string): Promise<number> {
      const { n } = await endpoints(accountId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    list(accountId: string): Promise<EndpointRow[]> {
      return endpoints(accountId).selectAll().orderBy('created_at').orderBy('id').execute();
    },

    find(accountId: string, id: string): Promise<EndpointRow | undefined> {
      return endpoints(accountId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    async update(accountId: string, id: string, values: EndpointUpdate): Promise<boolean> {
      const result = await db
        .updateTable('outbox_targets')
        .set(values)
        .where('account_id', '=', accountId)
        .where('channel', '=', WEBHOOK_CHANNEL)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Pending deliveries of a re-enabled endpoint are due at once (the outbox's one rule). */
    makePendingDue: (endpointId: string, nowIso: string) => makePendingDue(db, endpointId, nowIso),

    async remove(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('outbox_targets')
        .where('account_id', '=', accountId)
        .where('channel', '=', WEBHOOK_CHANNEL)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WebhooksStore = ReturnType<typeof createWebhooksStore>;
