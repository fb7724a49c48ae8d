import { z } from 'zod';
import { ConditionGroup } from './conditional-logic.js';
import { FormSlug } from './domain.js';
import { Field, Id } from './field.js';
import { LANGUAGES, SCHEMA_LIMITS, TEXT_LIMITS } from './limits.js';
import { Section } from './section.js';

const formMetaSchema = z
  .object({
    title: z.string().max(TEXT_LIMITS.formTitle),
    description: z.string().max(TEXT_LIMITS.formDescription).optional(),
    /** Language of the built-in texts (default error messages, buttons of the public page). */
    language: z.enum(LANGUAGES),
    submitLabel: z.string().max(100).optional(),
  })
  // Renderers keep their own presentation keys in meta; they are stored as sent.
  .passthrough();
type FormMetaObject = typeof formMetaSchema;
export interface FormMetaZod extends FormMetaObject {}
export const FormMeta: FormMetaZod = formMetaSchema;
export type FormMeta = z.infer<typeof FormMeta>;

/** The page layouts: `single-column` (the default) shows every section at once; `paged` one visible section a page. */
export const FORM_LAYOUTS = ['single-column', 'paged'] as const;
export type FormLayout = (typeof FORM_LAYOUTS)[number];

/** Where a completion or an ending sends the respondent: an https URL. */
const RedirectUrl = z
  .string()
  .max(2000)
  .url()
  .refine((url) => url.startsWith('https://'), 'must be an https URL');

/** What the respondent sees after submitting: a message (recall applied) or a redirect. */
export const FormCompletion = z
  .object({
    message: z.string().min(1).max(2000).optional(),
    redirectUrl: RedirectUrl.optional(),
  })
  .strict();
export type FormCompletion = z.infer<typeof FormCompletion>;

/**
 * One of several completion screens (docs/form-model.md "Jumps and endings"): the one a jump
 * named, else the first whose `conditionGroups` match the submitted answers, else
 * `settings.completion`. An ending without conditions is reached by a jump only. `title` and
 * `message` are translatable (`endings.<id>.title`, `endings.<id>.message`) and recall answers.
 */
const formEndingSchema = z
  .object({
    id: Id,
    title: z.string().min(1).max(TEXT_LIMITS.formTitle).optional(),
    message: z.string().min(1).max(2000).optional(),
    redirectUrl: RedirectUrl.optional(),
    conditionGroups: z.array(ConditionGroup).min(1).max(SCHEMA_LIMITS.maxConditionGroups).optional(),
  })
  .strict()
  .describe('Ending');
type FormEndingObject = typeof formEndingSchema;
/** FormEnding's zod type by name, so declaration files refer to it instead of spelling it out. */
export interface FormEndingZod extends FormEndingObject {}
export const FormEnding: FormEndingZod = formEndingSchema;
export type FormEnding = z.infer<typeof FormEnding>;

/** Most owner addresses a form notifies of each new response (docs/email.md). */
export const MAX_OWNER_EMAILS = 10;

/** The translation key of the respondent copy's subject (the engine's `RESPONDENT_COPY_SUBJECT`). */
const TRANSLATED_SUBJECT_KEY = 'notifications.respondentCopy.subject';

/** A mail subject: one line, so it can never add a header (no CR, LF or other control character). */
const MailSubject = z
  .string()
  .min(1)
  .max(200)
  .refine((s) => !/\p{Cc}/u.test(s), 'must be one line, without line breaks or control characters');

/**
 * E-mail sent on each new response: to the owners (`ownerEmails`: the answers and a link to the
 * response) and a copy to the respondent, only at the address answered in `emailFieldId` (an
 * `email` field), in their language. No answer reaches a header: the subject comes from here.
 * `attachPdf`: the owners' mail carries the response's PDF (docs/email.md).
 */
export const FormNotifications = z
  .object({
    ownerEmails: z.array(z.string().email().max(254)).max(MAX_OWNER_EMAILS).optional(),
    respondentCopy: z.object({ emailFieldId: Id, subject: MailSubject.optional() }).strict().optional(),
    attachPdf: z
      .boolean()
      .optional()
      .describe(
        "Attach the response's PDF (as `GET /v1/forms/:id/responses/:responseId/pdf` makes it) to the owners' mail, as `response-<id>.pdf`; a PDF over 10 MB is a link to the response instead",
      ),
  })
  .strict();
export type FormNotifications = z.infer<typeof FormNotifications>;

export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/**
 * A captcha on the public form: the submission carries the widget's `captchaToken`, which the
 * server verifies with the provider. `minScore`: reCAPTCHA v3's score threshold (default 0.5).
 */
export const FormCaptcha = z
  .object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    minScore: z.number().min(0).max(1).optional(),
  })
  .strict();
export type FormCaptcha = z.infer<typeof FormCaptcha>;

/** When a quiz's respondent learns which answers were right: never, after each answer, or on the ending. */
export const QUIZ_FEEDBACK = ['none', 'after-answer', 'at-end'] as const;
export type QuizFeedback = (typeof QUIZ_FEEDBACK)[number];

/**
 * A quiz (docs/form-model.md "Quizzes"): its questions are the choice fields with a `correct`
 * option; the server marks the answers at submission and records `quiz: {correct, total, score,
 * passed}` on the response. `passScore`: the share of right answers, in percent, needed to pass.
 */
export const FormQuiz = z
  .object({
    feedback: z.enum(QUIZ_FEEDBACK),
    passScore: z.number().min(0).max(100).optional(),
  })
  .strict();
export type FormQuiz = z.infer<typeof FormQuiz>;

/** The most endings a form may name in `settings.endings`. */
export const MAX_ENDINGS = 20;

/** The longest `settings.retentionDays`: ten years. */
export const MAX_RETENTION_DAYS = 3650;

/** The most origins a form may name in `settings.allowedOrigins`. */
export const MAX_ALLOWED_ORIGINS = 20;

/** `https://shop.example` exactly as a browser sends it in `Origin`: a scheme, a host, a port; no path. */
function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export const WebOrigin = z.string().max(253).refine(isWebOrigin, {
  message:
    'Must be an origin as a browser sends it: scheme and host (and port), lower case, no path or trailing slash',
});

export const FormSettings = z
  .object({
    /** `single-column` (default) or `paged`; other values are stored as sent and shown as `single-column`. */
    layout: z.string().max(50).optional(),
    completion: FormCompletion.optional(),
    endings: z.array(FormEnding).max(MAX_ENDINGS).optional(),
    quiz: FormQuiz.optional(),
    submitAction: z.string().max(50).optional(),
    /**
     * Once this many responses are stored the form is ARCHIVED (docs/server.md "Behaviour worth knowing").
     */
    maxResponses: z.number().int().positive().optional(),
    notifications: FormNotifications.optional(),
    captcha: FormCaptcha.optional(),
    /**
     * Days a saved partial response can be resumed (docs/form-model.md "Save and resume"): default 7,
     * at most 30.
     */
    resumeDays: z.number().int().min(1).max(30).optional(),
    /**
     * Origins whose pages may call the form's public routes and frame its page (docs/embedding.md
     * "Which origins may use a form"); unset, any origin may call them and no page may frame it.
     */
    allowedOrigins: z.array(WebOrigin).max(MAX_ALLOWED_ORIGINS).optional(),
    /**
     * Days a response is kept (docs/server.md "Retention"): older responses and their files are
     * deleted for good by the hourly chore, recorded in the audit log (`response.purged`).
     */
    retentionDays: z.number().int().min(1).max(MAX_RETENTION_DAYS).optional(),
    /**
     * The form's address on the account's verified custom domains, `https://<domain>/<slug>`
     * (docs/server.md "Custom domains"): unique in the account, reserved words refused.
     */
    slug: FormSlug.optional(),
    /** A theme of the account (`/v1/themes`): the form's look on its page and in the embeds. */
    themeId: z.string().uuid().optional(),
    /** `false` removes "Made with Formloom" from the form's page and embeds. */
    branding: z.boolean().optional(),
  })
  .passthrough();
export type FormSettings = z.infer<typeof FormSettings>;

/** A JSON value: a variable's expression is JSON Logic, whose operations `checkSchema` checks. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const JsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonValue),
    z.record(z.string(), JsonValue),
  ]),
);

export const VARIABLE_TYPES = ['number', 'text'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

/**
 * A value the server computes at submission from the answers: `expression` is JSON Logic, where
 * `{"var": "<field or variable id>"}` reads a value and `{"score": "<fieldId>"}` sums the `score` of
 * the selected options. Conditions, `when` and recall may name a variable where they name a field.
 */
export const FormVariable = z
  .object({
    id: Id,
    type: z.enum(VARIABLE_TYPES),
    expression: JsonValue,
  })
  .strict();
export type FormVariable = z.infer<typeof FormVariable>;

/**
 * A form's texts in other languages: `{<lang>: {<key>: <text>}}`, keys such as `meta.title`,
 * `fields.<id>.label` or `fields.<id>.options.<value>` (docs/form-model.md). A missing key falls
 * back to the base text.
 */
export const FormTranslations = z.record(
  z.enum(LANGUAGES),
  z
    .record(z.string().min(1).max(300), z.string().max(SCHEMA_LIMITS.maxTranslationLength))
    .superRefine((table, ctx) => {
      // A translated subject is a mail header too: the same one-line rule as the base subject.
      const subject = table[TRANSLATED_SUBJECT_KEY];
      if (subject === undefined) return;
      for (const issue of MailSubject.safeParse(subject).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: [TRANSLATED_SUBJECT_KEY], message: issue.message });
      }
    }),
);
export type FormTranslations = z.infer<typeof FormTranslations>;

const formSchemaObject = z
  .object({
    version: z.string().min(1).max(50),
    schemaVersion: z.string().min(1).max(50),
    meta: FormMeta,
    settings: FormSettings.optional(),
    sections: z.array(Section),
    fields: z.array(Field),
    variables: z.array(FormVariable).max(SCHEMA_LIMITS.maxVariables).optional(),
    translations: FormTranslations.optional(),
  })
  .strict();
type FormSchemaObject = typeof formSchemaObject;
/** FormSchema's zod type by name, so declaration files and editors refer to it instead of spelling it out at every use. */
export interface FormSchemaZod extends FormSchemaObject {}
export const FormSchema: FormSchemaZod = formSchemaObject;
export type FormSchema = z.infer<typeof FormSchema>;

/** The `version` and `schemaVersion` a blank form is created with. */
export const DEFAULT_SCHEMA_VERSION = { version: '1.0', schemaVersion: '2024-01-01' } as const;
