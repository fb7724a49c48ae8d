import { LANGUAGES } from '@formloom/contract';
import { z } from 'zod';
import { generateChecked, type RepairWording } from '../../../ai/checked.js';
import { type AiJobHandler, JobFailure } from '../../../ai/jobs/worker.js';
import { formProblems } from '../../../platform/form-problems.js';
import type { FormsService } from '../../forms/index.js';
import { draftToSchema } from './form-draft.js';
import { generateFormTask } from './generate-form-task.js';

export const GENERATE_FORM_JOB = 'generate-form';

/** Rounds in which the model is shown what was wrong and asked again, after the first answer. */
export const MAX_REPAIRS = 2;

/** Problems quoted in a repair round or a failure reason: enough to act on, bounded. */
const MAX_QUOTED_PROBLEMS = 8;

export const GenerateFormJobInput = z.object({
  prompt: z.string(),
  language: z.enum(LANGUAGES),
});
export type GenerateFormJobInput = z.infer<typeof GenerateFormJobInput>;

function quote(problems: readonly string[]): string {
  const shown = problems.slice(0, MAX_QUOTED_PROBLEMS);
  const more = problems.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** How a repair round tells the model what was wrong with its form. */
const REPAIR: RepairWording = {
  unusable: 'That form cannot be used. Problems found:',
  again: 'Answer again with the whole corrected form as JSON.',
  listed: MAX_QUOTED_PROBLEMS,
};

/**
 * The generate-form job: asks the provider for a form draft, builds the FormSchema, and checks it
 * like a hand-written one. Problems go back to the model for at most MAX_REPAIRS repairs, then the
 * job FAILS with them. A sound form is created as a DRAFT (FORM_CREATED fires) in the transaction
 * that marks the job DONE.
 */
export function generateFormJob(forms: FormsService): AiJobHandler {
  return {
    kind: GENERATE_FORM_JOB,
    async run(job, context) {
      const input = GenerateFormJobInput.parse(job.input);
      const {
        value: { title, schema },
      } = await generateChecked(context.provider, generateFormTask, input, {
        repairs: MAX_REPAIRS,
        repair: REPAIR,
        signal: context.signal,
        build: (draft) => {
          const built = draftToSchema(draft, input.language);
          return { title: built.meta.title.trim(), schema: built };
        },
        check: (form) => formProblems(form.title, form.schema),
        onUsage: (usage) => context.recordUsage(generateFormTask.name, usage),
        fail: (problems) =>
          new JobFailure(
            `The generated form did not pass the schema checks after ${MAX_REPAIRS} repairs: ${quote(problems)}`,
          ),
      });
      return {
        commit: async (trx) => {
          const form = await forms.create(job.accountId, { title, schema }, trx);
          return { formId: form.id };
        },
      };
    },
  };
}
