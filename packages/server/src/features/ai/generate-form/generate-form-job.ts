import { LANGUAGES } from '@formloom/contract';
import { z } from 'zod';
import { type AiJobHandler, JobFailure } from '../../../ai/jobs/worker.js';
import { AiError, type ChatMessage, type Generated } from '../../../ai/provider.js';
import type { FormsService } from '../../forms/index.js';
import { formProblems } from '../../forms/index.js';
import { draftToSchema, type FormDraft } from './form-draft.js';
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

/** The model's answer and what is wrong with it: the follow-up of a repair round. */
function repairRound(raw: string, problems: readonly string[]): ChatMessage[] {
  return [
    { role: 'assistant', content: raw },
    {
      role: 'user',
      content: `That form cannot be used. Problems found:\n- ${problems
        .slice(0, MAX_QUOTED_PROBLEMS)
        .join('\n- ')}\nAnswer again with the whole corrected form as JSON.`,
    },
  ];
}

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
      let followUp: ChatMessage[] = [];
      let problems: string[] = [];
      for (let round = 0; round <= MAX_REPAIRS; round++) {
        let generated: Generated<FormDraft>;
        try {
          generated = await context.provider.generate(generateFormTask, input, {
            signal: context.signal,
            followUp,
          });
        } catch (error) {
          if (!(error instanceof AiError) || error.kind !== 'invalid_output') throw error;
          if (error.usage !== undefined) await context.recordUsage(generateFormTask.name, error.usage);
          problems = [error.message];
          followUp = repairRound(error.raw ?? '', problems);
          continue;
        }
        await context.recordUsage(generateFormTask.name, generated.usage);
        const schema = draftToSchema(generated.value, input.language);
        const title = schema.meta.title.trim();
        problems = formProblems(title, schema);
        if (problems.length === 0) {
          return {
            commit: async (trx) => {
              const form = await forms.create(job.accountId, { title, schema }, trx);
              return { formId: form.id };
            },
          };
        }
        followUp = repairRound(generated.raw, problems);
      }
      throw new JobFailure(
        `The generated form did not pass the schema checks after ${MAX_REPAIRS} repairs: ${quote(problems)}`,
      );
    },
  };
}
