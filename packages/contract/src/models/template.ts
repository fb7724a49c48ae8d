import { z } from 'zod';
import { FormSchema } from './form-schema.js';
import { LANGUAGES } from './limits.js';

/** The categories a form template is filed under (the dashboard's gallery filters by them). */
export const TEMPLATE_CATEGORIES = ['feedback', 'sales', 'support', 'events', 'hr', 'education'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** A ready form to start from: `POST /v1/forms {templateId}` creates a draft of its schema. */
export const FormTemplate = z
  .object({
    id: z.string(),
    category: z.enum(TEMPLATE_CATEGORIES),
    name: z.string().describe('In `?language=`'),
    description: z.string().describe('In `?language=`'),
    languages: z.array(z.enum(LANGUAGES)).describe('Base language first'),
    schema: FormSchema,
  })
  .describe('A form template');
export type FormTemplate = z.infer<typeof FormTemplate>;

export const FormTemplateList = z.object({ templates: z.array(FormTemplate) }).describe('The form templates');
export type FormTemplateList = z.infer<typeof FormTemplateList>;

export const TemplateListQuery = z.object({
  language: z.enum(LANGUAGES).optional().describe('Of the names (default `en`)'),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;
