import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  AnswerQuestionBody,
  FinishedSession,
  InterviewStep,
  PublicSmartForm,
  StartedSession,
  StartSessionBody,
} from '@formloom/contract';
import { acceptedLanguages } from '@formloom/contract/engine';
import { generateChecked } from '../../ai/checked.js';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import { detectLanguage } from '../../ai/language.js';
import type { AiProvider } from '../../ai/provider.js';
import { recordUsage } from '../../ai/usage-store.js';
import type { Db, SmartFormQuestionRow, SmartFormRow, SmartFormSessionRow } from '../../db/database.js';
import { fromJson, isoNow } from '../../db/json.js';
import { badRequest, conflict, forbidden, notFound } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import type { Logger } from '../../logger.js';
import { chooseLanguage } from '../../platform/language-choice.js';
import { SESSION_ANALYSIS_JOB } from './analysis-job.js';
import {
  genericQuestion,
  type InterviewInput,
  interviewerTask,
  questionProblem,
} from './interviewer-task.js';
import type { OtpService } from './otp-service.js';
import { createSessionsStore } from './sessions-store.js';
import { createSmartFormsStore } from './smart-forms-store.js';

export interface InterviewServiceDeps {
  db: Db;
  clock: () => Date;
  provider: AiProvider;
  otp: OtpService;
  logger?: Logger;
  /** Longest wait for the model's next question before the generic one stands in (default 20 s). */
  questionTimeoutMs?: number;
  /** The app's AI job wake-up (`WorkSignals.aiJobs`): a finished session's analysis starts at once. */
  aiJobs?: Wake;
}

export const DEFAULT_QUESTION_TIMEOUT_MS = 20_000;

const CLOSING: Readonly<Record<string, string>> = {
  en: 'Thank you for your answers!',
  tr: 'Yanıtlarınız için teşekkür ederiz!',
  es: '¡Gracias por sus respuestas!',
  it: 'Grazie per le sue risposte!',
  de: 'Vielen Dank für Ihre Antworten!',
  nl: 'Bedankt voor uw antwoorden!',
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two hex digests of equal length in constant time. */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The languages of an Accept-Language header, best first: the engine's parser, shared with the form routes. */
export { acceptedLanguages };

/**
 * The respondent's side of a smart form (the public interview routes): start a session, answer,
 * resume, finish. Each next question comes from the provider, validated; an unusable reply is
 * repaired once, then the generic question stands in, so a respondent is never stuck. A finished
 * session queues its analysis job in the transaction that completes it.
 */
export function createInterviewService(deps: InterviewServiceDeps) {
  const { db, clock, provider, otp } = deps;
  const timeoutMs = deps.questionTimeoutMs ?? DEFAULT_QUESTION_TIMEOUT_MS;
  const forms = createSmartFormsStore(db);
  const sessions = createSessionsStore(db);

  async function publishedForm(code: string): Promise<SmartFormRow> {
    const form = await forms.findByShareCode(code);
    if (form === undefined || form.status !== 'published')
      throw notFound('No published smart form under this code');
    return form;
  }

  /** The published smart form a session would start on, and the language it would start in. */
  async function opening(
    code: string,
    body: StartSessionBody,
    context: { acceptLanguage?: string | undefined },
  ): Promise<{ form: SmartFormRow; language: string; detected: boolean }> {
    const form = await publishedForm(code);
    const languages = fromJson<string[]>(form.languages);
    return { form, ...chooseLanguage(languages, body.language, context.acceptLanguage) };
  }

  /** What the token check read for a request, so its handler does not read it again. */
  const checked = new WeakMap<object, { form: SmartFormRow; session: SmartFormSessionRow }>();

  /** The session of a path, whatever the smart form's status (a soft unpublish lets it finish). */
  async function sessionOf(
    code: string,
    sessionId: string,
    request?: object,
  ): Promise<{ form: SmartFormRow; session: SmartFormSessionRow }> {
    const known = request === undefined ? undefined : checked.get(request);
    if (known !== undefined && known.session.id === sessionId && known.form.share_code === code) return known;
    const form = await forms.findByShareCode(code);
    const session = form === undefined ? undefined : await sessions.findOf(form.id, sessionId);
    if (form === undefined || session === undefined)
      throw notFound('No smart form or session under these ids');
    return { form, session };
  }

  function requireActive(session: SmartFormSessionRow): void {
    if (session.status !== 'active') {
      throw conflict(`This interview is ${session.status}: start a new one to answer again`);
    }
  }

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
      deps.logger?.warn(
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

  return {
    async publicSmartForm(code: string): Promise<PublicSmartForm> {
      const form = await publishedForm(code);
      return {
        code,
        title: form.title,
        description: form.description,
        languages: fromJson<string[]>(form.languages),
        maxQuestions: form.max_questions,
        isPrivate: form.is_private === 1,
      };
    },

    async start(
      code: string,
      body: StartSessionBody,
      context: { acceptLanguage?: string | undefined } = {},
    ): Promise<StartedSession> {
      const { form, language, detected } = await opening(code, body, context);
      const token = randomBytes(32).toString('base64url');
      const nowIso = isoNow(clock());
      const session = {
        id: randomUUID(),
        smart_form_id: form.id,
        account_id: form.account_id,
        status: 'active',
        language,
        language_detected: detected ? 1 : 0,
        respondent_email: null as string | null,
        token_hash: hashToken(token),
        question_count: 0,
        answered_count: 0,
        interview_done: 0,
        started_at: nowIso,
        last_activity_at: nowIso,
        completed_at: null,
        duration_ms: null,
        analysis: null,
        analysed_at: null,
        sentiment_label: null,
        sentiment_score: null,
      };
      await db.transaction().execute(async (trx) => {
        if (form.is_private === 1) {
          if (body.verificationToken === undefined) {
            throw forbidden(
              'This smart form is private: verify your email (POST .../otp/request, then .../otp/verify) and send the verificationToken',
            );
          }
          session.respondent_email = await otp.consume(trx, form.id, body.verificationToken);
        }
        await createSessionsStore(trx).insert(session);
      });
      return { ...(await currentStep(form, session)), sessionToken: token };
    },

    /**
     * What starting looks like to a bot that filled the page's honeypot: a session id, token and
     * first question like any other, with nothing stored and no model asked. An unknown code is
     * still a 404.
     */
    async decoyStart(
      code: string,
      body: StartSessionBody,
      context: { acceptLanguage?: string | undefined } = {},
    ): Promise<StartedSession> {
      const { form, language } = await opening(code, body, context);
      return {
        sessionId: randomUUID(),
        question: {
          id: `q1-${randomBytes(4).toString('hex')}`,
          index: 1,
          text: genericQuestion(language, 1, form.max_questions),
          language,
        },
        answeredCount: 0,
        maxQuestions: form.max_questions,
        done: false,
        sessionToken: randomBytes(32).toString('base64url'),
      };
    },

    /** Checks an interview route's `x-session-token` (the auth middleware's verifier). */
    /** `request`: the request being checked; its handler, given the same object, reuses what was read. */
    async verifyToken(code: string, sessionId: string, token: string, request?: object): Promise<void> {
      const found = await sessionOf(code, sessionId);
      const { session } = found;
      if (!sameHash(hashToken(token), session.token_hash)) {
        throw forbidden('Wrong x-session-token for this session');
      }
      if (request !== undefined) checked.set(request, found);
    },

    async next(code: string, sessionId: string, request?: object): Promise<InterviewStep> {
      const { form, session } = await sessionOf(code, sessionId, request);
      requireActive(session);
      return currentStep(form, session);
    },

    /**
     * Stores the answer to the waiting question and asks the next. The same answer sent again (a
     * resend after a lost connection) is stored once and answered with the current step.
     */
    async answer(
      code: string,
      sessionId: string,
      body: AnswerQuestionBody,
      request?: object,
    ): Promise<InterviewStep> {
      const { form, session } = await sessionOf(code, sessionId, request);
      requireActive(session);
      const nowIso = isoNow(clock());
      const stored = await db.transaction().execute(async (trx) => {
        const txSessions = createSessionsStore(trx);
        const question = await txSessions.question(session.id, body.questionId);
        if (question === undefined) {
          throw badRequest(
            `questionId ${body.questionId} is not a question of this interview: GET .../next-question gives the current one`,
          );
        }
        if (question.answer !== null) {
          if (question.answer === body.answer) return false;
          throw conflict(`Question ${question.idx} was already answered; answer the current question`);
        }
        if (!(await txSessions.answer(session.id, question.idx, body.answer, nowIso))) return false;
        // Detected languages are settled by the first answer.
        const settle = session.language_detected === 1 && session.answered_count === 0;
        await txSessions.countAnswer(
          session.id,
          nowIso,
          settle ? detectLanguage(body.answer, 'en') : undefined,
        );
        return true;
      });
      const fresh = stored ? ((await sessions.find(session.id)) ?? session) : session;
      requireActive(fresh);
      return currentStep(form, fresh);
    },

    /** Completes the session and queues its analysis, in one transaction. Finishing twice answers the same. */
    async finish(code: string, sessionId: string, request?: object): Promise<FinishedSession> {
      const { session } = await sessionOf(code, sessionId, request);
      const closing = (s: SmartFormSessionRow): FinishedSession => ({
        sessionId: s.id,
        status: 'completed',
        completedAt: s.completed_at!,
        closingMessage: CLOSING[s.language ?? 'en'] ?? CLOSING.en!,
      });
      if (session.status === 'completed') return closing(session);
      requireActive(session);
      if (session.answered_count === 0)
        throw badRequest('Answer at least one question before finishing the interview');
      const now = clock();
      const nowIso = isoNow(now);
      const finished = await db.transaction().execute(async (trx) => {
        const done = await createSessionsStore(trx).complete(
          session.id,
          nowIso,
          Math.max(0, now.getTime() - Date.parse(session.started_at)),
        );
        if (!done) return false;
        await createJobsStore(trx).insert({
          id: randomUUID(),
          accountId: session.account_id,
          kind: SESSION_ANALYSIS_JOB,
          input: { sessionId: session.id },
          reservationId: null,
          // A respondent finished it: no member or key started the analysis.
          startedBy: null,
          nowIso,
        });
        return true;
      });
      if (finished) deps.aiJobs?.notify();
      const row = (await sessions.find(session.id))!;
      if (row.status !== 'completed') requireActive(row);
      return closing(row);
    },
  };
}

export type InterviewService = ReturnType<typeof createInterviewService>;
