import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';
import { Id } from './field.js';
import { page } from './paging.js';
import { SubmitResponseBody } from './response.js';

/** docs/form-model.md "Save and resume": a saved partial expires after `settings.resumeDays`. */
export const RESUME_DAYS = { default: 7, max: 30 } as const;

const Answers = z
  .record(z.string(), z.unknown())
  .describe('Answers keyed by field id; checked for their types only (required fields may be missing)');

/** The text a renderer draws a respondent's order of shuffled options from (`shuffled` of the engine). */
export const ShuffleSeed = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** POST /v1/public/forms/:code/partials and PUT .../partials/:token: what a respondent saves. */
export const SavePartialBody = z
  .object({
    answers: Answers.optional().describe('Answers so far; default {}'),
    page: Id.optional().describe('The id of the section (page) the respondent is on'),
    seed: ShuffleSeed.optional().describe(
      "The respondent's shuffle seed (fields with `shuffle`), so a resume shows the same order; kept when left out",
    ),
  })
  .strict()
  .describe('A partial response to save');
export type SavePartialBody = z.infer<typeof SavePartialBody>;

/** The resume token in a path: 32 random bytes as base64url (43 characters). */
export const ResumeToken = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('The resume token returned when the partial was created');

export const CreatedPartial = z
  .object({
    resumeToken: z
      .string()
      .describe('32 random bytes in base64url: the only way back to this partial; shown once, stored hashed'),
    expiresAt: Timestamp.describe('After this the token is unknown (404) and the answers are deleted'),
  })
  .describe('Partial saved');
export type CreatedPartial = z.infer<typeof CreatedPartial>;

export const PublicPartial = z
  .object({
    answers: z.record(z.string(), z.unknown()).describe('The saved answers, keyed by field id'),
    page: z.string().nullable().describe('The page (section id) the respondent was on'),
    seed: z.string().optional().describe('The shuffle seed saved with it, when one was'),
    updatedAt: Timestamp,
    expiresAt: Timestamp,
  })
  .describe('A saved partial response');
export type PublicPartial = z.infer<typeof PublicPartial>;

/** POST .../partials/:token/complete: answers merged over the saved ones, then submitted. */
export const CompletePartialBody = z
  .object({
    answers: Answers.optional().describe('Answers merged over the saved ones (a key here wins)'),
    language: SubmitResponseBody.shape.language,
    captchaToken: SubmitResponseBody.shape.captchaToken,
    quizAttempt: SubmitResponseBody.shape.quizAttempt,
    linkToken: SubmitResponseBody.shape.linkToken,
    verificationToken: SubmitResponseBody.shape.verificationToken,
  })
  .strict()
  .describe('Complete a partial response');
export type CompletePartialBody = z.infer<typeof CompletePartialBody>;

/** An unfinished partial as its form's owner sees it: never the token, never the answers. */
export const PartialListItem = z
  .object({
    id: Uuid,
    answeredCount: z
      .number()
      .int()
      .nonnegative()
      .describe("Fields with a non-empty saved answer (a repeating section's field: in one of its entries)"),
    page: z.string().nullable().describe('The page (section id) the respondent was on'),
    updatedAt: Timestamp,
    expiresAt: Timestamp,
  })
  .describe('Partial response');
export type PartialListItem = z.infer<typeof PartialListItem>;

export const PartialPage = page('partials', PartialListItem).describe(
  'A page of unfinished partial responses',
);
export type PartialPage = z.infer<typeof PartialPage>;
