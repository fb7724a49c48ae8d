import { purgeFinishedAiJobs } from './ai/jobs/worker.js';
import type { Db } from './db/database.js';
import { archiveExpiredForms, createFormsAdmin } from './features/forms/index.js';
import { purgeExpiredPartials } from './features/partials/index.js';
import { sweepIdleSessions } from './features/smart-forms/index.js';
import { createIdempotencyPurge } from './idempotency/index.js';
import { type Chore, type Scheduler, startScheduler } from './jobs/scheduler.js';
import type { WorkSignals } from './jobs/wake.js';
import type { Logger } from './logger.js';
import { pruneOutbox } from './outbox/worker.js';
import { createAuditService } from './platform/audit/index.js';

export interface ChoresOptions {
  /** FORMLOOM_DELETED_RETENTION: deleted forms are purged after this (default 30 days). */
  deletedRetentionMs?: number;
  /** FORMLOOM_SESSION_IDLE_TIMEOUT: idle smart-form sessions are abandoned after this (default 24 h). */
  sessionIdleMs?: number;
  /** Finished outbox deliveries are deleted this long after they end (default 30 days). */
  outboxRetentionMs?: number;
  /** Finished AI jobs are deleted this long after they end (FORMLOOM_AI_JOB_RETENTION, default 30 days). */
  aiJobRetentionMs?: number;
  /** FORMLOOM_AUDIT_RETENTION: audit log entries are deleted after this (default 365 days). */
  auditRetentionMs?: number;
  /** The app's wake-ups: the events of forms archived on expiry go out at once. */
  signals?: WorkSignals;
  clock?: () => Date;
  logger?: Logger;
}

const MINUTE = 60_000;

/** Every periodic chore of the server, in one list: what runs, how often. */
export function serverChores(db: Db, options: ChoresOptions = {}): Chore[] {
  const clock = options.clock ?? (() => new Date());
  const retention = (ms: number | undefined) => ({ clock, ...(ms === undefined ? {} : { retentionMs: ms }) });
  return [
    {
      // Published forms past `expiresAt` become ARCHIVED, with their FORM_EXPIRED events.
      name: 'archive expired forms',
      everyMs: MINUTE,
      run: () => archiveExpiredForms(db, clock(), options.signals?.outbox).then((ids) => ids.length),
    },
    {
      name: 'abandon idle smart-form sessions',
      everyMs: MINUTE,
      run: () =>
        sweepIdleSessions(db, {
          clock,
          ...(options.sessionIdleMs === undefined ? {} : { idleMs: options.sessionIdleMs }),
        }),
    },
    {
      // Partial responses past `settings.resumeDays`, finished or not: their answers go for good.
      name: 'purge expired partial responses',
      everyMs: MINUTE,
      run: () => purgeExpiredPartials(db, clock()),
    },
    {
      name: 'purge deleted forms',
      everyMs: 60 * MINUTE,
      run: () => createFormsAdmin(db, retention(options.deletedRetentionMs)).purge(),
    },
    {
      name: 'prune finished deliveries',
      everyMs: MINUTE,
      run: () => pruneOutbox(db, retention(options.outboxRetentionMs)),
    },
    {
      // Idempotency keys of create routes and of public submissions, 24 h after first use.
      name: 'purge expired idempotency keys',
      everyMs: 60 * MINUTE,
      run: createIdempotencyPurge(db, clock),
    },
    {
      name: 'purge old audit log entries',
      everyMs: 60 * MINUTE,
      run: () =>
        createAuditService(db, {
          clock,
          ...(options.auditRetentionMs === undefined ? {} : { retentionMs: options.auditRetentionMs }),
        }).purge(),
    },
    {
      name: 'purge finished AI jobs',
      everyMs: MINUTE,
      run: () => purgeFinishedAiJobs(db, retention(options.aiJobRetentionMs)),
    },
  ];
}

/** Starts the scheduler with `serverChores`: `formloom serve` runs one per instance. */
export function startChores(db: Db, options: ChoresOptions = {}): Scheduler {
  return startScheduler(
    serverChores(db, options),
    options.logger === undefined ? {} : { logger: options.logger },
  );
}
