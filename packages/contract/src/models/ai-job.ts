import { z } from 'zod';
import { AiProvenance, Timestamp, Uuid } from './common.js';
import { Form } from './form.js';
import { LANGUAGES, TEXT_LIMITS } from './limits.js';

export const AI_JOB_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'FAILED'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

/**
 * Recommended client polling of GET /ai/jobs/:jobId, which the SDK's `wait()` uses (docs/ai.md "From the
 * SDK").
 */
export const AI_JOB_POLLING = { intervalMs: 3_000, timeoutMs: 60_000 } as const;

export const GenerateFormBody = z
  .object({
    prompt: z
      .string()
      .trim()
      .min(1)
      .max(TEXT_LIMITS.aiPrompt)
      .describe('What the form is for, in plain words'),
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe('Language of the generated form; default: the prompt language'),
  })
  .strict()
  .describe('Generate a form');
export type GenerateFormBody = z.infer<typeof GenerateFormBody>;

/** POST /forms/:id/translate: the language to write the form's texts in (`translations.<language>`). */
export const TranslateFormBody = z
  .object({
    language: z
      .enum(LANGUAGES)
      .describe(
        "The language to translate the form's texts into; not the form's base language (meta.language)",
      ),
    overwrite: z
      .boolean()
      .optional()
      .describe(
        "Also replace the texts the language already has (a person's translation among them); default false: only texts without a translation are filled",
      ),
  })
  .strict()
  .describe('Translate a form');
export type TranslateFormBody = z.infer<typeof TranslateFormBody>;

export const GenerateFormAccepted = z
  .object({
    jobId: Uuid,
    status: z.literal('PENDING'),
  })
  .describe('Job queued');
export type GenerateFormAccepted = z.infer<typeof GenerateFormAccepted>;

/**
 * GET /ai/jobs/:jobId. A DONE job has `form` (generate-form: the created DRAFT form; translate: the
 * form with its new translations); a FAILED one has `error`.
 */
const aiJobSchema = z
  .object({
    jobId: Uuid,
    status: z.enum(AI_JOB_STATUSES),
    form: Form.optional().describe('The created (generate-form) or translated (translate) form, when DONE'),
    error: z.string().optional().describe('Why the job failed, when FAILED'),
    ai: AiProvenance.optional().describe('Which AI generated the form, when DONE'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('AI job');
type AiJobObject = typeof aiJobSchema;
export interface AiJobZod extends AiJobObject {}
export const AiJob: AiJobZod = aiJobSchema;
export type AiJob = z.infer<typeof AiJob>;
