import { randomUUID } from 'node:crypto';
import type { WebhookEventOf, WebhookEventType } from '@formloom/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { fromJson } from '../db/json.js';
import { preparedQuery } from '../db/prepared-query.js';
import { familyDb, TARGET_FAMILIES, type TargetFamily, WEBHOOK_ENDPOINTS } from './families.js';

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

type TargetRow = { id: string; events: string; account_id: string; is_active: number };

/**
 * Every target of an account that takes new events, in every family, with its family's index:
 * one statement, run on every submission and compiled once per database (see preparedQuery). Each
 * family binds the account id under its own name, since a prepared value is bound once.
 */
const accountTargets = preparedQuery((db: Db, p: Record<string, string>) => {
  const [first, ...rest] = TARGET_FAMILIES.map((family, index) =>
    db
      .selectFrom(sql<TargetRow>`${sql.table(family.tables.targets)}`.as('t'))
      .select(['t.id', 't.events', sql<number>`${sql.lit(index)}`.as('family')])
      .where('t.account_id', '=', p[`account${index}`]!)
      .$if(!family.queueWhileDisabled, (q) => q.where('t.is_active', '=', 1)),
  );
  return rest.reduce((union, next) => union.unionAll(next), first!);
});

/**
 * Inserts the event and one pending delivery per target, due at once, each in its family's
 * deliveries; returns the delivery ids.
 */
async function insertEvent(
  db: Db,
  event: OutboxEvent,
  seq: number,
  targets: readonly { family: TargetFamily; id: string }[],
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
  const rows = targets.map((target) => ({
    family: target.family,
    id: randomUUID(),
    event_id: eventId,
    endpoint_id: target.id,
    account_id: event.accountId,
    event_seq: seq,
    event_type: event.type,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: event.createdAt,
    created_at: event.createdAt,
    updated_at: event.createdAt,
  }));
  for (const family of TARGET_FAMILIES) {
    const own = rows.filter((r) => r.family === family).map(({ family: _, ...row }) => row);
    if (own.length > 0) await familyDb(db, family).insertInto('outbox_deliveries').values(own).execute();
  }
  return rows.map((r) => r.id);
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
  const targetsByAccount = new Map<string, { family: TargetFamily; id: string; events: string[] }[]>();
  let seq: number | undefined;
  let queued = 0;
  for (const event of events) {
    let targets = targetsByAccount.get(event.accountId);
    if (targets === undefined) {
      const values = Object.fromEntries(TARGET_FAMILIES.map((_, i) => [`account${i}`, event.accountId]));
      const { rows } = await accountTargets.run(db, values, root);
      targets = rows.map((r) => ({
        family: TARGET_FAMILIES[Number(r.family)]!,
        id: r.id,
        events: fromJson<string[]>(r.events),
      }));
      targetsByAccount.set(event.accountId, targets);
    }
    const subscribers = targets.filter((e) => e.events.includes(event.type));
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
    const [id] = await insertEvent(trx, event, await nextEventSeq(trx), [
      { family: WEBHOOK_ENDPOINTS, id: endpointId },
    ]);
    return id!;
  });
}
