import { randomUUID } from 'node:crypto';
import { signDelivery } from '@formloom/contract';
import type { Db } from '../db/database.js';
import { createSecretBox } from '../features/webhooks/secret-box.js';
import type { Logger } from '../logger.js';
import { DEFAULT_RETRY_BASE_MS, DISABLE_AFTER_FAILED_DELIVERIES, MAX_RETRIES } from './backoff.js';
import { createOutboxStore, type DueDelivery } from './outbox-store.js';
import { decideAttempt } from './policy.js';
import { DEFAULT_ATTEMPT_TIMEOUT_MS, postDelivery, type SendResult } from './send.js';
import { onOutboxWrite } from './signal.js';

export interface WebhookWorkerOptions {
  /** The 32-byte server key the signing secrets are sealed with. */
  secretKey: Uint8Array;
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

export interface WebhookWorker {
  /** Looks for due work now. */
  kick(): void;
  /** Stops claiming, waits for attempts in flight (at most the timeout), gives leases back. */
  stop(): Promise<void>;
}

/**
 * The delivery worker: polls the outbox, leases endpoints with due deliveries (at most
 * `concurrency` at once, one delivery in flight per endpoint, in event order), signs and POSTs
 * each delivery, records the attempt and schedules the retry. A slow or dead receiver holds only
 * its own endpoint's slot, and only for the attempt timeout; the API never waits for a send.
 */
export function startWebhookWorker(db: Db, options: WebhookWorkerOptions): WebhookWorker {
  const store = createOutboxStore(db);
  const box = createSecretBox(options.secretKey);
  const clock = options.clock ?? (() => new Date());
  const owner = `worker-${randomUUID()}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  // Covers one attempt and its bookkeeping; renewed after every attempt.
  const leaseMs = timeoutMs + 5_000;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const batch = options.batchPerClaim ?? 100;
  const policy = { allowPrivateTargets: options.allowPrivateTargets ?? false };
  const retry = {
    retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
    maxRetries: options.maxRetries ?? MAX_RETRIES,
    random: options.random,
  };
  const logger = options.logger;
  const active = new Map<string, Promise<void>>();
  let stopping = false;
  let ticking = false;
  let again = false;

  const leaseUntil = () => new Date(clock().getTime() + leaseMs).toISOString();

  async function attempt(delivery: DueDelivery): Promise<SendResult> {
    let headers: Record<string, string>;
    try {
      const secret = box.open(delivery.secretSealed, delivery.endpointId);
      headers = await signDelivery({
        id: delivery.id,
        timestamp: clock(),
        body: delivery.payload,
        secret,
        event: delivery.eventType,
      });
    } catch (error) {
      return { statusCode: null, durationMs: 0, error: (error as Error).message, responseBody: null };
    }
    return postDelivery(delivery.url, delivery.payload, headers, { timeoutMs, policy });
  }

  async function drain(endpointId: string): Promise<void> {
    try {
      for (let sent = 0; sent < batch && !stopping; sent++) {
        const delivery = await store.nextDelivery(endpointId, owner, clock().toISOString());
        if (delivery === undefined) break;
        const startedAt = clock();
        const result = await attempt(delivery);
        const number = delivery.attemptCount + 1;
        const decision = decideAttempt(result, number, clock(), retry);
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
          logger?.warn({ endpointId }, 'webhook endpoint answered 410: disabled');
        if (!decision.ok) {
          logger?.info(
            {
              endpointId,
              deliveryId: delivery.id,
              attempt: number,
              status: result.statusCode,
              error: result.error,
            },
            'webhook attempt failed',
          );
        }
      }
      await store.release(endpointId, owner, clock().toISOString());
    } catch (error) {
      logger?.error({ err: error, endpointId }, 'webhook delivery loop failed');
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
        const free = concurrency - active.size;
        if (free <= 0) break;
        const now = clock().toISOString();
        const claimed = await store.claimEndpoints(owner, now, leaseUntil(), free);
        for (const id of claimed) {
          if (active.has(id) || stopping) {
            // Claimed in the moment a previous drain of it was ending: give it back at once.
            await store.release(id, owner, now);
            continue;
          }
          const running = drain(id).finally(() => {
            active.delete(id);
            // A slot is free and the endpoint may have more: look again.
            if (!stopping) void tick();
          });
          active.set(id, running);
        }
      } while (again && !stopping);
    } catch (error) {
      logger?.error({ err: error }, 'webhook worker poll failed');
    } finally {
      ticking = false;
    }
  }

  async function housekeeping(): Promise<void> {
    try {
      await options.housekeeping?.();
      const cutoff = new Date(clock().getTime() - (options.retentionMs ?? 30 * 86_400_000)).toISOString();
      await store.prune(cutoff);
    } catch (error) {
      logger?.error({ err: error }, 'webhook housekeeping failed');
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
  // The lease owner this process writes into webhook_endpoints: which instance holds what.
  logger?.info({ worker: owner }, 'webhook worker started');
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
