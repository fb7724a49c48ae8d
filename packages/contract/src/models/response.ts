import { z } from 'zod';
import { DateOrTimestampQuery, Timestamp, TimestampQuery, Uuid } from './common.js';
import { ExportQuery } from './export.js';
import { LinkToken, VerificationToken } from './form-link.js';
import { LANGUAGES } from './limits.js';
import { PageQuery, page } from './paging.js';
import { ResponsePayment } from './response-payment.js';

/**
 * A file answer: what `POST /v1/public/forms/:code/uploads` returned for the respondent's file.
 * A submission carries it (at least `uploadId`) as the answer of a `file` field; stored responses
 * carry it with the metadata the server detected.
 */
export const FileAnswer = z
  .object({
    uploadId: z.string().min(1).max(100).describe('Upload id returned by the upload route'),
    name: z.string().max(255).describe('Original file name'),
    size: z.number().int().nonnegative().describe('Size in bytes'),
    type: z.string().max(255).describe('MIME type, detected by the server from the content'),
    signedName: z.string().max(200).optional().describe('A signature typed instead of drawn: the name typed'),
  })
  .describe('File answer');
export type FileAnswer = z.infer<typeof FileAnswer>;

/** An "Other, please specify" answer of a choice question: the respondent's text. */
export const OtherAnswer = z
  .object({ other: z.string().max(1000).describe("The respondent's own text") })
  .strict()
  .describe('Other answer');
export type OtherAnswer = z.infer<typeof OtherAnswer>;

/**
 * A stored answer value: text, email, date, select, radio as a string (or an `{other}` answer);
 * number, rating, nps, scale, slider as a number; checkbox, multiple select and picture choice as a
 * list of option values (and an `{other}` entry); ranking as the list of option values best first;
 * matrix as `{<rowId>: column value}` (a list of values when multiple); file as its upload;
 * phone (E.164), url, time (`HH:MM`) and datetime (ISO 8601 with offset) as strings; address as
 * `{line1, line2?, city, region?, postalCode?, country}`; signature as its upload (with
 * `signedName` when typed); consent as `true`. A statement has no answer.
 */
const fieldAnswerValue = z.union([
  z.string(),
  z.number(),
  z.array(z.union([z.string(), OtherAnswer])),
  FileAnswer,
  OtherAnswer,
  z
    .record(z.string(), z.union([z.string(), z.array(z.string())]))
    .describe('Matrix answer: column values by row id; address answer: its parts by name'),
  z.literal(true).describe('Consent answer: given'),
]);

/**
 * A stored answer value (see above); a repeating section's answer, under the section's id, is its
 * entries: `[{<fieldId>: value, ...}, ...]`.
 */
export const AnswerValue = z.union([
  ...fieldAnswerValue.options,
  z
    .array(z.record(z.string(), fieldAnswerValue))
    .describe("Repeating section's answer: its entries, each the answers of its fields by field id"),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** A computed variable's value: a number for a `number` variable, a string for a `text` one. */
export const VariableValue = z.union([z.number(), z.string()]);
export type VariableValue = z.infer<typeof VariableValue>;

/** A quiz's marks, as the response records them (docs/form-model.md "Quizzes"). */
export const QuizResult = z
  .object({
    correct: z.number().int().nonnegative().describe('Questions answered right'),
    total: z.number().int().nonnegative().describe("Quiz questions on the respondent's path"),
    score: z.number().min(0).max(100).describe('Share of right answers in percent, rounded to an integer'),
    passed: z
      .boolean()
      .nullable()
      .describe('Whether `score` reached `settings.quiz.passScore`; null when the quiz has no pass score'),
  })
  .describe('Quiz result');
export type QuizResult = z.infer<typeof QuizResult>;

/** A stored response: answers keyed by field id, hidden and empty fields absent. */
export const FormResponse = z
  .object({
    id: Uuid,
    formId: Uuid,
    answers: z.record(z.string(), AnswerValue).describe('Answers keyed by field id'),
    variables: z
      .record(z.string(), VariableValue)
      .describe(
        "The form's variables, computed by the server at submission, keyed by variable id; {} for a form without variables",
      ),
    language: z
      .enum(LANGUAGES)
      .nullable()
      .optional()
      .describe(
        'The language the respondent answered in; null for responses stored before languages were recorded',
      ),
    endingId: z
      .string()
      .nullable()
      .optional()
      .describe(
        "The id of the form's ending the respondent reached (`settings.endings`); null for the default completion",
      ),
    formRevision: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        'The revision of the form the response answered; null for responses stored before revisions were',
      ),
    quiz: QuizResult.nullable()
      .optional()
      .describe('The quiz marks of a form with `settings.quiz`; null for other forms'),
    verifiedEmail: z
      .string()
      .nullable()
      .optional()
      .describe('The address the respondent proved (a form with `oneResponse: "email"`); absent otherwise'),
    payment: ResponsePayment.nullable()
      .optional()
      .describe('The payment of a form with a payment field (Stripe Checkout); absent otherwise'),
    submittedAt: Timestamp,
    updatedAt: Timestamp.nullable()
      .optional()
      .describe(
        'When the respondent last edited the response through its edit link (`allowEdit`); null when never edited. Earlier answers: `GET .../history`',
      ),
  })
  .describe('Response');
export type FormResponse = z.infer<typeof FormResponse>;

const responseListQuerySchema = PageQuery.extend({
  since: TimestampQuery.optional().describe('Only responses submitted strictly after this instant'),
  startDate: DateOrTimestampQuery.optional().describe(
    'Only responses submitted at or after this date (a bare date means its start, UTC)',
  ),
  endDate: DateOrTimestampQuery.optional().describe(
    'Only responses submitted at or before this date (a bare date means its whole day, UTC)',
  ),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      'Only responses with an answer (text, number, option value or file name) containing this text, ignoring case',
    ),
});
type ResponseListQueryObject = typeof responseListQuerySchema;
export interface ResponseListQueryZod extends ResponseListQueryObject {}
export const ResponseListQuery: ResponseListQueryZod = responseListQuerySchema;
export type ResponseListQuery = z.infer<typeof ResponseListQuery>;

/** GET /v1/forms/:id/responses/export: the file format and the list's date range. */
export const ResponseExportQuery = ExportQuery.extend({
  startDate: responseListQuerySchema.shape.startDate,
  endDate: responseListQuerySchema.shape.endDate,
}).describe('Export options');
export type ResponseExportQuery = z.infer<typeof ResponseExportQuery>;

export const ResponsePage = page('responses', FormResponse).describe('A page of responses');
export type ResponsePage = z.infer<typeof ResponsePage>;

export const ResponseCount = z
  .object({ count: z.number().int().nonnegative().describe('Responses stored for the form') })
  .describe('Response count');
export type ResponseCount = z.infer<typeof ResponseCount>;

/** A response's edit token (`allowEdit`): 32 random bytes, base64url. */
export const EditToken = z
  .string()
  .min(16)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('Edit token');

/** The token that ties a respondent's feedback requests to their submission. */
export const QuizAttemptToken = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * POST /v1/public/forms/:code/responses. Values are checked by the form engine on the server:
 * hidden fields are dropped, the rest must satisfy the schema.
 */
export const SubmitResponseBody = z
  .object({
    answers: z
      .record(z.string(), z.unknown())
      .describe('Answers keyed by field id; a file field takes the object the upload route returned'),
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe(
        "The respondent's language; default: the best of Accept-Language the form has, else its base language",
      ),
    captchaToken: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .describe(
        "The captcha widget's token, for a form with `settings.captcha`; missing or refused: 400 CAPTCHA_FAILED",
      ),
    quizAttempt: QuizAttemptToken.optional().describe(
      'A quiz with feedback after each answer: the `attempt` the feedback route answered; each question keeps the first answer it gave feedback for',
    ),
    linkToken: LinkToken.optional().describe(
      "A personal link's token (the `t` of `/f/:code?t=`): the link answers once (409 ALREADY_ANSWERED)",
    ),
    verificationToken: VerificationToken.optional().describe(
      'With `oneResponse: "email"`: what `.../verify/confirm` answered; each address answers once',
    ),
  })
  .strict()
  .describe('A submission');
export type SubmitResponseBody = z.infer<typeof SubmitResponseBody>;

/**
 * What the respondent sees once the response is stored, in their language with answers recalled:
 * the ending the server chose, or the form's `settings.completion`.
 */
export const SubmissionEnding = z
  .object({
    title: z.string().optional(),
    message: z.string().optional(),
    redirectUrl: z.string().optional(),
  })
  .describe('Ending shown');
export type SubmissionEnding = z.infer<typeof SubmissionEnding>;

/** One question of a quiz marked for the ending (`settings.quiz.feedback: "at-end"`). */
export const QuizQuestionMark = z
  .object({
    fieldId: z.string(),
    correct: z.boolean(),
    feedback: z.string().optional().describe("The chosen options' feedback, in the respondent's language"),
  })
  .describe('Quiz question marked');
export type QuizQuestionMark = z.infer<typeof QuizQuestionMark>;

export const SubmissionQuiz = QuizResult.extend({
  questions: z
    .array(QuizQuestionMark)
    .optional()
    .describe('With `settings.quiz.feedback: "at-end"`: each question on the path, in form order'),
}).describe('Quiz marks');
export type SubmissionQuiz = z.infer<typeof SubmissionQuiz>;

/** POST /v1/public/forms/:code/feedback: one quiz question's answer to mark. */
export const QuizFeedbackBody = z
  .object({
    fieldId: z.string().min(1).max(100),
    answer: z.union([z.string().max(1000), z.array(z.string().max(1000)).max(100)]),
    attempt: QuizAttemptToken.optional().describe(
      'The attempt an earlier feedback answered; absent: a new one',
    ),
  })
  .strict()
  .describe('An answer to mark');
export type QuizFeedbackBody = z.infer<typeof QuizFeedbackBody>;

export const QuizFeedbackResult = z
  .object({
    correct: z.boolean(),
    feedback: z.string().optional().describe("The chosen options' feedback, in the respondent's language"),
    attempt: QuizAttemptToken.describe('Send it with later feedback requests and with the submission'),
    locked: z
      .boolean()
      .describe(
        'True when this question had been marked before in this attempt: the first answer is kept and marked',
      ),
  })
  .describe('Answer marked');
export type QuizFeedbackResult = z.infer<typeof QuizFeedbackResult>;

export const SubmitResponseResult = z
  .object({
    responseId: Uuid,
    submittedAt: Timestamp,
    endingId: z
      .string()
      .nullable()
      .describe(
        'The ending reached (a jump named it, or its conditions matched first); null for the default completion',
      ),
    ending: SubmissionEnding,
    quiz: SubmissionQuiz.optional().describe('The quiz marks, for a form with `settings.quiz`'),
    editToken: EditToken.optional().describe(
      "A form with `allowEdit`: the respondent's edit token (the page's link `/f/:code?edit=<token>`, the edit routes). " +
        'Shown once: only its hash is stored, so a retry answered from its Idempotency-Key, or a partial completed again, carries none',
    ),
    editUntil: Timestamp.optional().describe(
      'A form with `allowEdit`: until when the response may be edited',
    ),
  })
  .describe('Submission stored');
export type SubmitResponseResult = z.infer<typeof SubmitResponseResult>;

/** GET /v1/public/forms/:code/responses/:editToken: the response as its respondent may read it. */
export const EditableResponse = z
  .object({
    answers: z.record(z.string(), AnswerValue).describe('The answers as they are now, keyed by field id'),
    language: z.enum(LANGUAGES).nullable().describe('The language the respondent answered in'),
    submittedAt: Timestamp,
    updatedAt: Timestamp.nullable().describe('When last edited; null when never'),
    editUntil: Timestamp.describe('Edits are taken until then'),
  })
  .describe('Response to edit');
export type EditableResponse = z.infer<typeof EditableResponse>;

/** PUT /v1/public/forms/:code/responses/:editToken: the answers that replace the response's. */
export const EditResponseBody = SubmitResponseBody.pick({ answers: true, language: true })
  .strict()
  .describe('The edited answers');
export type EditResponseBody = z.infer<typeof EditResponseBody>;

/** An edit stored: what a submission answers (its ending, its marks), and when it was edited. */
export const EditedResponse = SubmitResponseResult.omit({ editToken: true })
  .extend({
    updatedAt: Timestamp,
    editUntil: Timestamp,
  })
  .describe('Edit stored');
export type EditedResponse = z.infer<typeof EditedResponse>;

/** One earlier version of an edited response: its answers and when they were given and replaced. */
export const ResponseRevision = z
  .object({
    answers: z.record(z.string(), AnswerValue),
    variables: z.record(z.string(), VariableValue),
    language: z.enum(LANGUAGES).nullable(),
    endingId: z.string().nullable(),
    answeredAt: Timestamp.describe('When these answers were given (submitted, or an earlier edit)'),
    replacedAt: Timestamp.describe('When an edit replaced them'),
  })
  .describe('Earlier answers');
export type ResponseRevision = z.infer<typeof ResponseRevision>;

export const ResponseHistory = z
  .object({ revisions: z.array(ResponseRevision).describe('Newest first; empty when never edited') })
  .describe("A response's earlier answers");
export type ResponseHistory = z.infer<typeof ResponseHistory>;

/** POST /v1/public/forms/:code/uploads, a multipart body. */
export const UploadFileBody = z.object({
  fieldId: z.string().min(1).max(100).describe('Id of the `file` field the upload is for'),
  file: z.any().describe('The file (binary part named `file`)'),
});
export type UploadFileBody = z.infer<typeof UploadFileBody>;

export const UploadResult = FileAnswer.extend({
  expiresAt: Timestamp.describe('An upload that no submission claims by then is deleted'),
}).describe('Upload stored');
export type UploadResult = z.infer<typeof UploadResult>;
