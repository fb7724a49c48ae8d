import { randomUUID } from 'node:crypto';
import type { WebhookEventOf, WebhookEventType } from '@formloom/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { fromJson } from '../db/json.js';
import { preparedQuery } from '../db/prepared-query.js';
import { notifyOutbox } from './signal.js';

/** One event to record: its account and the `{type, created_at, data}` of spec 6.3. */
export type OutboxEvent = {
  [T in WebhookEventType]: { accountId: string; type: T; createdAt: string; data: WebhookEventOf<T>['data'] };
}[WebhookEventType];

/** The advisory lock key of the outbox sequence (any constant; "fl-seq" in ASCII). */
const OUTBOX_SEQ_LOCK = 0x666c2d736571;

/** The exact delivery body: key order fixed as the spec lists it. */
export function eventPayload(event: OutboxEvent): string {
  return JSON.stringify({ type: event.type, created_at: event.createdAt, data: event.data });
}

/**
 * The next outbox sequence number; called inside the writing transaction. On PostgreSQL several
 * transactions (and instances) write at once: a transaction-scoped advisory lock makes them take
 * numbers one at a time, each after the previous one committed, so `seq` stays commit order and
 * the worker never sends an event before an earlier-numbered one is visible. SQLite's single
 * writer gives the same order by itself.
 */
async function nextEventSeq(db: Db): Promise<number> {
  if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(${OUTBOX_SEQ_LOCK})`.execute(db);
  const row = await db
    .selectFrom('webhook_events')
    .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
}

// Run on every submission: compiled once per database (see preparedQuery).
const accountEndpoints = preparedQuery((db: Db, p: { accountId: string }) =>
  db.selectFrom('webhook_endpoints').select(['id', 'events']).where('account_id', '=', p.accountId),
);

/** Inserts the event and one pending delivery per endpoint, due at once; returns the delivery ids. */
async function insertEvent(
  db: Db,
  event: OutboxEvent,
  seq: number,
  endpointIds: string[],
): Promise<string[]> {
  const eventId = randomUUID();
  await db
    .insertInto('webhook_events')
    .values({
      id: eventId,
      seq,
      account_id: event.accountId,
      type: event.type,
      payload: eventPayload(event),
      created_at: event.createdAt,
    })
    .execute();
  const rows = endpointIds.map((endpointId) => ({
    id: randomUUID(),
    event_id: eventId,
    endpoint_id: endpointId,
    account_id: event.accountId,
    event_seq: seq,
    event_type: event.type,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: event.createdAt,
    created_at: event.createdAt,
    updated_at: event.createdAt,
  }));
  await db.insertInto('webhook_deliveries').values(rows).execute();
  // Before the commit: an in-process worker's query waits for this transaction on SQLite's one
  // connection; elsewhere the next poll finds the rows.
  setImmediate(notifyOutbox);
  return rows.map((r) => r.id);
}

/**
 * Writes events into the outbox and fans each out to a pending delivery per subscribed endpoint
 * of its account, active or disabled (a disabled endpoint keeps its events until it is enabled
 * again). Call it with the transaction of the change that caused the events: they commit or roll
 * back together. An event no endpoint subscribes to is not stored, since nothing would send it.
 * Returns the number of deliveries queued. `root`: the database `db` is a transaction of, so the
 * endpoint lookup is compiled once for all its transactions.
 */
export async function recordEvents(db: Db, events: readonly OutboxEvent[], root: Db = db): Promise<number> {
  if (events.length === 0) return 0;
  const endpointsByAccount = new Map<string, { id: string; events: string[] }[]>();
  let seq: number | undefined;
  let queued = 0;
  for (const event of events) {
    let endpoints = endpointsByAccount.get(event.accountId);
    if (endpoints === undefined) {
      const { rows } = await accountEndpoints.run(db, { accountId: event.accountId }, root);
      endpoints = rows.map((r) => ({ id: r.id, events: fromJson<string[]>(r.events) }));
      endpointsByAccount.set(event.accountId, endpoints);
    }
    const subscribers = endpoints.filter((e) => e.events.includes(event.type)).map((e) => e.id);
    if (subscribers.length === 0) continue;
    seq = seq === undefined ? await nextEventSeq(db) : seq + 1;
    queued += (await insertEvent(db, event, seq, subscribers)).length;
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
  return db.transaction().execute(async (trx) => {
    const [id] = await insertEvent(trx, event, await nextEventSeq(trx), [endpointId]);
    return id!;
  });
}
