import { z } from 'zod';
import { Timestamp, Uuid } from './common.js';

/**
 * The public interview of a published smart form, under `/v1/public/smart-forms/:code`.
 * A private smart form first verifies the respondent's email with a one-time code; the session
 * routes then need the `x-session-token` that starting the session returned.
 */
export const SESSION_TOKEN_HEADER = 'x-session-token';
export const INTERVIEW_LIMITS = { maxAnswerLength: 5_000, otpLength: 6 } as const;

export const PublicSmartForm = z
  .object({
    code: z.string(),
    title: z.string(),
    description: z.string().nullable().describe('Welcome text'),
    languages: z.array(z.string()),
    maxQuestions: z.number().int(),
    isPrivate: z.boolean().describe('Start needs a `verificationToken` from the OTP routes'),
  })
  .describe('Public smart form');
export type PublicSmartForm = z.infer<typeof PublicSmartForm>;

export const RequestOtpBody = z
  .object({ email: z.string().email().max(320) })
  .strict()
  .describe('Send a one-time code');
export type RequestOtpBody = z.infer<typeof RequestOtpBody>;

export const RequestOtpResult = z
  .object({ sent: z.literal(true), expiresAt: Timestamp.describe('The code is valid until then') })
  .describe('Code sent');
export type RequestOtpResult = z.infer<typeof RequestOtpResult>;

export const VerifyOtpBody = z
  .object({
    email: z.string().email().max(320),
    code: z.string().regex(/^\d+$/).length(INTERVIEW_LIMITS.otpLength).describe('The code from the email'),
  })
  .strict()
  .describe('Verify a one-time code');
export type VerifyOtpBody = z.infer<typeof VerifyOtpBody>;

export const VerifyOtpResult = z
  .object({
    verificationToken: z.string().describe('Pass to the start route'),
    expiresAt: Timestamp,
  })
  .describe('Email verified');
export type VerifyOtpResult = z.infer<typeof VerifyOtpResult>;

export const InterviewQuestion = z
  .object({
    id: z.string(),
    index: z.number().int().min(1).describe('1 for the first question'),
    text: z.string(),
    language: z.string().describe('ISO 639-1 code'),
  })
  .describe('Interview question');
export type InterviewQuestion = z.infer<typeof InterviewQuestion>;

export const StartSessionBody = z
  .object({
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional()
      .describe('Preferred ISO 639-1 language, when the smart form allows a choice'),
    verificationToken: z.string().optional().describe('Required for a private smart form'),
  })
  .strict()
  .describe('Start an interview');
export type StartSessionBody = z.infer<typeof StartSessionBody>;

/** The next step of an interview: a question, or `null` when the interview can be finished. */
export const InterviewStep = z
  .object({
    sessionId: Uuid,
    question: InterviewQuestion.nullable(),
    answeredCount: z.number().int().nonnegative(),
    maxQuestions: z.number().int(),
    done: z.boolean().describe('No more questions: call finish'),
  })
  .describe('Interview step');
export type InterviewStep = z.infer<typeof InterviewStep>;

export const StartedSession = InterviewStep.extend({
  sessionToken: z.string().describe('Send as `x-session-token` on the session routes'),
}).describe('Interview started');
export type StartedSession = z.infer<typeof StartedSession>;

export const AnswerQuestionBody = z
  .object({
    questionId: z.string().min(1).max(100).describe('The question being answered'),
    answer: z.string().trim().min(1).max(INTERVIEW_LIMITS.maxAnswerLength),
  })
  .strict()
  .describe('Answer a question');
export type AnswerQuestionBody = z.infer<typeof AnswerQuestionBody>;

export const SessionTokenHeaders = z.object({
  'x-session-token': z.string().min(1).max(200).describe('The token the start route returned'),
});

export const FinishedSession = z
  .object({
    sessionId: Uuid,
    status: z.literal('completed'),
    completedAt: Timestamp,
    closingMessage: z.string().describe('Thank-you text for the respondent'),
  })
  .describe('Interview finished');
export type FinishedSession = z.infer<typeof FinishedSession>;
