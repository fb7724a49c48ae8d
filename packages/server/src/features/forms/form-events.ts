import type { FormSchema } from '@formloom/contract';
import type { Db, FormRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
import { type OutboxEvent, recordEvents } from '../../outbox/record.js';

/**
 * The webhook events of a form's state changes (docs/webhooks.md "Events"), derived from the row
 * before and after the change, so every path that changes a form (API, public submission,
 * archive on read, the expiry sweep) emits the same events the same way.
 */

const ref = (row: FormRow) => ({ formId: row.id, formTitle: row.title });

function schemaOf(row: FormRow): FormSchema {
  return fromJson<FormSchema>(row.schema);
}

export function formCreatedEvent(row: FormRow): OutboxEvent {
  return { accountId: row.account_id, type: 'FORM_CREATED', createdAt: row.created_at, data: ref(row) };
}

export function formDeletedEvent(row: FormRow, nowIso: string): OutboxEvent {
  return { accountId: row.account_id, type: 'FORM_DELETED', createdAt: nowIso, data: ref(row) };
}

/**
 * The events of a status change: to PUBLISHED (FORM_PUBLISHED), back to DRAFT (FORM_UNPUBLISHED),
 * PUBLISHED to ARCHIVED (FORM_EXPIRED when `expires_at` has passed, else
 * FORM_RESPONSES_LIMIT_REACHED). `publicFormUrl` makes the publish event's `publicUrl`.
 */
export function formTransitionEvents(
  before: FormRow,
  after: FormRow,
  nowIso: string,
  publicFormUrl?: (code: string) => string,
  schema?: FormSchema,
): OutboxEvent[] {
  const from = before.publish_status;
  const to = after.publish_status;
  if (from === to) return [];
  const accountId = after.account_id;
  if (to === 'PUBLISHED' && after.share_code !== null && publicFormUrl !== undefined) {
    return [
      {
        accountId,
        type: 'FORM_PUBLISHED',
        createdAt: nowIso,
        data: {
          ...ref(after),
          shareUrl: after.share_code,
          publicUrl: publicFormUrl(after.share_code),
          publishedAt: after.published_at ?? nowIso,
        },
      },
    ];
  }
  if (to === 'DRAFT') return [{ accountId, type: 'FORM_UNPUBLISHED', createdAt: nowIso, data: ref(after) }];
  if (to === 'ARCHIVED' && from === 'PUBLISHED') return [archivedEvent(after, nowIso, schema)];
  return [];
}

/** Why a form was archived, as its event. */
export function archivedEvent(row: FormRow, nowIso: string, schema?: FormSchema): OutboxEvent {
  if (row.expires_at !== null && row.expires_at <= nowIso) {
    return {
      accountId: row.account_id,
      type: 'FORM_EXPIRED',
      createdAt: nowIso,
      data: { ...ref(row), expiresAt: row.expires_at },
    };
  }
  const max = (schema ?? schemaOf(row)).settings?.maxResponses ?? Number(row.response_count);
  return {
    accountId: row.account_id,
    type: 'FORM_RESPONSES_LIMIT_REACHED',
    createdAt: nowIso,
    data: { ...ref(row), maxResponses: max, responseCount: Number(row.response_count) },
  };
}

/**
 * Runs `write` and records the events of what it did, in one transaction (the caller's, when
 * `db` already is one). `write` returns the events, or none when it changed nothing. `outbox`:
 * the app's outbox wake-up, woken when a delivery was queued.
 */
export async function withEvents<T>(
  db: Db,
  write: (trx: Db) => Promise<{ result: T; events: OutboxEvent[] }>,
  outbox?: Wake,
): Promise<T> {
  const run = async (trx: Db) => {
    const { result, events } = await write(trx);
    // Woken before the commit: on SQLite's one connection the worker's query waits for it.
    if ((await recordEvents(trx, events)) > 0) outbox?.notify();
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
