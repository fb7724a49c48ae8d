import { z } from 'zod';
import { HttpUrl, Timestamp, Uuid } from './common.js';
import { SCHEMA_LIMITS, TEXT_LIMITS } from './limits.js';
import { PageQuery, page } from './paging.js';

export const SMART_FORM_LIMITS = {
  minQuestions: 5,
  maxQuestions: 15,
  defaultQuestions: 10,
  maxLanguages: 10,
  /** UTF-8 bytes of `referenceJson`, the same cap as a form schema. */
  maxReferenceJsonBytes: SCHEMA_LIMITS.maxSchemaBytes,
} as const;

/** draft: not public. published: accepts sessions. Unpublishing returns a smart form to draft. */
export const SMART_FORM_STATUSES = ['draft', 'published'] as const;
export type SmartFormStatus = (typeof SMART_FORM_STATUSES)[number];

const Purpose = z
  .string()
  .trim()
  .min(TEXT_LIMITS.smartFormPurposeMin)
  .max(TEXT_LIMITS.smartFormPurposeMax)
  .describe('What the interview is for; the basis of every generated question');
const Title = z.string().trim().min(1).max(TEXT_LIMITS.smartFormTitle);
const Description = z.string().max(TEXT_LIMITS.smartFormDescription).describe('Shown on the welcome screen');
const TargetAudience = z.string().max(TEXT_LIMITS.smartFormTargetAudience).describe('Guides the tone');
const Languages = z
  .array(z.string().regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code such as `en`'))
  .max(SMART_FORM_LIMITS.maxLanguages)
  .describe('ISO 639-1 codes; empty: detect the respondent language; one entry locks the language');
const MaxQuestions = z
  .number()
  .int()
  .min(SMART_FORM_LIMITS.minQuestions)
  .max(SMART_FORM_LIMITS.maxQuestions)
  .describe('Questions the AI asks at most, 5 to 15');
const IsPrivate = z.boolean().describe('Respondents must verify their email with a one-time code');
const ReferenceJson = z
  .string()
  .max(SMART_FORM_LIMITS.maxReferenceJsonBytes)
  .refine(isJson, 'must be a JSON document')
  .describe('JSON structure the AI maps the interview answers onto');

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A smart form, as lists show it. */
const smartFormSchema = z
  .object({
    id: Uuid,
    title: z.string().describe('Given on creation, or derived from the purpose'),
    description: z.string().nullable(),
    purpose: z.string(),
    targetAudience: z.string().nullable(),
    languages: z.array(z.string()),
    maxQuestions: z.number().int(),
    isPrivate: z.boolean(),
    referenceJson: z.string().nullable(),
    status: z.enum(SMART_FORM_STATUSES),
    shareUrl: z.string().nullable().describe('Short share code; null until first published'),
    publicUrl: HttpUrl.nullable().describe('Absolute URL of the interview page while published'),
    publishedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .describe('Smart form');
type SmartFormObject = typeof smartFormSchema;
export interface SmartFormZod extends SmartFormObject {}
export const SmartForm: SmartFormZod = smartFormSchema;
export type SmartForm = z.infer<typeof SmartForm>;

const smartFormStatsSchema = z
  .object({
    totalSessions: z.number().int().nonnegative(),
    activeSessions: z.number().int().nonnegative(),
    completedSessions: z.number().int().nonnegative(),
    abandonedSessions: z.number().int().nonnegative(),
    completionRate: z.number().min(0).max(1).describe('completed / total; 0 without sessions'),
    medianDurationSeconds: z
      .number()
      .nonnegative()
      .nullable()
      .describe('Median start-to-finish time of completed sessions; null without any'),
    averageSentimentScore: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .describe('Mean sentiment score (-1 to 1) of analysed sessions; null without any'),
    lastSessionAt: Timestamp.nullable(),
  })
  .describe('Session statistics');
type SmartFormStatsObject = typeof smartFormStatsSchema;
export interface SmartFormStatsZod extends SmartFormStatsObject {}
export const SmartFormStats: SmartFormStatsZod = smartFormStatsSchema;
export type SmartFormStats = z.infer<typeof SmartFormStats>;

/** GET /smart-forms/:id: the smart form with its session statistics. */
const smartFormDetailSchema = SmartForm.extend({ stats: SmartFormStats }).describe(
  'Smart form with session statistics',
);
type SmartFormDetailObject = typeof smartFormDetailSchema;
export interface SmartFormDetailZod extends SmartFormDetailObject {}
export const SmartFormDetail: SmartFormDetailZod = smartFormDetailSchema;
export type SmartFormDetail = z.infer<typeof SmartFormDetail>;

export const SMART_FORM_LIST_FILTERS = ['all', 'published', 'draft'] as const;
export const SmartFormListQuery = PageQuery.extend({
  status: z.enum(SMART_FORM_LIST_FILTERS).default('all'),
  search: z
    .string()
    .max(TEXT_LIMITS.smartFormTitle)
    .optional()
    .describe('Case-insensitive partial title match'),
});
export type SmartFormListQuery = z.infer<typeof SmartFormListQuery>;

export const SmartFormPage = page('smartForms', SmartForm).describe('A page of smart forms');
export type SmartFormPage = z.infer<typeof SmartFormPage>;

const createSmartFormBodySchema = z
  .object({
    purpose: Purpose,
    title: Title.optional(),
    description: Description.optional(),
    targetAudience: TargetAudience.optional(),
    languages: Languages.default([]),
    maxQuestions: MaxQuestions.default(SMART_FORM_LIMITS.defaultQuestions),
    isPrivate: IsPrivate.default(false),
    referenceJson: ReferenceJson.optional(),
  })
  .strict()
  .describe('Create a smart form');
type CreateSmartFormBodyObject = typeof createSmartFormBodySchema;
export interface CreateSmartFormBodyZod extends CreateSmartFormBodyObject {}
export const CreateSmartFormBody: CreateSmartFormBodyZod = createSmartFormBodySchema;
export type CreateSmartFormBody = z.infer<typeof CreateSmartFormBody>;

/** PATCH /smart-forms/:id: only the properties sent change; `null` clears an optional one. */
const updateSmartFormBodySchema = z
  .object({
    purpose: Purpose.optional(),
    title: Title.optional(),
    description: Description.nullable().optional(),
    targetAudience: TargetAudience.nullable().optional(),
    languages: Languages.optional(),
    maxQuestions: MaxQuestions.optional(),
    isPrivate: IsPrivate.optional(),
    referenceJson: ReferenceJson.nullable().optional(),
  })
  .strict()
  .describe('Update a smart form');
type UpdateSmartFormBodyObject = typeof updateSmartFormBodySchema;
export interface UpdateSmartFormBodyZod extends UpdateSmartFormBodyObject {}
export const UpdateSmartFormBody: UpdateSmartFormBodyZod = updateSmartFormBodySchema;
export type UpdateSmartFormBody = z.infer<typeof UpdateSmartFormBody>;

export const PublishSmartFormResult = z
  .object({
    id: Uuid,
    status: z.literal('published'),
    publishedAt: Timestamp,
    shareUrl: z.string().min(8),
    publicUrl: HttpUrl,
  })
  .describe('Publish result');
export type PublishSmartFormResult = z.infer<typeof PublishSmartFormResult>;

export const UNPUBLISH_MODES = ['soft', 'hard'] as const;
export type UnpublishMode = (typeof UNPUBLISH_MODES)[number];

/** soft: no new sessions, active ones continue. hard: active sessions are abandoned at once. */
export const UnpublishSmartFormBody = z
  .object({
    mode: z
      .enum(UNPUBLISH_MODES)
      .default('soft')
      .describe('soft: active sessions continue; hard: active sessions are ended (abandoned)'),
  })
  .strict()
  .describe('Unpublish options');
export type UnpublishSmartFormBody = z.infer<typeof UnpublishSmartFormBody>;
