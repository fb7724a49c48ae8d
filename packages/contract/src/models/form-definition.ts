import { z } from 'zod';
import { Timestamp } from './common.js';
import { Form } from './form.js';
import { FormSchema } from './form-schema.js';
import { TEXT_LIMITS } from './limits.js';
import { CreateThemeBody, HexColor } from './theme.js';

/** What a portable form document says it is, so an importer knows one when it sees one. */
export const FORM_DEFINITION_FORMAT = 'formloom.form-definition';

/**
 * A theme as a portable document carries it: everything but its images, which are uploads of the
 * account that made them (`logo`, `background.image`).
 */
export const PortableTheme = CreateThemeBody.omit({ logo: true, background: true })
  .extend({
    background: z.object({ color: HexColor }).strict().optional().describe("The page's background colour"),
  })
  .strict()
  .describe("The form's theme, without its images");
export type PortableTheme = z.infer<typeof PortableTheme>;

/**
 * A form as a document another Formloom server can import (`POST /v1/forms/import` with `source:
 * "formloom"`): the schema with its settings, endings, variables and translations, and the theme it
 * wears. Nothing in it names the source account: the theme is carried whole instead of its id,
 * pictures the account uploaded are their public https addresses, and access rules (a password,
 * personal links) are never in it.
 */
export const FormDefinition = z
  .object({
    format: z.literal(FORM_DEFINITION_FORMAT),
    formatVersion: z.literal(1),
    title: z.string().trim().min(1).max(TEXT_LIMITS.formTitle),
    schema: FormSchema,
    theme: PortableTheme.optional(),
    exportedAt: Timestamp,
  })
  .strict()
  .describe('A portable form document');
export type FormDefinition = z.infer<typeof FormDefinition>;

/** The documents `POST /v1/forms/import` reads. */
export const IMPORT_SOURCES = ['formloom', 'surveyjs', 'typeform', 'google_forms'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const ImportFormBody = z
  .object({
    source: z
      .enum(IMPORT_SOURCES)
      .describe(
        "`formloom`: a document of `GET /v1/forms/:id/definition`; `surveyjs`: a SurveyJS survey JSON; `typeform`: a form of Typeform's Create API (`GET /forms/{form_id}`); `google_forms`: a form of the Google Forms API (`forms.get`)",
      ),
    definition: z
      .unknown()
      .refine((value) => typeof value === 'object' && value !== null, 'Must be a JSON object or array')
      .describe('The document (a JSON object), as the source gives it'),
    title: z
      .string()
      .trim()
      .min(1)
      .max(TEXT_LIMITS.formTitle)
      .optional()
      .describe("Instead of the document's title"),
  })
  .strict()
  .describe('A form to import');
export type ImportFormBody = z.infer<typeof ImportFormBody>;

export const ImportProblem = z
  .object({
    path: z.string().describe('Where in the document, as a JSON path (`$.theme.logo`)'),
    problem: z.string().describe('What was not carried over, and why'),
  })
  .describe('A part of the document the import could not carry over');
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportFormResult = z
  .object({
    form: Form.describe('The created DRAFT form'),
    report: z.array(ImportProblem).describe('Every part left out; empty when the form came over whole'),
  })
  .describe('The imported form');
export type ImportFormResult = z.infer<typeof ImportFormResult>;
