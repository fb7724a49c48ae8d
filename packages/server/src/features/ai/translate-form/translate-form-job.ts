import { LANGUAGES } from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import { checkSchema } from '@formloom/contract/integrity';
import { z } from 'zod';
import { createJobsStore } from '../../../ai/jobs/jobs-store.js';
import { type AiJobHandler, JobFailure } from '../../../ai/jobs/worker.js';
import { AiError, type AiUsage, type ChatMessage, type Generated } from '../../../ai/provider.js';
import { NotFoundError } from '../../../domain-errors.js';
import type { CreditsService } from '../../credits/index.js';
import type { FormsService } from '../../forms/index.js';
import { type TranslateFormInput, type TranslationDraft, translateFormTask } from './translate-form-task.js';

export const TRANSLATE_FORM_JOB = 'translate-form';

/** Rounds in which the model is shown what was wrong and asked again, after the first answer. */
const MAX_REPAIRS = 2;

export const TranslateFormJobInput = z.object({ formId: z.string(), language: z.enum(LANGUAGES) });
export type TranslateFormJobInput = z.infer<typeof TranslateFormJobInput>;

function repairRound(raw: string, problems: readonly string[]): ChatMessage[] {
  return [
    { role: 'assistant', content: raw },
    {
      role: 'user',
      content: `Those texts cannot be used:\n- ${problems.slice(0, 8).join('\n- ')}\nAnswer again with every key.`,
    },
  ];
}

/**
 * The translate job: asks the provider for the form's texts in the job's language, keeps the keys
 * the form has (a missing one falls back to the base text), and checks the form with them like any
 * edit (a `{{id}}` the model made up is sent back for a repair). It writes `translations.<language>`
 * and settles the credits (1 + 1 per 1,000 tokens, as a chat) in the transaction that marks it DONE.
 */
export function translateFormJob(forms: FormsService, credits: CreditsService): AiJobHandler {
  return {
    kind: TRANSLATE_FORM_JOB,
    async run(job, context) {
      const { formId, language } = TranslateFormJobInput.parse(job.input);
      const form = await forms.get(job.accountId, formId).catch((error: unknown) => {
        if (error instanceof NotFoundError)
          throw new JobFailure('The form was deleted before it was translated');
        throw error;
      });
      const base = form.schema;
      const input: TranslateFormInput = {
        from: base.meta.language,
        to: language,
        texts: translationKeys(base).map(({ key, text }) => ({ key, text })),
      };
      const known = new Set(input.texts.map((t) => t.key));
      const used: AiUsage = { promptTokens: 0, completionTokens: 0, estimated: false };
      const record = async (usage: AiUsage) => {
        used.promptTokens += usage.promptTokens;
        used.completionTokens += usage.completionTokens;
        await context.recordUsage(translateFormTask.name, usage);
      };
      let followUp: ChatMessage[] = [];
      let problems: string[] = [];
      for (let round = 0; round <= MAX_REPAIRS; round++) {
        let generated: Generated<TranslationDraft>;
        try {
          generated = await context.provider.generate(translateFormTask, input, {
            signal: context.signal,
            followUp,
          });
        } catch (error) {
          if (!(error instanceof AiError) || error.kind !== 'invalid_output') throw error;
          if (error.usage !== undefined) await record(error.usage);
          problems = [error.message];
          followUp = repairRound(error.raw ?? '', problems);
          continue;
        }
        await record(generated.usage);
        const table: Record<string, string> = {};
        for (const { key, text } of generated.value.texts) {
          if (known.has(key) && text.trim() !== '') table[key] = text;
        }
        const translated = { ...base, translations: { ...base.translations, [language]: table } };
        problems = checkSchema(translated).map((p) => `${p.path}: ${p.message}`);
        if (problems.length === 0) {
          return {
            commit: async (trx) => {
              await forms.setTranslations(job.accountId, formId, language, table, trx);
              const row = await createJobsStore(trx).find(job.accountId, job.id);
              if (row?.reservation_id) await credits.settleChatIn(trx, row.reservation_id, used);
              return { formId };
            },
          };
        }
        followUp = repairRound(generated.raw, problems);
      }
      throw new JobFailure(
        `The translated texts did not pass the schema checks: ${problems.slice(0, 8).join('; ')}`,
      );
    },
  };
}
