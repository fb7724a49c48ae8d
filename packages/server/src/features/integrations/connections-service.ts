import { randomUUID } from 'node:crypto';
import {
  type AuditAction,
  DEFAULT_CONNECTION_EVENTS,
  type IntegrationConnection,
  type IntegrationProvider,
  WEBHOOK_EVENT_TYPES,
} from '@formloom/contract';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import { badRequest, notFound } from '../../domain-errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import { createConnectionsStore } from './connections-store.js';

/** What a sender needs, sealed at rest (the target's id is the sealing context). */
export type ConnectionConfig =
  | { provider: 'slack'; botToken: string; channelId: string; teamId: string }
  | { provider: 'discord'; webhookUrl: string };

type Row = {
  id: string;
  channel: string;
  label: string;
  events: string;
  is_active: number;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
};

function toConnection(row: Row): IntegrationConnection {
  return {
    id: row.id,
    provider: row.channel as IntegrationProvider,
    status: row.is_active === 1 ? 'CONNECTED' : 'ERROR',
    target: row.label,
    events: fromJson<IntegrationConnection['events']>(row.events),
    consecutiveFailures: Number(row.consecutive_failures),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Chat-app connections (docs/integrations.md): rows of the outbox's `outbox_targets` whose channel is
 * slack or discord, so notifications go through the same outbox as webhooks. Every read and
 * write is scoped to the caller's account: another account's connection is a 404.
 */
export function createConnectionsService(deps: { db: Db; box: SecretBox; clock: () => Date }) {
  const { db, box, clock } = deps;
  const store = createConnectionsStore(db);
  type Store = typeof store;

  async function get(accountId: string, id: string, from: Store = store): Promise<Row> {
    const row = await from.find(accountId, id);
    if (row === undefined) throw notFound('Connection not found');
    return row;
  }

  /** A change and its audit record, in one transaction (the record names the member or key). */
  function change<T extends { id: string }>(
    accountId: string,
    action: AuditAction,
    work: (trx: Store) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const result = await work(createConnectionsStore(trx));
      await recordAudit(trx, accountId, action, { type: 'integration', id: result.id }, clock);
      return result;
    });
  }

  return {
    async list(accountId: string): Promise<IntegrationConnection[]> {
      const rows = await store.list(accountId);
      return rows.map(toConnection);
    },

    async setEvents(
      accountId: string,
      id: string,
      events: readonly string[],
    ): Promise<IntegrationConnection> {
      const unknown = events.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
      if (unknown.length > 0) throw badRequest(`Unknown event type: ${unknown.join(', ')}`);
      return change(accountId, 'integration.updated', async (trx) => {
        await get(accountId, id, trx);
        // The set, in the contract's order, each once.
        const set = WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e));
        await trx.setEvents(accountId, id, JSON.stringify(set), clock().toISOString());
        return toConnection(await get(accountId, id, trx));
      });
    },

    remove(accountId: string, id: string): Promise<{ id: string; deleted: true }> {
      return change(accountId, 'integration.removed', async (trx) => {
        await get(accountId, id, trx);
        await trx.remove(accountId, id);
        return { id, deleted: true as const };
      });
    },

    /**
     * Connects, or reconnects the same place (same account, provider and label): new settings,
     * and out of ERROR with its failure count cleared. New connections get
     * FORM_RESPONSE_CREATED.
     */
    async connect(input: {
      accountId: string;
      userId: string;
      label: string;
      config: ConnectionConfig;
    }): Promise<IntegrationConnection> {
      return change(input.accountId, 'integration.connected', async (trx) => {
        const now = clock().toISOString();
        const existing = await trx.findByPlace(input.accountId, input.config.provider, input.label);
        const id = existing?.id ?? randomUUID();
        const sealed = box.seal(JSON.stringify(input.config), id);
        if (existing === undefined) {
          await trx.insert({
            id,
            accountId: input.accountId,
            provider: input.config.provider,
            label: input.label,
            configSealed: sealed,
            events: JSON.stringify(DEFAULT_CONNECTION_EVENTS),
            createdBy: input.userId,
            now,
          });
        } else {
          await trx.reconnect(id, sealed, now);
        }
        return toConnection(await get(input.accountId, id, trx));
      });
    },

    /** The sealed settings of a target, opened (for the senders). */
    openConfig(id: string, sealed: string): ConnectionConfig {
      return JSON.parse(box.open(sealed, id)) as ConnectionConfig;
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
