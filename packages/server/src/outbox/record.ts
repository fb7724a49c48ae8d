import { randomUUID } from 'node:crypto';
import type { WebhookEventOf, WebhookEventType } from '@formloom/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { sqlDialectOf } from '../db/dialect.js';
import { fromJson } from '../db/json.js';
import { preparedQuery } from '../db/prepared-query.js';
import { QUEUE_WHILE_DISABLED } from './channel.js';
import { type NewTarget, newTargetRow } from './target-row.js';

/**
 * One event to record: its account and the `{type, created_at, data}` of a delivery body (docs/webhooks.md
 * "Events").
 */
export type OutboxEvent = {
  [T in WebhookEventType]: { accountId: string; type: T; createdAt: string; data: WebhookEventOf<T>['data'] };
}[WebhookEventType];

/** The advisory lock key of the outbox sequence (any constant; "fl-seq" in ASCII). */
const OUTBOX_SEQ_LOCK = 0x666c2d736571;

/** The exact delivery body: key order fixed as docs/webhooks.md "Events" lists it. */
export function eventPayload(event: OutboxEvent): string {
  return JSON.stringify({ type: event.type, created_at: event.createdAt, data: event.data });
}

/**
 * The next outbox sequence number; called inside the writing transaction. On PostgreSQL several
 * transactions (and instances) write at once: a lock held until commit makes them take
 * numbers one at a time, each after the previous one committed, so `seq` stays commit order and
 * the worker never sends an event before an earlier-numbered one is visible. SQLite's single
 * writer gives the same order by itself.
 */
async function nextEventSeq(db: Db): Promise<number> {
  await sqlDialectOf(db).lockUntilCommit(db, OUTBOX_SEQ_LOCK);
  const row = await db
    .selectFrom('webhook_events')
    .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
}

/**
 * Every target of an account that takes new events: active ones, and disabled ones of a channel
 * that keeps queueing for them (channel.ts). One statement, run on every submission and compiled
 * once per database (see preparedQuery).
 */
const accountTargets = preparedQuery((db: Db, p: { accountId: string }) =>
  db
    .selectFrom('outbox_targets')
    .select(['id', 'events', 'form_ids'])
    .where('account_id', '=', p.accountId)
    .where((eb) => eb.or([eb('is_active', '=', 1), eb('channel', 'in', QUEUE_WHILE_DISABLED)])),
);

/**
 * An event as stored: its account, type and exact body. Events of the account's feed are
 * `OutboxEvent`s (see eventPayload); a channel that sends its own body (a report's callback)
 * writes it as is.
 */
export interface StoredEvent {
  accountId: string;
  type: string;
  payload: string;
  createdAt: string;
}

const stored = (event: OutboxEvent): StoredEvent => ({
  accountId: event.accountId,
  type: event.type,
  payload: eventPayload(event),
  createdAt: event.createdAt,
});

/** Inserts the event and one pending delivery per target, due at once; returns the delivery ids. */
async function insertEvent(
  db: Db,
  event: StoredEvent,
  seq: number,
  targetIds: readonly string[],
): Promise<string[]> {
  const eventId = randomUUID();
  await db
    .insertInto('webhook_events')
    .values({
      id: eventId,
      seq,
      account_id: event.accountId,
      type: event.type,
      payload: event.payload,
      created_at: event.createdAt,
    })
    .execute();
  const rows = targetIds.map((targetId) => ({
    id: randomUUID(),
    event_id: eventId,
    endpoint_id: targetId,
    account_id: event.accountId,
    event_seq: seq,
    event_type: event.type,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: event.createdAt,
    created_at: event.createdAt,
    updated_at: event.createdAt,
  }));
  if (rows.length > 0) await db.insertInto('outbox_deliveries').values(rows).execute();
  return rows.map((r) => r.id);
}

/**
 * The form an event is about, when it is about one: an endpoint limited to some forms takes only
 * their events (a smart form's session is about no form of the list).
 */
function formOf(event: OutboxEvent): string | undefined {
  const data = event.data as { formId?: unknown };
  return typeof data.formId === 'string' ? data.formId : undefined;
}

/**
 * Writes events into the outbox and fans each out to a pending delivery per subscribed target of
 * its account, on every channel: webhook endpoints active or disabled (a disabled endpoint keeps
 * its events until it is enabled again), other channels' targets while active. Call it with the transaction of the change that caused the events: they commit or roll
 * back together. An event no endpoint subscribes to is not stored, since nothing would send it.
 * Returns the number of deliveries queued: when above zero, the caller wakes its app's outbox
 * worker (`WorkSignals.outbox`). `root`: the database `db` is a transaction of, so the
 * endpoint lookup is compiled once for all its transactions.
 */
export async function recordEvents(db: Db, events: readonly OutboxEvent[], root: Db = db): Promise<number> {
  if (events.length === 0) return 0;
  const targetsByAccount = new Map<string, { id: string; events: string[]; forms: string[] | null }[]>();
  let seq: number | undefined;
  let queued = 0;
  for (const event of events) {
    let targets = targetsByAccount.get(event.accountId);
    if (targets === undefined) {
      const { rows } = await accountTargets.run(db, { accountId: event.accountId }, root);
      targets = rows.map((r) => ({
        id: r.id,
        events: fromJson<string[]>(r.events),
        forms: r.form_ids === null ? null : fromJson<string[]>(r.form_ids),
      }));
      targetsByAccount.set(event.accountId, targets);
    }
    const formId = formOf(event);
    const subscribers = targets.filter(
      (e) =>
        e.events.includes(event.type) &&
        (e.forms === null || (formId !== undefined && e.forms.includes(formId))),
    );
    if (subscribers.length === 0) continue;
    seq = seq === undefined ? await nextEventSeq(db) : seq + 1;
    queued += (
      await insertEvent(
        db,
        stored(event),
        seq,
        subscribers.map((t) => t.id),
      )
    ).length;
  }
  return queued;
}

/**
 * Writes an event for one endpoint only (a test event, or a redelivery's copy), with its
 * delivery; returns the delivery id. It does not fan out to the account's other endpoints.
 */
export async function recordEventForEndpoint(
  db: Db,
  endpointId: string,
  event: OutboxEvent,
): Promise<string> {
  return db.transaction().execute((trx) => queueDelivery(trx, endpointId, stored(event)));
}

/**
 * Writes an event for one target only, with its delivery, in the caller's transaction `db`;
 * returns the delivery id. For a target that takes no events of the feed (a report's callback).
 */
export async function queueDelivery(db: Db, targetId: string, event: StoredEvent): Promise<string> {
  const [id] = await insertEvent(db, event, await nextEventSeq(db), [targetId]);
  return id!;
}

/**
 * Writes events for one target that is made on first use (a form's mail target), each with its
 * delivery, in the caller's transaction `db`; returns how many were queued. An existing target is
 * left as it is: a disabled one keeps its deliveries until it is enabled again.
 */
export async function queueForTarget(
  db: Db,
  target: NewTarget,
  events: readonly StoredEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  await db
    .insertInto('outbox_targets')
    .values(newTargetRow(target))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  let seq = await nextEventSeq(db);
  for (const event of events) await insertEvent(db, event, seq++, [target.id]);
  return events.length;
}
