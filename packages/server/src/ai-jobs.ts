import { jobStarterOf } from './ai/jobs/jobs-store.js';
import { type AiWorker, type AiWorkerOptions, startAiWorker } from './ai/jobs/worker.js';
import type { AiProvider } from './ai/provider.js';
import type { Db } from './db/database.js';
import { generateFormJob, translateFormJob } from './features/ai/index.js';
import { smartAnalyticsJob } from './features/analytics/index.js';
import type { FormsService } from './features/forms/index.js';
import { sessionAnalysisJob } from './features/smart-forms/index.js';
import type { WorkSignals } from './jobs/wake.js';
import { runAsAuditStarter } from './platform/audit/index.js';
import type { CreditsService } from './platform/credits/index.js';

export type AiJobsOptions = Omit<
  AiWorkerOptions,
  'handlers' | 'onFailed' | 'provider' | 'wake' | 'runAs' | 'clock'
>;

/** What the AI jobs use, from the server's services (`createServices`). */
export interface AiJobsServices {
  db: Db;
  clock: () => Date;
  /** The model the jobs ask; the app's synchronous AI routes use the same one. */
  aiProvider: AiProvider;
  /** The app's wake-ups: jobs it queues start at once, events of jobs go out at once. */
  signals: WorkSignals;
  /** The app's forms service: a generated or translated form is saved as the API saves it. */
  forms: FormsService;
  credits: CreditsService;
}

/**
 * The AI job worker with every job kind the server knows, and the credit refund of a failed job
 * in the transaction that fails it. Each job runs as the member or key that queued it, so what it
 * changes (a generated form, a translation) is in the audit log of the job's account, as theirs.
 * `formloom serve` starts one per instance.
 */
export function startAiJobs(services: AiJobsServices, options: AiJobsOptions = {}): AiWorker {
  const { db, clock, aiProvider, signals, forms, credits } = services;
  const outbox = signals.outbox;
  return startAiWorker(db, {
    ...options,
    provider: aiProvider,
    clock,
    wake: signals.aiJobs,
    handlers: [
      generateFormJob(forms),
      translateFormJob(forms, credits),
      sessionAnalysisJob(db, clock, outbox),
      smartAnalyticsJob(db, { forms, clock, outbox }),
    ],
    runAs: (job, work) => runAsAuditStarter(job.account_id, jobStarterOf(job), work),
    onFailed: async (trx, job) => {
      if (job.reservation_id !== null) await credits.refundIn(trx, job.reservation_id);
    },
  });
}
