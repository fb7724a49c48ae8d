import type { Selectable, Updateable } from 'kysely';
import type {
  Db,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhookEndpointsTable,
} from '../../db/database.js';
import { selectPage } from '../../db/paging.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EndpointUpdate = Updateable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable> & { payload: string };
export type AttemptRow = Selectable<WebhookDeliveryAttemptsTable>;

/** Endpoints and the delivery log of one account: every read filters on the account. */
export function createWebhooksStore(db: Db) {
  const deliveries = () =>
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .selectAll('d')
      .select('ev.payload');

  return {
    async insert(row: EndpointRow): Promise<void> {
      await db.insertInto('webhook_endpoints').values(row).execute();
    },

    list(accountId: string): Promise<EndpointRow[]> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    find(accountId: string, id: string): Promise<EndpointRow | undefined> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async update(accountId: string, id: string, values: EndpointUpdate): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set(values)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Pending deliveries of a re-enabled endpoint are due at once. */
    async makePendingDue(endpointId: string, nowIso: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: nowIso })
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '>', nowIso)
        .execute();
    },

    async remove(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    listDeliveries(
      endpointId: string,
      query: { page: number; limit: number; status?: string | undefined },
    ): Promise<{ rows: DeliveryRow[]; total: number }> {
      let base = db.selectFrom('webhook_deliveries as d').where('d.endpoint_id', '=', endpointId);
      if (query.status !== undefined) base = base.where('d.status', '=', query.status);
      return selectPage(
        base,
        (q) =>
          q
            .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
            .selectAll('d')
            .select('ev.payload')
            .orderBy('d.created_at', 'desc')
            .orderBy('d.event_seq', 'desc')
            .orderBy('d.id', 'desc'),
        query,
      );
    },

    findDelivery(endpointId: string, id: string): Promise<DeliveryRow | undefined> {
      return deliveries().where('d.endpoint_id', '=', endpointId).where('d.id', '=', id).executeTakeFirst();
    },

    async attemptsOf(deliveryIds: readonly string[]): Promise<AttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .selectFrom('webhook_delivery_attempts')
        .selectAll()
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('delivery_id')
        .orderBy('attempt')
        .execute();
    },

    async insertDelivery(row: Selectable<WebhookDeliveriesTable>): Promise<void> {
      await db.insertInto('webhook_deliveries').values(row).execute();
    },
  };
}

export type WebhooksStore = ReturnType<typeof createWebhooksStore>;
