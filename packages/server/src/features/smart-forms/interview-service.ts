import { randomBytes, randomUUID } from 'node:crypto';
import type {
  AnswerQuestionBody,
  FinishedSession,
  InterviewStep,
  PublicSmartForm,
  StartedSession,
  StartSessionBody,
} from '@formloom/contract';
import { acceptedLanguages } from '@formloom/contract/engine';
import { createJobsStore } from '../../ai/jobs/jobs-store.js';
import { detectLanguage } from '../../ai/language.js';
import type { AiProvider } from '../../ai/provider.js';
import type { Db, SmartFormSessionRow } from '../../db/database.js';
import { fromJson, isoNow } from '../../db/json.js';
import { badRequest, conflict, forbidden } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import type { Logger } from '../../logger.js';
import { SESSION_ANALYSIS_JOB } from './analysis-job.js';
import { createInterviewAccess, hashToken } from './interview-access.js';
import { createInterviewQuestions } from './interview-questions.js';
import { genericQuestion } from './interviewer-task.js';
import type { OtpService } from './otp-service.js';
import { createSessionsStore, newSessionRow } from './sessions-store.js';

export { DEFAULT_QUESTION_TIMEOUT_MS } from './interview-questions.js';

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

const CLOSING: Readonly<Record<string, string>> = {
  en: 'Thank you for your answers!',
  tr: 'Yanıtlarınız için teşekkür ederiz!',
  es: '¡Gracias por sus respuestas!',
  it: 'Grazie per le sue risposte!',
  de: 'Vielen Dank für Ihre Antworten!',
  nl: 'Bedankt voor uw antwoorden!',
};

/** The languages of an Accept-Language header, best first: the engine's parser, shared with the form routes. */
export { acceptedLanguages };

/**
 * The respondent's side of a smart form (the public interview routes): start a session, answer,
 * resume, finish, put together from its parts: interview-access.ts (the form behind a code, the
 * session and its token) and interview-questions.ts (the next question, from the provider with the
 * generic one standing in). A finished session queues its analysis job in the transaction that
 * completes it.
 */
export function createInterviewService(deps: InterviewServiceDeps) {
  const { db, clock, provider, otp } = deps;
  const sessions = createSessionsStore(db);
  const { publishedForm, opening, sessionOf, requireActive, verifyToken } = createInterviewAccess({ db });
  const { currentStep } = createInterviewQuestions({
    db,
    clock,
    provider,
    logger: deps.logger,
    questionTimeoutMs: deps.questionTimeoutMs,
  });

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
      const session = newSessionRow({ form, language, detected, tokenHash: hashToken(token), nowIso });
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

    verifyToken,

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
