import { z } from 'zod';
import { Timestamp } from './common.js';
import { FormSchema } from './form-schema.js';

/** GET /v1/public/forms/:code: what a renderer needs, and nothing about the owner. */
const publicFormSchema = z
  .object({
    code: z.string().describe('The share code'),
    title: z.string(),
    description: z.string().nullable(),
    schema: FormSchema,
    acceptsResponses: z.boolean().describe('False once the form is ARCHIVED (expired or full)'),
    expiresAt: Timestamp.nullable(),
  })
  .describe('Public form');
type PublicFormObject = typeof publicFormSchema;
export interface PublicFormZod extends PublicFormObject {}
export const PublicForm: PublicFormZod = publicFormSchema;
export type PublicForm = z.infer<typeof PublicForm>;

/** GET /v1/public/forms/:code?lang=de: the language to answer the form's texts in. */
export const PublicFormQuery = z.object({
  lang: z
    .string()
    .max(35)
    .optional()
    .describe(
      "The respondent's language: used when the form has texts in it; else the best of Accept-Language the form has, else its base language",
    ),
});
export type PublicFormQuery = z.infer<typeof PublicFormQuery>;
