import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import { detached } from './background.js';
import type { Wake } from './wake.js';

/**
 * The one claim/lease/renew/poll loop of the server. Every table of leased work (outbox targets,
 * AI jobs) keeps its own SQL in its store: how to claim rows, renew and give back a lease, written
 * with a `lease_owner` and a `lease_until` so a dead instance's work is claimed again once its
 * lease runs out. This loop decides the rest, once: when to claim (at start, every poll, on a
 * wake-up, when a slot frees), how many (the free slots of `concurrency`), keeping a lease alive
 * while its work runs (`renew` every third of the lease; a lost lease aborts the work), and on
 * `stop()` no more claims, the work aborted and waited for, and anything claimed but not started
 * given back. It lives below the features (outbox/, ai/jobs/ use it) and knows no table.
 */

/** What a claim writes: the worker's owner id and the end of the lease, from the worker's clock. */
export interface Lease {
  readonly owner: string;
  /** `leaseMs` from now, as an ISO instant. */
  until(): string;
}

/** Why a run's signal was aborted. */
export type AbortReason = 'stopping' | 'lease lost';

export interface LeasedWorkerOptions<T> {
  /** Names the worker in logs ("outbox", "AI jobs"). */
  name: string;
  /** The lease owner id it writes (default: the name and a random UUID); unique per worker. */
  owner?: string;
  /** Items worked on at once in this process. */
  concurrency: number;
  /** How often the database is asked for due work when nothing woke the worker. */
  pollIntervalMs: number;
  /** How long a claim holds without renewal. */
  leaseMs: number;
  clock: () => Date;
  logger?: Logger;
  /** Wake-ups from writers of this app. */
  wake?: Wake;
  /** The identity of an item, so one claimed twice (a race with its own end) runs once. */
  key(item: T): string;
  /** Claims at most `limit` due items with `lease`. */
  claim(limit: number, lease: Lease): Promise<readonly T[]>;
  /**
   * Does the work and ends it (recording the outcome or giving the lease back). `signal` is
   * aborted with an `AbortReason` when the worker stops or the lease is lost.
   */
  run(item: T, signal: AbortSignal): Promise<void>;
  /** Extends the item's lease; false when it was lost. Absent: the run renews it itself. */
  renew?(item: T, lease: Lease): Promise<boolean>;
  /** Gives back an item that was claimed but will not run (the worker is stopping, or it already runs). */
  release(item: T, lease: Lease): Promise<void>;
}

export interface LeasedWorker {
  /** The lease owner written into claimed rows: which instance holds what. */
  readonly owner: string;
  /** Looks for due work now. */
  kick(): void;
  /** Stops claiming, aborts the runs in flight and waits for them, gives back what it still holds. */
  stop(): Promise<void>;
}

export function startLeasedWorker<T>(options: LeasedWorkerOptions<T>): LeasedWorker {
  const { name, logger, clock, leaseMs } = options;
  const concurrency = Math.max(1, options.concurrency);
  const owner = options.owner ?? `${name.replace(/\W+/g, '-')}-${randomUUID()}`;
  const lease: Lease = { owner, until: () => new Date(clock().getTime() + leaseMs).toISOString() };
  const active = new Map<string, { done: Promise<void>; abort: AbortController }>();
  let stopping = false;
  let polling: Promise<void> | undefined;
  let again = false;

  function runOne(item: T, key: string): void {
    const abort = new AbortController();
    const renewal =
      options.renew === undefined
        ? undefined
        : setInterval(
            () => {
              options.renew!(item, lease)
                .then((held) => {
                  if (!held) abort.abort('lease lost' satisfies AbortReason);
                })
                .catch((err: unknown) => logger?.error({ err, key }, `${name}: lease renewal failed`));
            },
            Math.max(50, Math.floor(leaseMs / 3)),
          );
    renewal?.unref();
    const done = options
      .run(item, abort.signal)
      .catch((err: unknown) => logger?.error({ err, key }, `${name}: work failed`))
      .finally(() => {
        clearInterval(renewal);
        active.delete(key);
        // A slot is free and there may be more: look again.
        kick();
      });
    active.set(key, { done, abort });
  }

  async function poll(): Promise<void> {
    try {
      do {
        again = false;
        const free = concurrency - active.size;
        if (free <= 0) break;
        const claimed = await options.claim(free, lease);
        const giveBack: Promise<void>[] = [];
        let started = 0;
        for (const item of claimed) {
          const key = options.key(item);
          // Claimed in the moment its previous run was ending, or while stop() began: give it back.
          if (stopping || active.has(key)) giveBack.push(options.release(item, lease));
          else {
            runOne(item, key);
            started += 1;
          }
        }
        await Promise.all(giveBack);
        // Every slot filled: there may be more. (Not after giving items back: that would spin.)
        if (started >= free) again = true;
      } while (again && !stopping);
    } catch (err) {
      logger?.error({ err }, `${name}: poll failed`);
    }
  }

  // Whoever kicks (a request through its wake-up, a test, the timer), the claims and the runs
  // they start are the worker's own: no request's context, so no request's audit caller.
  const pollDetached = detached(poll);

  function kick(): void {
    if (stopping) return;
    if (polling !== undefined) {
      again = true;
      return;
    }
    polling = pollDetached().finally(() => {
      polling = undefined;
    });
  }

  const timer = setInterval(kick, options.pollIntervalMs);
  timer.unref();
  const unsubscribe = options.wake?.on(kick);
  kick();

  return {
    owner,
    kick,
    async stop() {
      stopping = true;
      clearInterval(timer);
      unsubscribe?.();
      await polling;
      for (const { abort } of active.values()) abort.abort('stopping' satisfies AbortReason);
      await Promise.all([...active.values()].map((a) => a.done));
    },
  };
}
