import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { DEFAULT_RETRY_BASE_MS, DISABLE_AFTER_FAILED_DELIVERIES, MAX_RETRIES } from './backoff.js';
import type { OutboxSender, SenderResult } from './channel.js';
import { createOutboxStore, type DueDelivery, pruneEvents } from './outbox-store.js';
import { decideAttempt } from './policy.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from './send.js';
import { createWebhookSender } from './senders/webhook-sender.js';
import { onOutboxWrite } from './signal.js';

export interface OutboxWorkerOptions {
  /** The 32-byte server key the webhook signing secrets are sealed with. */
  secretKey: Uint8Array;
  /**
   * The other channels' senders (Slack, Discord...); the webhook sender is always there. A target
   * whose channel has no sender here is not claimed: its deliveries wait.
   */
  senders?: readonly OutboxSender[];
  logger?: Logger;
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
  /** Finished deliveries older than this are deleted (default 30 days). */
  retentionMs?: number;
  /** Runs besides the sends, every `housekeepingIntervalMs` (default 60 s): e.g. archiving expired forms. */
  housekeeping?: () => Promise<unknown>;
  housekeepingIntervalMs?: number;
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
 * The delivery worker, the same for every channel: polls the outbox, leases targets with due
 * deliveries (at most `concurrency` at once, one delivery in flight per target, in event order),
 * hands each delivery to its channel's sender, records the attempt and schedules the retry. A
 * slow or dead receiver holds only its own target's slot, and only for the attempt timeout; the
 * API never waits for a send.
 */
export function startOutboxWorker(db: Db, options: OutboxWorkerOptions): OutboxWorker {
  const senders = new Map<string, OutboxSender>();
  for (const sender of [createWebhookSender(options.secretKey), ...(options.senders ?? [])]) {
    if (senders.has(sender.channel)) throw new Error(`two senders for the channel ${sender.channel}`);
    senders.set(sender.channel, sender);
  }
  const channels = [...senders.keys()];
  const store = createOutboxStore(db);
  const clock = options.clock ?? (() => new Date());
  const owner = `worker-${randomUUID()}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  // Covers one attempt and its bookkeeping; renewed after every attempt.
  const leaseMs = timeoutMs + 5_000;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const batch = options.batchPerClaim ?? 100;
  const policy = { allowPrivateTargets: options.allowPrivateTargets ?? false };
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const logger = options.logger;
  // Keyed by target id.
  const active = new Map<string, Promise<void>>();
  let stopping = false;
  let ticking = false;
  let again = false;

  const leaseUntil = () => new Date(clock().getTime() + leaseMs).toISOString();

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

  async function drain(endpointId: string): Promise<void> {
    try {
      for (let sent = 0; sent < batch && !stopping; sent++) {
        const delivery = await store.nextDelivery(endpointId, owner, clock().toISOString());
        if (delivery === undefined) break;
        const sender = senders.get(delivery.channel);
        const startedAt = clock();
        const number = delivery.attemptCount + 1;
        const maxRetries = options.maxRetries ?? sender?.maxRetries ?? MAX_RETRIES;
        const result = await attempt(delivery, sender, number > maxRetries);
        const decision = decideAttempt(result, number, clock(), {
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
          leaseUntil(),
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
    } catch (error) {
      logger?.error({ err: error, endpointId }, 'outbox delivery loop failed');
    }
  }

  async function claim(now: string): Promise<void> {
    const free = concurrency - active.size;
    if (free <= 0) return;
    const claimed = await store.claimEndpoints(owner, now, leaseUntil(), free, channels);
    for (const id of claimed) {
      if (active.has(id) || stopping) {
        // Claimed in the moment a previous drain of it was ending: give it back at once.
        await store.release(id, owner, now);
        continue;
      }
      const running = drain(id).finally(() => {
        active.delete(id);
        // A slot is free and the target may have more: look again.
        if (!stopping) void tick();
      });
      active.set(id, running);
    }
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        if (concurrency - active.size <= 0) break;
        await claim(clock().toISOString());
      } while (again && !stopping);
    } catch (error) {
      logger?.error({ err: error }, 'outbox worker poll failed');
    } finally {
      ticking = false;
    }
  }

  async function housekeeping(): Promise<void> {
    try {
      await options.housekeeping?.();
      const cutoff = new Date(clock().getTime() - (options.retentionMs ?? 30 * 86_400_000)).toISOString();
      await store.prune(cutoff);
      await pruneEvents(db, cutoff);
    } catch (error) {
      logger?.error({ err: error }, 'outbox housekeeping failed');
    }
  }

  const poll = setInterval(() => void tick(), options.pollIntervalMs ?? 1000);
  poll.unref();
  let housekeepingRun: Promise<void> | undefined = housekeeping();
  const chores = setInterval(() => {
    housekeepingRun ??= housekeeping().finally(() => {
      housekeepingRun = undefined;
    });
  }, options.housekeepingIntervalMs ?? 60_000);
  chores.unref();
  void housekeepingRun.finally(() => {
    housekeepingRun = undefined;
  });
  const unsubscribe = onOutboxWrite(() => void tick());
  // The lease owner this process writes into the targets: which instance holds what.
  logger?.info({ worker: owner, channels }, 'outbox worker started');
  void tick();

  return {
    kick: () => void tick(),
    async stop() {
      stopping = true;
      clearInterval(poll);
      clearInterval(chores);
      unsubscribe();
      await Promise.all([...active.values(), housekeepingRun]);
    },
  };
}
