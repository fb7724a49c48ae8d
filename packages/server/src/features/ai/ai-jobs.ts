import { randomBytes } from 'node:crypto';
import { type AiWorker, type AiWorkerOptions, startAiWorker } from '../../ai/jobs/worker.js';
import type { AiProvider } from '../../ai/provider.js';
import { createSecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import type { WorkSignals } from '../../jobs/wake.js';
import { createSigningSecrets } from '../analytics/signing-secret.js';
import { smartAnalyticsJobs } from '../analytics/smart-analytics.js';
import { createCreditsService } from '../credits/credits-service.js';
import { createFormsService } from '../forms/forms-service.js';
import { sessionAnalysisJob } from '../smart-forms/analysis-job.js';
import { generateFormJob } from './generate-form/generate-form-job.js';

export interface AiJobsOptions extends Omit<AiWorkerOptions, 'handlers' | 'onFailed' | 'provider' | 'wake'> {
  provider: AiProvider;
  /** Origin of public links, as the app's (`AppConfig.publicUrl`). */
  publicUrl: string;
  /** The app's server key (`AppDeps.secretKey`): analytics signing secrets are sealed with it. */
  secretKey?: Uint8Array;
  /** As for webhooks: callbacks may go to private addresses and plain http (development, tests). */
  allowPrivateTargets?: boolean;
  /** First retry of a failed analytics callback (default 30 s, as webhooks). */
  callbackRetryBaseMs?: number;
  /** The app's wake-ups (`AppDeps.signals`): jobs it queues start at once, events of jobs go out at once. */
  signals?: WorkSignals;
}

/**
 * The AI job worker with every job kind the server knows, and the credit refund of a failed job
 * in the transaction that fails it. `formloom serve` starts one per instance.
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
  const credits = createCreditsService({ db, clock });
  const secrets = createSigningSecrets(db, createSecretBox(options.secretKey ?? randomBytes(32)), clock);
  return startAiWorker(db, {
    ...workerOptions,
    ...(signals === undefined ? {} : { wake: signals.aiJobs }),
    handlers: [
      generateFormJob(forms),
      sessionAnalysisJob(db, clock, outbox),
      ...smartAnalyticsJobs(db, {
        forms,
        secrets,
        clock,
        policy: { allowPrivateTargets: options.allowPrivateTargets ?? false },
        ...(outbox === undefined ? {} : { outbox }),
        ...(options.callbackRetryBaseMs === undefined
          ? {}
          : { callbackRetryBaseMs: options.callbackRetryBaseMs }),
      }),
    ],
    onFailed: async (trx, job) => {
      if (job.reservation_id !== null) await credits.refundIn(trx, job.reservation_id);
    },
  });
}
