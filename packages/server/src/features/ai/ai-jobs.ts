import { type AiWorker, type AiWorkerOptions, startAiWorker } from '../../ai/jobs/worker.js';
import type { AiProvider } from '../../ai/provider.js';
import type { Db } from '../../db/database.js';
import { smartAnalyticsJob } from '../analytics/smart-analytics.js';
import { createCreditsService } from '../credits/credits-service.js';
import { createFormsService } from '../forms/forms-service.js';
import { sessionAnalysisJob } from '../smart-forms/analysis-job.js';
import { generateFormJob } from './generate-form/generate-form-job.js';

export interface AiJobsOptions extends Omit<AiWorkerOptions, 'handlers' | 'onFailed' | 'provider'> {
  provider: AiProvider;
  /** Origin of public links, as the app's (`AppConfig.publicUrl`). */
  publicUrl: string;
}

/**
 * The AI job worker with every job kind the server knows, and the credit refund of a failed job
 * in the transaction that fails it. `formloom serve` starts one per instance.
 */
export function startAiJobs(db: Db, options: AiJobsOptions): AiWorker {
  const clock = options.clock ?? (() => new Date());
  const forms = createFormsService({ db, clock, publicUrl: options.publicUrl });
  const credits = createCreditsService({ db, clock });
  return startAiWorker(db, {
    ...options,
    handlers: [
      generateFormJob(forms),
      sessionAnalysisJob(db, clock),
      smartAnalyticsJob(db, { forms, clock }),
    ],
    onFailed: async (trx, job) => {
      if (job.reservation_id !== null) await credits.refundIn(trx, job.reservation_id);
    },
  });
}
