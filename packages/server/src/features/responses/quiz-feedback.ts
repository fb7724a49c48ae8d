import { randomBytes } from 'node:crypto';
import {
  answerFeedback,
  isQuizQuestion,
  isRightAnswer,
  type QuizFeedbackBody,
  type QuizFeedbackResult,
} from '@formloom/contract';
import { type LanguageRequest, pickLanguage } from '@formloom/contract/engine';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, conflict, tooManyRequests } from '../../domain-errors.js';
import { formClosed } from '../../platform/form-errors.js';
import { schemaOf } from '../../platform/form-schema.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import type { CompiledForms } from './compiled-forms.js';
import type { PublicForms } from './public-forms.js';
import { createQuizAttemptsStore } from './quiz-attempts-store.js';

/** How long an attempt keeps its marked answers: a quiz is taken in one sitting, or within a day. */
const ATTEMPT_HOURS = 24;

/**
 * Marks asked of one form: per address (a respondent marks each question once, a class behind one
 * address a few hundred times an hour) and per form (a script spreading over addresses). Guessing
 * a question's answer by asking takes a new attempt per guess, so these bound the guesses.
 */
export const FEEDBACK_LIMITS = {
  perAddress: { limit: 300, windowMs: 60 * 60_000 },
  perForm: { limit: 5_000, windowMs: 60 * 60_000 },
};

export interface QuizFeedbackDeps {
  db: Db;
  clock: () => Date;
  compiled: CompiledForms;
  forms: Pick<PublicForms, 'publicForm'>;
  limits?: typeof FEEDBACK_LIMITS;
}

/** Deletes the attempts past their time (the hourly chores). */
export function purgeExpiredQuizAttempts(db: Db, now: Date = new Date()): Promise<number> {
  return createQuizAttemptsStore(db).purgeExpired(isoNow(now));
}

/**
 * The feedback route: marks one answer of a quiz with feedback after each answer, in the
 * respondent's language, and keeps it in the attempt so that the question stays answered so.
 */
export function createQuizFeedback({
  db,
  clock,
  compiled,
  forms,
  limits = FEEDBACK_LIMITS,
}: QuizFeedbackDeps) {
  const limiter = createLimiter({ db, clock });
  const attempts = createQuizAttemptsStore(db);

  async function limit(formId: string, address: string): Promise<void> {
    const taken = await limiter.consumeAll([
      { key: `quiz:${formId}:${address}`, rule: limits.perAddress },
      { key: `quiz:${formId}`, rule: limits.perForm },
    ]);
    const refused = taken.answers.find((a) => !a.allowed);
    if (!taken.allowed && refused !== undefined) {
      throw tooManyRequests(
        `Too many answers marked for this form; retry in ${refused.retryAfterSeconds} s`,
        rateLimitInfo(refused, 'FEEDBACK_LIMIT'),
      );
    }
  }

  return {
    async feedback(
      code: string,
      body: QuizFeedbackBody,
      respondent: { address: string; language: LanguageRequest },
    ): Promise<QuizFeedbackResult> {
      const form = await forms.publicForm(code);
      if (form.publish_status !== 'PUBLISHED') throw formClosed();
      const base = schemaOf(form);
      if (base.settings?.quiz?.feedback !== 'after-answer') {
        throw conflict(
          'This form gives no feedback after each answer (settings.quiz.feedback is not "after-answer")',
        );
      }
      await limit(form.id, respondent.address);
      const schema = compiled.get(form, pickLanguage(base, respondent.language)).schema;
      const field = schema.fields.find((f) => f.id === body.fieldId);
      if (field === undefined || !isQuizQuestion(field)) {
        throw badRequest(`"${body.fieldId}" is not a quiz question of this form`);
      }
      const values = new Set(field.options!.map((o) => o.value));
      const given = Array.isArray(body.answer) ? body.answer : [body.answer];
      if (given.length === 0 || given.some((v) => !values.has(v))) {
        throw badRequest(`The answer to "${field.id}" must be one or more of its option values`);
      }
      const now = clock();
      const nowIso = isoNow(now);
      const kept =
        body.attempt === undefined
          ? undefined
          : await attempts.keep(form.id, body.attempt, nowIso, field.id, body.answer);
      // An unknown or expired attempt starts a new one, as a first call does.
      let attempt = body.attempt!;
      if (kept === undefined) {
        attempt = randomBytes(24).toString('base64url');
        const expiresAt = isoNow(new Date(now.getTime() + ATTEMPT_HOURS * 3_600_000));
        await attempts.create(form.id, attempt, { [field.id]: body.answer }, nowIso, expiresAt);
      }
      const answer = kept?.answer ?? body.answer;
      const locked = kept?.locked ?? false;
      const feedback = answerFeedback(field, answer);
      return {
        correct: isRightAnswer(field, answer),
        ...(feedback === undefined ? {} : { feedback }),
        attempt,
        locked,
      };
    },
  };
}

export type QuizFeedback = ReturnType<typeof createQuizFeedback>;
