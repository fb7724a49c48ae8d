import type { IntegrationProvider } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { newTargetRow } from '../../outbox/target-row.js';

const PROVIDERS: readonly IntegrationProvider[] = ['slack', 'discord'];

const COLUMNS = [
  'id',
  'channel',
  'label',
  'events',
  'is_active',
  'consecutive_failures',
  'created_at',
  'updated_at',
] as const;

/**
 * Chat-app connections: the rows of the outbox's `outbox_targets` whose channel is slack or
 * discord, always within one account.
 */
export function createConnectionsStore(db: Db) {
  const mine = (accountId: string) =>
    db
      .selectFrom('outbox_targets')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('channel', 'in', PROVIDERS);

  return {
    find(accountId: string, id: string) {
      return mine(accountId).where('id', '=', id).executeTakeFirst();
    },
    list(accountId: string) {
      return mine(accountId).orderBy('created_at').orderBy('id').execute();
    },
    /** The account's connection to this place (provider and label), if any. */
    findByPlace(accountId: string, provider: IntegrationProvider, label: string) {
      return mine(accountId).where('channel', '=', provider).where('label', '=', label).executeTakeFirst();
    },
    async setEvents(accountId: string, id: string, events: string, updatedAt: string): Promise<void> {
      await db
        .updateTable('outbox_targets')
        .set({ events, updated_at: updatedAt })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
    },
    async remove(accountId: string, id: string): Promise<void> {
      await db
        .deleteFrom('outbox_targets')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
    },
    /** A new connection, active, with no lease. */
    async insert(row: {
      id: string;
      accountId: string;
      provider: IntegrationProvider;
      label: string;
      configSealed: string;
      events: string;
      createdBy: string;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('outbox_targets')
        .values(
          newTargetRow({
            id: row.id,
            accountId: row.accountId,
            channel: row.provider,
            label: row.label,
            configSealed: row.configSealed,
            events: row.events,
            createdBy: row.createdBy,
            now: row.now,
          }),
        )
        .execute();
    },
    /** New settings for an existing connection, and out of ERROR with its failures cleared. */
    async reconnect(id: string, configSealed: string, now: string): Promise<void> {
      await db
        .updateTable('outbox_targets')
        .set({
          config_sealed: configSealed,
          is_active: 1,
          consecutive_failures: 0,
          disabled_reason: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
