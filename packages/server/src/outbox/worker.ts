import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import { startLeasedWorker } from '../jobs/leased-worker.js';
import type { Wake } from '../jobs/wake.js';
import type { Logger } from '../logger.js';
import { DEFAULT_RETRY_BASE_MS, DISABLE_AFTER_FAILED_DELIVERIES, MAX_RETRIES } from './backoff.js';
import type { OutboxSender, SenderResult } from './channel.js';
import { createOutboxStore, type DueDelivery, pruneEvents } from './outbox-store.js';
import { decideAttempt } from './policy.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './send.js';
import { createWebhookSender } from './senders/webhook-sender.js';

export interface OutboxWorkerOptions {
  db: Db;
  /** The server's sealed-secrets box (`createSecretBox`), which opens the webhook signing secrets. */
  box: SecretBox;
  /**
   * The other channels' senders (Slack, Discord...); the webhook sender is always there. A target
   * whose channel has no sender here is not claimed: its deliveries wait.
   */
  senders?: readonly OutboxSender[];
  logger?: Logger;
  /** The app's outbox wake-up (`WorkSignals.outbox`): events recorded by the app are sent at once. */
  wake?: Wake;
  /** First retry delay; each later one doubles (default 30 s, FORMLOOM_WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs?: number;
  maxRetries?: number;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Endpoints served at once, one delivery in flight each (default 16). */
  concurrency?: number;
  /** How often the database is asked for due work when nothing woke the worker (default 1 s). */
  pollIntervalMs?: number;
  /** Deliveries sent per endpoint claim before it is given back, for fairness (default 100). */
  batchPerClaim?: number;
  allowPrivateTargets?: boolean;
  clock?: () => Date;
  random?: () => number;
}

export interface OutboxWorker {
  /** Looks for due work now. */
  kick(): void;
  /** Stops claiming, waits for attempts in flight (at most the timeout), gives leases back. */
  stop(): Promise<void>;
}

/**
 * The delivery worker, the same for every channel: leases targets with due deliveries through the
 * leased worker (at most `concurrency` at once, one delivery in flight per target, in event
 * order), hands each delivery to its channel's sender, records the attempt and schedules the
 * retry. A slow or dead receiver holds only its own target's slot, and only for the attempt
 * timeout; the API never waits for a send.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db } = options;
  const senders = new Map<string, OutboxSender>();
  for (const sender of [createWebhookSender(options.box), ...(options.senders ?? [])]) {
    if (senders.has(sender.channel)) throw new Error(`two senders for the channel ${sender.channel}`);
    senders.set(sender.channel, sender);
  }
  const channels = [...senders.keys()];
  const store = createOutboxStore(db);
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const batch = options.batchPerClaim ?? 100;
  const policy = { allowPrivateTargets: options.allowPrivateTargets ?? false };
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const logger = options.logger;

  async function attempt(
    delivery: DueDelivery,
    sender: OutboxSender | undefined,
    lastAttempt: boolean,
  ): Promise<SenderResult> {
    if (sender === undefined) {
      return {
        statusCode: null,
        durationMs: 0,
        error: `no sender for ${delivery.channel}`,
        responseBody: null,
      };
    }
    try {
      return await sender.send(delivery, { timeoutMs, policy, clock, lastAttempt });
    } catch (error) {
      // Senders report failures as results; a throw is a bug, logged, and retried like one.
      logger?.error({ err: error, channel: delivery.channel }, 'outbox sender threw');
      return { statusCode: null, durationMs: 0, error: 'sender error', responseBody: null };
    }
  }

  // The lease is renewed with every recorded attempt (recordAttempt), so it only has to cover one.
  // Work items are target ids.
  const worker = startLeasedWorker<string>({
    name: 'outbox worker',
    owner: `worker-${randomUUID()}`,
    concurrency: options.concurrency ?? 16,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    leaseMs: timeoutMs + 5_000,
    clock,
    ...(logger === undefined ? {} : { logger }),
    ...(options.wake === undefined ? {} : { wake: options.wake }),
    key: (id) => id,
    claim: (limit, lease) =>
      store.claimEndpoints(lease.owner, clock().toISOString(), lease.until(), limit, channels),
    release: (id, lease) => store.release(id, lease.owner, clock().toISOString()),
    async run(endpointId, signal) {
      const owner = worker.owner;
      for (let sent = 0; sent < batch && !signal.aborted; sent++) {
        const delivery = await store.nextDelivery(endpointId, owner, clock().toISOString());
        if (delivery === undefined) break;
        const sender = senders.get(delivery.channel);
        const startedAt = clock();
        // The attempt log's number; the retries count tries only (a postponement is none).
        const number = delivery.attemptCount + 1;
        const tries = number - delivery.postponements;
        const maxRetries = options.maxRetries ?? sender?.maxRetries ?? MAX_RETRIES;
        const result = await attempt(delivery, sender, tries > maxRetries);
        const decision = decideAttempt(result, tries, clock(), {
          retryBaseMs,
          maxRetries,
          random: options.random,
        });
        const kept = await store.recordAttempt(
          owner,
          {
            deliveryId: delivery.id,
            endpointId,
            attempt: number,
            startedAt: startedAt.toISOString(),
            durationMs: result.durationMs,
            statusCode: result.statusCode,
            error: result.error,
            responseBody: result.responseBody,
            disableAfter: DISABLE_AFTER_FAILED_DELIVERIES,
            ...decision,
          },
          new Date(clock().getTime() + timeoutMs + 5_000).toISOString(),
        );
        if (!kept) return;
        if (decision.endpoint === 'gone')
          logger?.warn({ endpointId, channel: delivery.channel }, 'outbox target is gone: disabled');
        if (!decision.ok) {
          logger?.info(
            {
              channel: delivery.channel,
              endpointId,
              deliveryId: delivery.id,
              attempt: number,
              status: result.statusCode,
              error: result.error,
            },
            'outbox attempt failed',
          );
        }
      }
      await store.release(endpointId, owner, clock().toISOString());
    },
  });
  logger?.info({ worker: worker.owner, channels }, 'outbox worker started');
  return { kick: worker.kick, stop: worker.stop };
}

/**
 * Retention of the outbox (a chore of the scheduler): finished deliveries, and the events no
 * delivery needs any more, older than `retentionMs` (default 30 days) are deleted.
 */
export async function pruneOutbox(
  db: Db,
  options: { retentionMs?: number; clock?: () => Date } = {},
): Promise<number> {
  const now = (options.clock ?? (() => new Date()))();
  const cutoff = new Date(now.getTime() - (options.retentionMs ?? 30 * 86_400_000)).toISOString();
  const pruned = await createOutboxStore(db).prune(cutoff);
  await pruneEvents(db, cutoff);
  return pruned;
}
