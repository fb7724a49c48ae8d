import type { Selectable } from 'kysely';
import type { Db, OutboxTargetsTable } from '../db/database.js';

/** What differs between the outbox's targets; the rest is the state every new target starts in. */
export interface NewTarget {
  id: string;
  accountId: string;
  channel: string;
  label: string;
  configSealed: string;
  /** JSON array of the account's event types it takes (`[]`: only deliveries queued for it). */
  events: string;
  now: string;
  url?: string | null;
  description?: string | null;
  secretLast4?: string | null;
  createdBy?: string | null;
  /** JSON array of form ids whose events it takes; null or absent: every form's. */
  formIds?: string | null;
  /** A REST hook: deleted when its URL answers 410 Gone. */
  restHook?: boolean;
}

/**
 * The row of a new outbox target (webhook endpoint, chat connection, report callback): active, no
 * failures, no lease. One place, so a column the outbox adds starts right for every channel.
 */
export function newTargetRow(target: NewTarget): Selectable<OutboxTargetsTable> {
  return {
    id: target.id,
    account_id: target.accountId,
    channel: target.channel,
    label: target.label,
    config_sealed: target.configSealed,
    url: target.url ?? null,
    description: target.description ?? null,
    secret_last4: target.secretLast4 ?? null,
    events: target.events,
    form_ids: target.formIds ?? null,
    rest_hook: target.restHook === true ? 1 : 0,
    created_by: target.createdBy ?? null,
    is_active: 1,
    consecutive_failures: 0,
    disabled_reason: null,
    lease_owner: null,
    lease_until: null,
    created_at: target.now,
    updated_at: target.now,
  };
}

/** A re-enabled target's pending deliveries (kept while it was disabled) are due at once, in their order. */
export async function makePendingDue(db: Db, targetId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('outbox_deliveries')
    .set({ next_attempt_at: nowIso })
    .where('endpoint_id', '=', targetId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', nowIso)
    .execute();
}

/**
 * Enables a target the worker disabled (repeated failures, or gone): active, failures cleared,
 * its pending deliveries due now. Returns false when it was not disabled (or does not exist); the
 * caller then has nothing to wake.
 */
export async function enableTarget(db: Db, targetId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox_targets')
    .set({ is_active: 1, consecutive_failures: 0, disabled_reason: null, updated_at: nowIso })
    .where('id', '=', targetId)
    .where('is_active', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await makePendingDue(db, targetId, nowIso);
  return true;
}
