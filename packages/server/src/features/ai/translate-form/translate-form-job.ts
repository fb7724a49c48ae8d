import { LANGUAGES } from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import { checkSchema } from '@formloom/contract/integrity';
import { z } from 'zod';
import { generateChecked, type RepairWording } from '../../../ai/checked.js';
import { createJobsStore } from '../../../ai/jobs/jobs-store.js';
import { type AiJobHandler, JobFailure } from '../../../ai/jobs/worker.js';
import { NotFoundError } from '../../../domain-errors.js';
import type { CreditsService } from '../../../platform/credits/index.js';
import type { FormsService } from '../../forms/index.js';
import { type TranslateFormInput, translateFormTask } from './translate-form-task.js';

export const TRANSLATE_FORM_JOB = 'translate-form';

/** Rounds in which the model is shown what was wrong and asked again, after the first answer. */
const MAX_REPAIRS = 2;

export const TranslateFormJobInput = z.object({
  formId: z.string(),
  language: z.enum(LANGUAGES),
  /** Replace the texts the language has too; absent (jobs queued before it existed): false. */
  overwrite: z.boolean().optional(),
});
export type TranslateFormJobInput = z.infer<typeof TranslateFormJobInput>;

/** Problems quoted in a repair round or a failure reason. */
const MAX_QUOTED_PROBLEMS = 8;

/** How a repair round tells the model what was wrong with its texts. */
const REPAIR: RepairWording = {
  unusable: 'Those texts cannot be used:',
  again: 'Answer again with every key.',
  listed: MAX_QUOTED_PROBLEMS,
};

/** A text the language has: a person typed it, or an earlier job wrote it. */
const hasText = (table: Readonly<Record<string, string>>, key: string) => (table[key] ?? '').trim() !== '';

/**
 * The translate job: asks the provider for the form's texts in the job's language, keeps the keys
 * the form has (a missing one falls back to the base text), and checks the form with them like any
 * edit (a `{{id}}` the model made up is sent back for a repair). Only the texts the language lacks
 * are sent and written, unless the job asks to `overwrite`; the offline provider, which can only
 * copy the base texts, never replaces one. It writes into `translations.<language>` and settles the
 * credits (1 + 1 per 1,000 tokens, as a chat) in the transaction that marks it DONE; with nothing
 * to translate it changes nothing and gives the credits back.
 */
export function translateFormJob(forms: FormsService, credits: CreditsService): AiJobHandler {
  return {
    kind: TRANSLATE_FORM_JOB,
    async run(job, context) {
      const { formId, language, overwrite: asked = false } = TranslateFormJobInput.parse(job.input);
      const overwrite = asked && !context.provider.provenance.offline;
      const form = await forms.get(job.accountId, formId).catch((error: unknown) => {
        if (error instanceof NotFoundError)
          throw new JobFailure('The form was deleted before it was translated');
        throw error;
      });
      const base = form.schema;
      const keys = translationKeys(base);
      const had = base.translations?.[language] ?? {};
      const existing = Object.fromEntries(
        keys.filter(({ key }) => hasText(had, key)).map(({ key }) => [key, had[key]!]),
      );
      const input: TranslateFormInput = {
        from: base.meta.language,
        to: language,
        texts: keys
          .filter(({ key }) => overwrite || existing[key] === undefined)
          .map(({ key, text }) => ({ key, text })),
      };
      if (input.texts.length === 0) {
        return {
          commit: async (trx) => {
            const row = await createJobsStore(trx).find(job.accountId, job.id);
            if (row?.reservation_id) await credits.refundIn(trx, row.reservation_id);
            return { formId };
          },
        };
      }
      const known = new Set(input.texts.map((t) => t.key));
      const { value: table, usage } = await generateChecked(context.provider, translateFormTask, input, {
        repairs: MAX_REPAIRS,
        repair: REPAIR,
        signal: context.signal,
        build: (draft) => {
          const kept: Record<string, string> = {};
          for (const { key, text } of draft.texts) {
            if (known.has(key) && text.trim() !== '') kept[key] = text;
          }
          return kept;
        },
        check: (kept) => {
          const translated = {
            ...base,
            translations: {
              ...base.translations,
              [language]: overwrite ? { ...existing, ...kept } : { ...kept, ...existing },
            },
          };
          return checkSchema(translated).map((p) => `${p.path}: ${p.message}`);
        },
        onUsage: (used) => context.recordUsage(translateFormTask.name, used),
        fail: (problems) =>
          new JobFailure(
            `The translated texts did not pass the schema checks: ${problems.slice(0, MAX_QUOTED_PROBLEMS).join('; ')}`,
          ),
      });
      return {
        commit: async (trx) => {
          await forms.setTranslations(job.accountId, formId, language, table, trx, { overwrite });
          const row = await createJobsStore(trx).find(job.accountId, job.id);
          if (row?.reservation_id) await credits.settleChatIn(trx, row.reservation_id, usage);
          return { formId };
        },
      };
    },
  };
}
