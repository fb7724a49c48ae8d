import { z } from 'zod';
import { Timestamp } from './common.js';
import { AllowEdit, OneResponse } from './form-access.js';
import { CAPTCHA_PROVIDERS, FormSchema } from './form-schema.js';
import { PublicTheme } from './theme.js';

/** The captcha widget a public form shows: what the browser needs, never the secret. */
export const PublicCaptcha = z
  .object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    siteKey: z.string().describe("The provider's public site key"),
    scriptUrl: z
      .string()
      .describe("The widget's script (the provider's, unless the server points elsewhere)"),
  })
  .describe('The captcha widget to show; its token goes in the submission as `captchaToken`');
export type PublicCaptcha = z.infer<typeof PublicCaptcha>;

/** GET /v1/public/forms/:code: what a renderer needs, and nothing about the owner. */
const publicFormSchema = z
  .object({
    code: z.string().describe('The share code'),
    title: z.string(),
    description: z.string().nullable(),
    schema: FormSchema,
    acceptsResponses: z.boolean().describe('False once the form is ARCHIVED (expired or full)'),
    expiresAt: Timestamp.nullable(),
    captcha: PublicCaptcha.optional().describe(
      'Present when the form has `settings.captcha`: the widget to show before submitting',
    ),
    theme: PublicTheme.optional().describe(
      'Present when the form has a theme (`settings.themeId`) or hides the branding (`settings.branding: false`); absent, the default look with "Made with Formloom"',
    ),
    oneResponse: OneResponse.optional().describe(
      "Present when the form takes one response per person: `link`, a submission needs a personal link's `linkToken`; `email`, a `verificationToken` from the verify routes. A renderer asks for it before the respondent types",
    ),
    allowEdit: AllowEdit.optional().describe(
      'Present when respondents may edit their response: a submission answers an `editToken`, good for `hours`',
    ),
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
