import { randomUUID } from 'node:crypto';
import type {
  AiJob,
  AiProvenance,
  Form,
  GenerateFormAccepted,
  GenerateFormBody,
  TranslateFormBody,
} from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import { detectLanguage } from '../../ai/language.js';
import { countPromptTokens } from '../../ai/tokens.js';
import type { AiJobRow, Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, NotFoundError, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { currentAuditStarter } from '../../platform/audit/index.js';
import { CREDIT_COSTS, type CreditsService, chatCost } from '../../platform/credits/index.js';
import type { FormsService } from '../forms/index.js';
import { GENERATE_FORM_JOB, type GenerateFormJobInput } from './generate-form/generate-form-job.js';
import { TRANSLATE_FORM_JOB, type TranslateFormJobInput } from './translate-form/translate-form-job.js';
import { translateFormTask } from './translate-form/translate-form-task.js';

/** The jobs whose result names a form (`{formId}`), shown as the job's `form` when DONE. */
const FORM_JOBS = new Set([GENERATE_FORM_JOB, TRANSLATE_FORM_JOB]);

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
    if (row.status !== 'DONE' || !FORM_JOBS.has(row.kind) || row.result === null) return undefined;
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
          // Its changes are recorded as the caller's (a generated form, a translation).
          startedBy: currentAuditStarter(accountId),
          nowIso,
        });
      });
      // After the commit, so a worker in this process finds the job at once.
      aiJobs?.notify();
      return { jobId, status: 'PENDING' };
    },

    /**
     * Queues the translation of a form's texts into `body.language`. Priced as a chat (1 + 1 per
     * 1,000 tokens): it reserves what the call can cost at most (its prompt, an answer as long, and
     * repair rounds), or the whole balance when that is less (402 when it is 0); the job settles
     * at what the provider used.
     */
    async translateForm(
      accountId: string,
      formId: string,
      body: TranslateFormBody,
    ): Promise<GenerateFormAccepted> {
      const { schema } = await forms.get(accountId, formId);
      if (body.language === schema.meta.language) {
        throw badRequest(
          `"${body.language}" is the form's base language (meta.language); its texts are already in it`,
        );
      }
      // Every text, as an upper bound: the job sends only those the language lacks unless `overwrite`.
      const texts = translationKeys(schema).map(({ key, text }) => ({ key, text }));
      const prompt = await countPromptTokens(
        translateFormTask.messages({ from: schema.meta.language, to: body.language, texts }),
      );
      // A first answer about as long as the texts, then at most two repair rounds resending both.
      const maxCredits = chatCost(prompt * 6);
      const input: TranslateFormJobInput = {
        formId,
        language: body.language,
        overwrite: body.overwrite ?? false,
      };
      const jobId = randomUUID();
      const nowIso = isoNow(clock());
      await db.transaction().execute(async (trx) => {
        const held = await credits.reserveUpToIn(trx, accountId, maxCredits, 'ai.translateForm');
        await createJobsStore(trx).insert({
          id: jobId,
          accountId,
          kind: TRANSLATE_FORM_JOB,
          input,
          reservationId: held.id,
          // Its changes are recorded as the caller's (a generated form, a translation).
          startedBy: currentAuditStarter(accountId),
          nowIso,
        });
      });
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
