import { z } from 'zod';
import { AiProvenance, Timestamp, Uuid } from './common.js';
import { PageQuery, page } from './paging.js';

export const SESSION_STATUSES = ['active', 'completed', 'abandoned'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_LIST_FILTERS = ['all', ...SESSION_STATUSES] as const;
export const SessionListQuery = PageQuery.extend({
  status: z.enum(SESSION_LIST_FILTERS).default('all'),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;

/** One question of an interview and the respondent's answer to it. */
export const TranscriptEntry = z
  .object({
    questionId: z.string(),
    index: z.number().int().min(1).describe('1 for the first question'),
    question: z.string(),
    answer: z.string().nullable().describe('Null while unanswered'),
    askedAt: Timestamp,
    answeredAt: Timestamp.nullable(),
  })
  .describe('Transcript entry');
export type TranscriptEntry = z.infer<typeof TranscriptEntry>;

export const SENTIMENTS = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const SentimentScore = z.object({
  label: z.enum(SENTIMENTS),
  score: z.number().min(-1).max(1).describe('-1 (negative) to 1 (positive)'),
});
export type SentimentScore = z.infer<typeof SentimentScore>;

/** The AI's analysis of one completed session. */
const sessionAnalysisSchema = z
  .object({
    summary: z.string(),
    sentiment: SentimentScore,
    keyThemes: z.array(z.string()),
    mappedAnswers: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('The answers mapped onto the smart form `referenceJson`, when it has one'),
    ai: AiProvenance,
    createdAt: Timestamp,
  })
  .describe('Session analysis');
type SessionAnalysisObject = typeof sessionAnalysisSchema;
export interface SessionAnalysisZod extends SessionAnalysisObject {}
export const SessionAnalysis: SessionAnalysisZod = sessionAnalysisSchema;
export type SessionAnalysis = z.infer<typeof SessionAnalysis>;

const smartFormSessionSchema = z
  .object({
    id: Uuid,
    smartFormId: Uuid,
    status: z
      .enum(SESSION_STATUSES)
      .describe(
        'active: in progress; completed: finished; abandoned: idle 24 h, or ended by a hard unpublish',
      ),
    language: z.string().nullable().describe('ISO 639-1 code of the interview, once known'),
    respondentEmail: z.string().nullable().describe('Verified email, for private smart forms'),
    questionCount: z.number().int().nonnegative(),
    answeredCount: z.number().int().nonnegative(),
    startedAt: Timestamp,
    lastActivityAt: Timestamp,
    completedAt: Timestamp.nullable(),
  })
  .describe('Smart form session');
type SmartFormSessionObject = typeof smartFormSessionSchema;
export interface SmartFormSessionZod extends SmartFormSessionObject {}
export const SmartFormSession: SmartFormSessionZod = smartFormSessionSchema;
export type SmartFormSession = z.infer<typeof SmartFormSession>;

/** GET /smart-forms/:id/sessions/:sessionId: with transcript and analysis. */
const smartFormSessionDetailSchema = SmartFormSession.extend({
  transcript: z.array(TranscriptEntry).describe('Questions and answers, in order'),
  analysis: SessionAnalysis.nullable().describe('Null until the session is completed and analysed'),
}).describe('Smart form session with transcript and analysis');
type SmartFormSessionDetailObject = typeof smartFormSessionDetailSchema;
export interface SmartFormSessionDetailZod extends SmartFormSessionDetailObject {}
export const SmartFormSessionDetail: SmartFormSessionDetailZod = smartFormSessionDetailSchema;
export type SmartFormSessionDetail = z.infer<typeof SmartFormSessionDetail>;

export const SessionPage = page('sessions', SmartFormSession).describe('A page of sessions, newest first');
export type SessionPage = z.infer<typeof SessionPage>;
