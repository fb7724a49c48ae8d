import { z } from 'zod';
import { AuditActor } from './audit.js';
import { Timestamp } from './common.js';
import { FormSchema } from './form-schema.js';
import { TEXT_LIMITS } from './limits.js';

/**
 * A revision of a published form (docs/server.md "Revisions and drafts"): every change to the live
 * schema of a form that has been published makes one, numbered from 1.
 */
export const FormRevision = z
  .object({
    revision: z.number().int().positive().describe('Counts up from 1 with each change to the live form'),
    publishedAt: Timestamp.describe('When this revision became the live form'),
    by: AuditActor.nullable().describe('Who made it; null when no caller is known (a server task)'),
  })
  .describe('Revision');
export type FormRevision = z.infer<typeof FormRevision>;

export const FormRevisionList = z
  .object({ revisions: z.array(FormRevision).describe('Newest first') })
  .describe('Revisions');
export type FormRevisionList = z.infer<typeof FormRevisionList>;

export const FormRevisionDetail = FormRevision.extend({
  title: z.string().max(TEXT_LIMITS.formTitle),
  schema: FormSchema,
}).describe('Revision with its schema');
export type FormRevisionDetail = z.infer<typeof FormRevisionDetail>;

/** PUT /v1/forms/:id/draft: the changes kept apart from the live form until published. */
export const PutFormDraftBody = z
  .object({
    title: z.string().min(1).max(TEXT_LIMITS.formTitle).optional(),
    schema: FormSchema,
  })
  .strict()
  .describe('A draft');
export type PutFormDraftBody = z.infer<typeof PutFormDraftBody>;

export const FormDraft = z
  .object({
    title: z
      .string()
      .max(TEXT_LIMITS.formTitle)
      .describe("The draft's title (the form's when the draft sets none)"),
    schema: FormSchema,
    baseRevision: z
      .number()
      .int()
      .nullable()
      .describe('The live revision the draft began from; null for a form never published'),
    updatedAt: Timestamp,
  })
  .describe('Draft');
export type FormDraft = z.infer<typeof FormDraft>;

export const RevisionParams = z.object({
  revision: z.coerce.number().int().positive().describe('Revision number'),
});
