import { randomBytes } from 'node:crypto';
import type { InterviewStep } from '@formloom/contract';
import { generateChecked } from '../../ai/checked.js';
import type { AiProvider } from '../../ai/provider.js';
import { recordUsage } from '../../ai/usage-store.js';
import type { Db, SmartFormQuestionRow, SmartFormRow, SmartFormSessionRow } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import type { Logger } from '../../logger.js';
import {
  genericQuestion,
  type InterviewInput,
  interviewerTask,
  questionProblem,
} from './interviewer-task.js';
import { createSessionsStore } from './sessions-store.js';

export interface InterviewQuestionsDeps {
  db: Db;
  clock: () => Date;
  provider: AiProvider;
  logger?: Logger | undefined;
  /** Longest wait for the model's next question before the generic one stands in (default 20 s). */
  questionTimeoutMs?: number | undefined;
}

export const DEFAULT_QUESTION_TIMEOUT_MS = 20_000;

/**
 * The questions of an interview: the step a session is at, asking the model for the next question
 * when none waits (validated, repaired once, else the generic question stands in, so a respondent
 * is never stuck) and storing it, or marking the interview done.
 */
export function createInterviewQuestions({
  db,
  clock,
  provider,
  logger,
  questionTimeoutMs: timeoutMs = DEFAULT_QUESTION_TIMEOUT_MS,
}: InterviewQuestionsDeps) {
  const sessions = createSessionsStore(db);

  /** The model's next question (or its word that the purpose is covered), else the generic one. */
  async function askNext(
    form: SmartFormRow,
    session: SmartFormSessionRow,
    answered: readonly SmartFormQuestionRow[],
  ): Promise<{ done: true } | { done: false; text: string; fallback: boolean }> {
    const input: InterviewInput = {
      purpose: form.purpose,
      targetAudience: form.target_audience,
      title: form.title,
      language: session.language ?? 'en',
      maxQuestions: form.max_questions,
      transcript: answered.map((q) => ({ question: q.text, answer: q.answer ?? '' })),
    };
    const earlier = answered.map((q) => q.text);
    try {
      const { value } = await generateChecked(provider, interviewerTask, input, {
        repairs: 1,
        signal: AbortSignal.timeout(timeoutMs),
        check: (draft) => {
          const problem = questionProblem(draft, earlier);
          return problem === undefined ? [] : [problem];
        },
        onUsage: (usage) =>
          recordUsage(db, {
            accountId: form.account_id,
            jobId: null,
            task: interviewerTask.name,
            provenance: provider.provenance,
            usage,
            nowIso: isoNow(clock()),
          }),
      });
      // The first question is always asked: "done" before any answer is not a usable reply.
      if (value.done && answered.length > 0) return { done: true };
      if (!value.done && value.question !== null)
        return { done: false, text: value.question.trim(), fallback: false };
    } catch (error) {
      logger?.warn(
        {
          smartFormId: form.id,
          sessionId: session.id,
          reason: error instanceof Error ? error.message : 'unknown',
        },
        'interview question fell back to the generic one',
      );
    }
    return {
      done: false,
      text: genericQuestion(session.language ?? 'en', answered.length + 1, form.max_questions),
      fallback: true,
    };
  }

  async function markDone(session: SmartFormSessionRow): Promise<void> {
    await sessions.markInterviewDone(session.id);
  }

  function stepOf(
    session: SmartFormSessionRow,
    form: SmartFormRow,
    question: SmartFormQuestionRow | null,
    answeredCount: number,
  ): InterviewStep {
    return {
      sessionId: session.id,
      question:
        question === null
          ? null
          : { id: question.id, index: question.idx, text: question.text, language: question.language },
      answeredCount,
      maxQuestions: form.max_questions,
      done: question === null,
    };
  }

  /** The current step: the waiting question, or a new one asked now, or done. */
  async function currentStep(form: SmartFormRow, session: SmartFormSessionRow): Promise<InterviewStep> {
    const questions = await sessions.questions(session.id);
    const answered = questions.filter((q) => q.answer !== null);
    const waiting = questions.find((q) => q.answer === null);
    if (waiting !== undefined) return stepOf(session, form, waiting, answered.length);
    if (session.interview_done === 1 || session.status !== 'active')
      return stepOf(session, form, null, answered.length);
    if (answered.length >= form.max_questions) {
      await markDone(session);
      return stepOf(session, form, null, answered.length);
    }
    const next = await askNext(form, session, answered);
    if (next.done) {
      await markDone(session);
      return stepOf(session, form, null, answered.length);
    }
    const stored = await sessions.addQuestion({
      session_id: session.id,
      idx: answered.length + 1,
      id: `q${answered.length + 1}-${randomBytes(4).toString('hex')}`,
      text: next.text,
      language: session.language ?? 'en',
      fallback: next.fallback ? 1 : 0,
      answer: null,
      asked_at: isoNow(clock()),
      answered_at: null,
    });
    // A racing request stored (and someone answered) this index first: read the step again.
    if (stored.answer !== null) return currentStep(form, session);
    return stepOf(session, form, stored, answered.length);
  }

  return { currentStep };
}
