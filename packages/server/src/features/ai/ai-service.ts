import { randomUUID } from 'node:crypto';
import type { AiJob, AiProvenance, Form, GenerateFormAccepted, GenerateFormBody } from '@formloom/contract';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import { detectLanguage } from '../../ai/language.js';
import type { AiJobRow, Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { NotFoundError, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { CREDIT_COSTS, type CreditsService } from '../credits/index.js';
import type { FormsService } from '../forms/index.js';
import { GENERATE_FORM_JOB, type GenerateFormJobInput } from './generate-form/generate-form-job.js';

export interface AiServiceDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  credits: CreditsService;
  /** The app's AI job wake-up (`WorkSignals.aiJobs`). */
  aiJobs?: Wake;
}

/**
 * The AI routes' rules: a job is accepted by reserving its credits and queueing it in one
 * transaction (402 before anything is queued when the balance is short); the worker does the rest.
 */
export function createAiService({ db, clock, forms, credits, aiJobs }: AiServiceDeps) {
  const store = createJobsStore(db);

  async function formOf(accountId: string, row: AiJobRow): Promise<Form | undefined> {
    if (row.status !== 'DONE' || row.kind !== GENERATE_FORM_JOB || row.result === null) return undefined;
    const { formId } = JSON.parse(row.result) as { formId?: string };
    if (formId === undefined) return undefined;
    // Deleted since: the job stays DONE, without its form.
    return forms.get(accountId, formId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
  }

  return {
    async generateForm(accountId: string, body: GenerateFormBody): Promise<GenerateFormAccepted> {
      const input: GenerateFormJobInput = {
        prompt: body.prompt,
        language: body.language ?? detectLanguage(body.prompt),
      };
      const jobId = randomUUID();
      const nowIso = isoNow(clock());
      await db.transaction().execute(async (trx) => {
        const held = await credits.reserveIn(trx, accountId, CREDIT_COSTS.generateForm, 'ai.generateForm');
        await createJobsStore(trx).insert({
          id: jobId,
          accountId,
          kind: GENERATE_FORM_JOB,
          input,
          reservationId: held.id,
          nowIso,
        });
      });
      // After the commit, so a worker in this process finds the job at once.
      aiJobs?.notify();
      return { jobId, status: 'PENDING' };
    },

    async getJob(accountId: string, jobId: string): Promise<AiJob> {
      const row = await store.find(accountId, jobId);
      if (row === undefined) throw notFound(`AI job ${jobId} not found`);
      const form = await formOf(accountId, row);
      return {
        jobId: row.id,
        status: row.status as AiJob['status'],
        ...(form === undefined ? {} : { form }),
        ...(row.status === 'FAILED' && row.error !== null ? { error: row.error } : {}),
        ...(row.status === 'DONE' && row.provider !== null
          ? { ai: JSON.parse(row.provider) as AiProvenance }
          : {}),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
