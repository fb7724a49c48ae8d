import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { sqlDialectOf } from '../db/dialect.js';

export interface DueDelivery {
  id: string;
  endpointId: string;
  /** The sender that serves the target. */
  channel: string;
  eventType: string;
  attemptCount: number;
  /** Of `attemptCount`, the postponements (channel.ts): they use up no retry. */
  postponements: number;
  payload: string;
  /** The target's row (a webhook endpoint, a chat connection...). */
  target: Record<string, unknown>;
}

/** What an attempt did to the delivery and its endpoint (see policy.ts). */
export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  responseBody: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: string | null;
  endpoint: 'reset' | 'failed' | 'gone' | 'none';
  /** A postponement (channel.ts), not a try: counted apart from the retries. */
  postponed?: boolean;
  disableAfter: number;
}

/**
 * The worker's SQL over the outbox tables, for every channel. Work is claimed per endpoint with a lease (`lease_owner`, `lease_until`):
 * one sender per endpoint at a time across processes, so an endpoint's deliveries go out one by
 * one in event order, and a crashed sender's endpoints are picked up once its lease runs out.
 * On PostgreSQL the claim's select is `FOR UPDATE SKIP LOCKED`: instances claiming at the same
 * moment each take other endpoints instead of queueing on the same rows, and the lease condition
 * is checked again in the UPDATE. SQLite has one writer, so the claim transaction alone makes it
 * exclusive.
 */
export function createOutboxStore(db: Db) {
  const dialect = sqlDialectOf(db);
  return {
    /**
     * Leases up to `limit` active endpoints that have a due delivery and no live lease; when
     * `channels` is given, only targets of those channels (the ones with a sender).
     */
    async claimEndpoints(
      owner: string,
      nowIso: string,
      leaseUntil: string,
      limit: number,
      channels?: readonly string[],
    ): Promise<string[]> {
      if (limit <= 0) return [];
      const channelFilter = channels !== undefined;
      if (channelFilter && channels.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const candidates = await trx
          .selectFrom('outbox_targets as e')
          .select('e.id')
          .where('e.is_active', '=', 1)
          .$if(channelFilter, (q) => q.where('e.channel', 'in', channels ?? []))
          // Free (never leased, or given back) or its lease ended (a worker died holding it).
          .where((eb) => eb.or([eb('e.lease_owner', 'is', null), eb('e.lease_until', '<', nowIso)]))
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('outbox_deliveries as d')
                .select(sql`1`.as('one'))
                .whereRef('d.endpoint_id', '=', 'e.id')
                .where('d.status', '=', 'pending')
                .where('d.next_attempt_at', '<=', nowIso),
            ),
          )
          // Least recently served first (never served: first of all, on every dialect), so a busy
          // endpoint cannot starve the others.
          .orderBy('e.lease_until', (ob) => ob.asc().nullsFirst())
          .limit(limit)
          .$call(dialect.skipLocked)
          .execute();
        if (candidates.length === 0) return [];
        const claimed = await trx
          .updateTable('outbox_targets')
          .set({ lease_owner: owner, lease_until: leaseUntil })
          .where(
            'id',
            'in',
            candidates.map((c) => c.id),
          )
          .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_until', '<', nowIso)]))
          .returning('id')
          .execute();
        return claimed.map((r) => r.id);
      });
    },

    /** The endpoint's oldest due delivery (event order), while the endpoint is active and ours. */
    async nextDelivery(endpointId: string, owner: string, nowIso: string): Promise<DueDelivery | undefined> {
      const row = await db
        .selectFrom('outbox_deliveries as d')
        .innerJoin('outbox_targets as e', 'e.id', 'd.endpoint_id')
        .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
        .selectAll('e')
        .select([
          'd.id as delivery_id',
          'd.event_type as delivery_event_type',
          'd.attempt_count as delivery_attempt_count',
          'd.postponements as delivery_postponements',
          'ev.payload as event_payload',
        ])
        .where('d.endpoint_id', '=', endpointId)
        .where('d.status', '=', 'pending')
        // Compared as an expression (`|| ''` changes no value; null stays null) so that no index
        // serves this term: SQLite, which keeps no statistics here, then walks this endpoint's
        // pending rows in event order (outbox_deliveries_endpoint_idx) and stops at the first,
        // instead of reading and sorting every endpoint's due rows (the due index) for each
        // delivery, which made a backlog of N deliveries cost N² row reads.
        .where(sql`${sql.ref('d.next_attempt_at')} || ''`, '<=', nowIso)
        .where('e.is_active', '=', 1)
        .where('e.lease_owner', '=', owner)
        .orderBy('d.event_seq')
        .orderBy('d.created_at')
        .limit(1)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const {
        delivery_id,
        delivery_event_type,
        delivery_attempt_count,
        delivery_postponements,
        event_payload,
        ...target
      } = row;
      return {
        id: delivery_id,
        endpointId,
        channel: target.channel,
        eventType: delivery_event_type,
        attemptCount: Number(delivery_attempt_count),
        postponements: Number(delivery_postponements),
        payload: event_payload,
        target,
      };
    },

    /**
     * Writes an attempt and its consequences in one transaction, and renews the lease. False when
     * the lease was lost meanwhile (another sender owns the endpoint now): nothing is written, and
     * the other sender will send the delivery again under the same id.
     */
    async recordAttempt(owner: string, record: AttemptRecord, leaseUntil: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const renewed = await trx
          .updateTable('outbox_targets')
          .set({ lease_until: leaseUntil })
          .where('id', '=', record.endpointId)
          .where('lease_owner', '=', owner)
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('outbox_delivery_attempts')
          .values({
            delivery_id: record.deliveryId,
            attempt: record.attempt,
            started_at: record.startedAt,
            duration_ms: record.durationMs,
            status_code: record.statusCode,
            ok: record.ok ? 1 : 0,
            error: record.error,
            response_body: record.responseBody,
          })
          .execute();
        await trx
          .updateTable('outbox_deliveries')
          .set((eb) => ({
            status: record.status,
            attempt_count: record.attempt,
            next_attempt_at: record.nextAttemptAt,
            updated_at: record.startedAt,
            ...(record.postponed === true ? { postponements: eb('postponements', '+', 1) } : {}),
          }))
          .where('id', '=', record.deliveryId)
          .execute();
        const nowIso = record.startedAt;
        if (record.endpoint === 'reset') {
          await trx
            .updateTable('outbox_targets')
            .set({ consecutive_failures: 0 })
            .where('id', '=', record.endpointId)
            .where('consecutive_failures', '>', 0)
            .execute();
        } else if (record.endpoint === 'failed') {
          await trx
            .updateTable('outbox_targets')
            .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
            .where('id', '=', record.endpointId)
            .execute();
          await trx
            .updateTable('outbox_targets')
            .set({ is_active: 0, disabled_reason: 'failures', updated_at: nowIso })
            .where('id', '=', record.endpointId)
            .where('is_active', '=', 1)
            .where('consecutive_failures', '>=', record.disableAfter)
            .execute();
        } else if (record.endpoint === 'gone') {
          // A REST hook whose URL is gone is unsubscribed (its subscriber said so); any other
          // target waits, disabled, to be connected again.
          await trx
            .deleteFrom('outbox_targets')
            .where('id', '=', record.endpointId)
            .where('rest_hook', '=', 1)
            .execute();
          await trx
            .updateTable('outbox_targets')
            .set({ is_active: 0, disabled_reason: 'gone', updated_at: nowIso })
            .where('id', '=', record.endpointId)
            .execute();
        }
        return true;
      });
    },

    /**
     * Gives the endpoint back, free to claim at once (no owner); `lease_until = now` keeps the
     * least-recently-served order.
     */
    async release(endpointId: string, owner: string, nowIso: string): Promise<void> {
      await db
        .updateTable('outbox_targets')
        .set({ lease_owner: null, lease_until: nowIso })
        .where('id', '=', endpointId)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Deletes finished deliveries older than the cutoff; returns how many (see pruneEvents). */
    async prune(cutoffIso: string): Promise<number> {
      const result = await db
        .deleteFrom('outbox_deliveries')
        .where('status', 'in', ['succeeded', 'failed'])
        .where('updated_at', '<', cutoffIso)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/**
 * Up to `limit` other pending deliveries of `eventType` to the target (id and payload), oldest
 * first: a sender whose provider takes several items a request writes them along with the one it
 * was handed, then makes them due (`makeDue`) so that they find their work done at once.
 */
export async function pendingOf(
  db: Db,
  targetId: string,
  eventType: string,
  exceptDeliveryId: string,
  limit: number,
): Promise<{ id: string; payload: string }[]> {
  if (limit <= 0) return [];
  return db
    .selectFrom('outbox_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .select(['d.id', 'ev.payload'])
    .where('d.endpoint_id', '=', targetId)
    .where('d.status', '=', 'pending')
    .where('d.event_type', '=', eventType)
    .where('d.id', '!=', exceptDeliveryId)
    .orderBy('d.event_seq')
    .limit(limit)
    .execute();
}

/** Makes pending deliveries due now (those a sender did the work of along with another). */
export async function makeDue(db: Db, deliveryIds: readonly string[], nowIso: string): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db
    .updateTable('outbox_deliveries')
    .set({ next_attempt_at: nowIso })
    .where('id', 'in', deliveryIds)
    .where('status', '=', 'pending')
    .execute();
}

/** Deletes events older than the cutoff that no delivery still needs; run after `prune`. */
export async function pruneEvents(db: Db, cutoffIso: string): Promise<void> {
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', cutoffIso)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox_deliveries as d')
            .select(sql`1`.as('one'))
            .whereRef('d.event_id', '=', 'webhook_events.id'),
        ),
      ),
    )
    .execute();
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
