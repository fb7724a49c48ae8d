import { jobStarterOf } from '../../ai/jobs/jobs-store.js';
import { type AiWorker, type AiWorkerOptions, startAiWorker } from '../../ai/jobs/worker.js';
import type { AiProvider } from '../../ai/provider.js';
import type { Db } from '../../db/database.js';
import type { WorkSignals } from '../../jobs/wake.js';
import { runAsAuditStarter } from '../../platform/audit/index.js';
import { createCreditsService } from '../../platform/credits/index.js';
import { createAccountsService } from '../accounts/index.js';
import { smartAnalyticsJob } from '../analytics/index.js';
import { createFormsService } from '../forms/index.js';
import { sessionAnalysisJob } from '../smart-forms/index.js';
import { generateFormJob } from './generate-form/generate-form-job.js';
import { translateFormJob } from './translate-form/translate-form-job.js';

export interface AiJobsOptions
  extends Omit<AiWorkerOptions, 'handlers' | 'onFailed' | 'provider' | 'wake' | 'runAs'> {
  provider: AiProvider;
  /** Origin of public links, as the app's (`AppConfig.publicUrl`). */
  publicUrl: string;
  /** The app's wake-ups (`AppDeps.signals`): jobs it queues start at once, events of jobs go out at once. */
  signals?: WorkSignals;
}

/**
 * The AI job worker with every job kind the server knows, and the credit refund of a failed job
 * in the transaction that fails it. Each job runs as the member or key that queued it, so what it
 * changes (a generated form, a translation) is in the audit log of the job's account, as theirs.
 * `formloom serve` starts one per instance.
 */
export function startAiJobs(db: Db, options: AiJobsOptions): AiWorker {
  const clock = options.clock ?? (() => new Date());
  const { signals, ...workerOptions } = options;
  const outbox = signals?.outbox;
  const forms = createFormsService({
    db,
    clock,
    publicUrl: options.publicUrl,
    ...(outbox ? { outbox } : {}),
  });
  const credits = createCreditsService({ db, clock, accounts: createAccountsService(db) });
  return startAiWorker(db, {
    ...workerOptions,
    ...(signals === undefined ? {} : { wake: signals.aiJobs }),
    handlers: [
      generateFormJob(forms),
      translateFormJob(forms, credits),
      sessionAnalysisJob(db, clock, outbox),
      smartAnalyticsJob(db, { forms, clock, ...(outbox === undefined ? {} : { outbox }) }),
    ],
    runAs: (job, work) => runAsAuditStarter(job.account_id, jobStarterOf(job), work),
    onFailed: async (trx, job) => {
      if (job.reservation_id !== null) await credits.refundIn(trx, job.reservation_id);
    },
  });
}
