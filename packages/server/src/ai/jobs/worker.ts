import { randomUUID } from 'node:crypto';
import type { AiJobRow, Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { type AbortReason, startLeasedWorker } from '../../jobs/leased-worker.js';
import type { Wake } from '../../jobs/wake.js';
import type { Logger } from '../../logger.js';
import { AiError, type AiProvider, type AiUsage } from '../provider.js';
import { recordUsage } from '../usage-store.js';
import { createJobsStore } from './jobs-store.js';

/** A job as its handler sees it: the stored row with its input parsed. */
export interface ClaimedJob {
  id: string;
  accountId: string;
  kind: string;
  input: unknown;
  /** 1 on the first run; more after a transient failure or a crashed worker. */
  attempt: number;
}

export interface AiJobContext {
  provider: AiProvider;
  /** Aborted when the worker stops or loses the job's lease: stop calling the provider. */
  signal: AbortSignal;
  /** Records a call's token usage (a row per call) and adds it to the job's totals. */
  recordUsage(task: string, usage: AiUsage): Promise<void>;
}

export interface JobSuccess {
  /**
   * Writes the job's effects (a created form, its events) in the transaction that marks it DONE,
   * so a job's effects happen once, with the job, or not at all; returns the job's result (JSON).
   */
  commit(trx: Db): Promise<unknown>;
}

/** A job of one kind: does the AI work, validates what came back, says how to store it. */
export interface AiJobHandler {
  kind: string;
  run(job: ClaimedJob, context: AiJobContext): Promise<JobSuccess>;
  /** Runs of a job of this kind before it FAILS (default: the worker's `maxAttempts`). */
  maxAttempts?: number;
  /** Wait before run `attempt + 1` after a transient failure (default: the worker's doubling backoff). */
  retryDelayMs?: (attempt: number) => number;
  /** Runs in the transaction that marks a job of this kind FAILED, with the reason. */
  onFailed?: (trx: Db, job: AiJobRow, reason: string) => Promise<void>;
}

/** The job cannot succeed: it FAILS with this message as its `error` (shown to the API caller). */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

export interface AiWorkerOptions {
  provider: AiProvider;
  handlers: readonly AiJobHandler[];
  logger?: Logger;
  /** The app's AI job wake-up (`WorkSignals.aiJobs`): jobs queued by the app start at once. */
  wake?: Wake;
  /** Jobs run at once in this process (FORMLOOM_AI_CONCURRENCY, default 4). */
  concurrency?: number;
  /** How long a claim holds without renewal (default 60 s); renewed every third of it. */
  leaseMs?: number;
  /** How often the database is asked for due jobs when nothing woke the worker (default 1 s). */
  pollIntervalMs?: number;
  /** Runs of a job (transient failures and crashed workers included) before it FAILS (default 3). */
  maxAttempts?: number;
  /** Wait before the second run after a transient failure; doubles each time (default 5 s). */
  retryBaseMs?: number;
  /** Runs in the transaction that marks a job FAILED: gives back the credits it reserved. */
  onFailed?: (trx: Db, job: AiJobRow) => Promise<void>;
  /**
   * Runs each job's work (its handler and the transaction that ends it) on behalf of whoever
   * queued it, so the changes it makes are recorded as theirs, in the job's account (the app
   * passes the audit log's `runAsAuditStarter`). Absent: as no one.
   */
  runAs?: (job: AiJobRow, work: () => Promise<void>) => Promise<void>;
  clock?: () => Date;
}

export interface AiWorker {
  /** Looks for due jobs now. */
  kick(): void;
  /** Stops claiming, ends the calls in flight and puts their jobs back in the queue for another worker. */
  stop(): Promise<void>;
}

/**
 * The AI job worker: claims due jobs with a lease (at most `concurrency` at once), runs each
 * through its kind's handler with the provider, and ends it DONE (with the handler's effects, in
 * one transaction) or FAILED (with the reason and the credits given back, in one transaction).
 * A transient provider failure puts the job back with backoff; a job held by a dead instance is
 * claimed again when its lease runs out.
 */
export function startAiWorker(db: Db, options: AiWorkerOptions): AiWorker {
  const store = createJobsStore(db);
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const handlers = new Map(options.handlers.map((h) => [h.kind, h]));
  const kinds = [...handlers.keys()];
  const logger = options.logger;
  const provenance = JSON.stringify(options.provider.provenance);
  const owner = `ai-worker-${randomUUID()}`;

  const at = (offsetMs: number) => isoNow(new Date(clock().getTime() + offsetMs));

  async function fail(row: AiJobRow, error: string, usage: Totals): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const ended = await createJobsStore(trx).finish(row.id, owner, {
        status: 'FAILED',
        error,
        provider: provenance,
        ...usage,
        nowIso: at(0),
      });
      if (ended) {
        await options.onFailed?.(trx, row);
        await handlers.get(row.kind)?.onFailed?.(trx, row, error);
      }
    });
  }

  async function run(row: AiJobRow, signal: AbortSignal): Promise<void> {
    const handler = handlers.get(row.kind)!;
    const totals: Totals = { promptTokens: 0, completionTokens: 0 };
    const context: AiJobContext = {
      provider: options.provider,
      signal,
      async recordUsage(task, usage) {
        totals.promptTokens += usage.promptTokens;
        totals.completionTokens += usage.completionTokens;
        await recordUsage(db, {
          accountId: row.account_id,
          jobId: row.id,
          task,
          provenance: options.provider.provenance,
          usage,
          nowIso: at(0),
        });
      },
    };
    try {
      if (row.attempts > (handler.maxAttempts ?? maxAttempts)) {
        // Its workers kept dying mid-job (each claim counts): do not let it take down another.
        await fail(row, `The job was interrupted ${row.attempts - 1} times and was given up`, totals);
        return;
      }
      const job: ClaimedJob = {
        id: row.id,
        accountId: row.account_id,
        kind: row.kind,
        input: JSON.parse(row.input),
        attempt: row.attempts,
      };
      let success: JobSuccess;
      try {
        success = await handler.run(job, context);
      } catch (error) {
        if (signal.aborted) {
          if ((signal.reason as AbortReason) === 'stopping')
            await store.requeue(row.id, owner, at(0), at(0), totals, false);
          return;
        }
        await settleFailure(row, error, totals);
        return;
      }
      const committed = await db
        .transaction()
        .execute(async (trx) => {
          const result = await success.commit(trx);
          const ended = await createJobsStore(trx).finish(row.id, owner, {
            status: 'DONE',
            result,
            provider: provenance,
            ...totals,
            nowIso: at(0),
          });
          // Another worker has the job now: undo the effects, it will write its own.
          if (!ended) throw new LeaseLost();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof LeaseLost) return false;
          throw error;
        });
      if (!committed)
        logger?.warn({ jobId: row.id }, 'AI job finished after its lease was lost: result dropped');
    } catch (error) {
      logger?.error({ err: error, jobId: row.id }, 'AI job bookkeeping failed');
    }
  }

  async function settleFailure(row: AiJobRow, error: unknown, totals: Totals): Promise<void> {
    if (error instanceof JobFailure || (error instanceof AiError && error.kind !== 'transient')) {
      logger?.info({ jobId: row.id, kind: row.kind, reason: error.message }, 'AI job failed');
      await fail(row, error.message, totals);
      return;
    }
    const reason =
      error instanceof AiError ? error.message : 'The job failed on an internal error; it was retried';
    if (!(error instanceof AiError)) logger?.error({ err: error, jobId: row.id }, 'AI job handler threw');
    const handler = handlers.get(row.kind);
    if (row.attempts >= (handler?.maxAttempts ?? maxAttempts)) {
      await fail(row, `${reason} (gave up after ${row.attempts} attempts)`, totals);
      return;
    }
    const delay = handler?.retryDelayMs?.(row.attempts) ?? retryBaseMs * 2 ** (row.attempts - 1);
    logger?.warn(
      { jobId: row.id, attempt: row.attempts, retryInMs: delay, reason },
      'AI job will be retried',
    );
    await store.requeue(row.id, owner, at(delay), at(0), totals);
  }

  const worker = startLeasedWorker<AiJobRow>({
    name: 'AI worker',
    owner,
    concurrency: options.concurrency ?? 4,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    leaseMs,
    clock,
    ...(logger === undefined ? {} : { logger }),
    ...(options.wake === undefined ? {} : { wake: options.wake }),
    key: (row) => row.id,
    claim: (limit, lease) => store.claim(lease.owner, kinds, at(0), lease.until(), limit),
    renew: (row, lease) => store.renew(row.id, lease.owner, lease.until()),
    // Claimed as the worker stopped: back in the queue, the attempt not counted.
    release: async (row, lease) => {
      await store.requeue(row.id, lease.owner, at(0), at(0), { promptTokens: 0, completionTokens: 0 }, false);
    },
    run: (row, signal) => (options.runAs ? options.runAs(row, () => run(row, signal)) : run(row, signal)),
  });
  logger?.info({ worker: owner, provider: options.provider.provenance.provider }, 'AI worker started');
  return { kick: worker.kick, stop: worker.stop };
}

/** Retention of AI jobs (a chore of the scheduler): finished jobs older than `retentionMs` (default 30 days) go. */
export function purgeFinishedAiJobs(
  db: Db,
  options: { retentionMs?: number; clock?: () => Date } = {},
): Promise<number> {
  const now = (options.clock ?? (() => new Date()))();
  return createJobsStore(db).purgeFinished(
    isoNow(new Date(now.getTime() - (options.retentionMs ?? 30 * 86_400_000))),
  );
}

class LeaseLost extends Error {}

interface Totals {
  promptTokens: number;
  completionTokens: number;
}
