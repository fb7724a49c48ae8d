import type { Selectable } from 'kysely';
import type { OutboxTargetsTable } from '../db/database.js';

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
