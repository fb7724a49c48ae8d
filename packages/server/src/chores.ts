import { purgeFinishedAiJobs } from './ai/jobs/worker.js';
import { archiveExpiredForms } from './features/forms/index.js';
import { purgeExpiredPartials } from './features/partials/index.js';
import { purgeExpiredQuizAttempts } from './features/responses/index.js';
import { sweepIdleSessions } from './features/smart-forms/index.js';
import { createIdempotencyPurge } from './idempotency/index.js';
import { type Chore, type Scheduler, startScheduler } from './jobs/scheduler.js';
import type { Logger } from './logger.js';
import { pruneOutbox } from './outbox/worker.js';
import type { Services } from './services.js';

export interface ChoresOptions {
  /** FORMLOOM_SESSION_IDLE_TIMEOUT: idle smart-form sessions are abandoned after this (default 24 h). */
  sessionIdleMs?: number;
  /** Finished outbox deliveries are deleted this long after they end (default 30 days). */
  outboxRetentionMs?: number;
  /** Finished AI jobs are deleted this long after they end (FORMLOOM_AI_JOB_RETENTION, default 30 days). */
  aiJobRetentionMs?: number;
  logger?: Logger;
}

const MINUTE = 60_000;

/**
 * Every periodic chore of the server, in one list: what runs, how often. The services' clock, their
 * signals (the events of forms archived on expiry go out at once) and their retention settings
 * (`AppConfig.deletedRetentionMs`, `auditRetentionMs`) apply.
 */
export function serverChores(services: Services, options: ChoresOptions = {}): Chore[] {
  const { db, clock, signals } = services;
  const retention = (ms: number | undefined) => ({ clock, ...(ms === undefined ? {} : { retentionMs: ms }) });
  return [
    {
      // Published forms past `expiresAt` become ARCHIVED, with their FORM_EXPIRED events.
      name: 'archive expired forms',
      everyMs: MINUTE,
      run: () => archiveExpiredForms(db, clock(), signals.outbox).then((ids) => ids.length),
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
      // Quiz attempts a day old: their marked answers are of no use once the quiz is done.
      name: 'purge expired quiz attempts',
      everyMs: 60 * MINUTE,
      run: () => purgeExpiredQuizAttempts(db, clock()),
    },
    {
      // Codes e-mailed to respondents proving an address, past their 10 minutes.
      name: 'purge expired address codes',
      everyMs: 60 * MINUTE,
      run: () => services.emailVerification.purgeExpiredCodes(),
    },
    {
      // Images form makers uploaded that no form of their account has named for a day.
      name: 'delete unused uploaded images',
      everyMs: 60 * MINUTE,
      run: () => services.ownerUploads.sweep(),
    },
    {
      // Responses older than their form's settings.retentionDays, with their files.
      name: 'delete responses past their retention',
      everyMs: 60 * MINUTE,
      run: () => services.responses.purgeRetained(),
    },
    {
      name: 'purge deleted forms',
      everyMs: 60 * MINUTE,
      run: () => services.formsAdmin.purge(),
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
      run: createIdempotencyPurge({ db, clock }),
    },
    {
      name: 'purge old audit log entries',
      everyMs: 60 * MINUTE,
      run: () => services.audit.purge(),
    },
    {
      name: 'purge finished AI jobs',
      everyMs: MINUTE,
      run: () => purgeFinishedAiJobs(db, retention(options.aiJobRetentionMs)),
    },
  ];
}

/** Starts the scheduler with `serverChores`: `formloom serve` runs one per instance. */
export function startChores(services: Services, options: ChoresOptions = {}): Scheduler {
  return startScheduler(
    serverChores(services, options),
    options.logger === undefined ? {} : { logger: options.logger },
  );
}
