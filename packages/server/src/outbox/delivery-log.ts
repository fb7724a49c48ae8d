import { randomUUID } from 'node:crypto';
import { type DeliveryAttempt, type DeliveryStatus, hasMorePages } from '@formloom/contract';
import type { Selectable } from 'kysely';
import type { Db, OutboxDeliveriesTable, OutboxDeliveryAttemptsTable } from '../db/database.js';
import { isoNow } from '../db/json.js';
import { selectPage } from '../db/paging.js';

export type DeliveryRow = Selectable<OutboxDeliveriesTable> & { payload: string };
export type AttemptRow = Selectable<OutboxDeliveryAttemptsTable>;

/** A delivery as its log shows it, whatever the channel; the caller names the target and reads the payload. */
export interface LoggedDelivery {
  id: string;
  targetId: string;
  eventType: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  /** The event's JSON, as stored. */
  payload: string;
  attempts: DeliveryAttempt[];
}

export interface DeliveryLogPage {
  deliveries: LoggedDelivery[];
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

function toAttempt(a: AttemptRow): DeliveryAttempt {
  return {
    attempt: Number(a.attempt),
    startedAt: a.started_at,
    durationMs: Number(a.duration_ms),
    statusCode: a.status_code === null ? null : Number(a.status_code),
    ok: Number(a.ok) === 1,
    error: a.error,
    responseBody: a.response_body,
  };
}

function toLogged(row: DeliveryRow, attempts: readonly AttemptRow[]): LoggedDelivery {
  return {
    id: row.id,
    targetId: row.endpoint_id,
    eventType: row.event_type,
    status: row.status as DeliveryStatus,
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    payload: row.payload,
    attempts: attempts.map(toAttempt),
  };
}

/**
 * The delivery log of one outbox target (a webhook endpoint, a destination...): its deliveries
 * with their attempts, and redelivery. Every read filters on the target; the caller has found the
 * target in the account (and the channel) first, so another account's ids are never reached.
 */
export function createDeliveryLog(db: Db, clock: () => Date) {
  const deliveries = () =>
    db
      .selectFrom('outbox_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
      .selectAll('d')
      .select('ev.payload');

  async function attemptsOf(deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
    const byDelivery = new Map<string, AttemptRow[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await db
      .selectFrom('outbox_delivery_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('delivery_id')
      .orderBy('attempt')
      .execute();
    for (const attempt of rows) {
      const list = byDelivery.get(attempt.delivery_id) ?? [];
      list.push(attempt);
      byDelivery.set(attempt.delivery_id, list);
    }
    return byDelivery;
  }

  async function find(targetId: string, id: string): Promise<LoggedDelivery | undefined> {
    const row = await deliveries()
      .where('d.endpoint_id', '=', targetId)
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return toLogged(row, (await attemptsOf([row.id])).get(row.id) ?? []);
  }

  return {
    /** A page of the target's deliveries, newest first, each with its attempts (oldest first). */
    async page(
      targetId: string,
      query: { page: number; limit: number; status?: string | undefined },
    ): Promise<DeliveryLogPage> {
      let base = db.selectFrom('outbox_deliveries as d').where('d.endpoint_id', '=', targetId);
      if (query.status !== undefined) base = base.where('d.status', '=', query.status);
      const { rows, total } = await selectPage(
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
      const attempts = await attemptsOf(rows.map((r) => r.id));
      return {
        deliveries: rows.map((r) => toLogged(r, attempts.get(r.id) ?? [])),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    find,

    /**
     * A new delivery (new id) of the same event to the same target, due at once and in the
     * event's place of the target's order; undefined when the target has no such delivery.
     * `refuse` runs once the delivery is found, before anything is written: it throws when the
     * target may not take it now (disabled).
     */
    async redeliver(
      targetId: string,
      deliveryId: string,
      refuse: () => void = () => {},
    ): Promise<LoggedDelivery | undefined> {
      const original = await deliveries()
        .where('d.endpoint_id', '=', targetId)
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
      if (original === undefined) return undefined;
      refuse();
      const nowIso = isoNow(clock());
      const fresh = {
        id: randomUUID(),
        event_id: original.event_id,
        endpoint_id: targetId,
        account_id: original.account_id,
        event_seq: original.event_seq,
        event_type: original.event_type,
        status: 'pending',
        attempt_count: 0,
        postponements: 0,
        next_attempt_at: nowIso,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await db.insertInto('outbox_deliveries').values(fresh).execute();
      return toLogged({ ...fresh, payload: original.payload }, []);
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
