import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { SubmissionQuiz } from '../../models/response.js';
import { chosen, isQuizQuestion, isRightAnswer } from './expressions.js';

/*
 * Quizzes (docs/form-model.md "Quizzes"): a choice field with at least one `correct` option is a
 * question; an answer is right when it chose exactly the correct options (one of them for a
 * single choice). The server marks answers with these functions, at submission and for feedback
 * after each answer; a public form carries no `correct` flag, so nothing here can mark in a
 * browser.
 */

/** The quiz's questions in schema order. */
export function quizQuestions(schema: Pick<FormSchema, 'fields'>): Field[] {
  return schema.fields.filter(isQuizQuestion);
}

/** The feedback of the options an answer chose, in option order, one paragraph each; undefined when none has any. */
export function answerFeedback(field: Pick<Field, 'options'>, answer: unknown): string | undefined {
  const picked = new Set(chosen(answer));
  const texts = (field.options ?? [])
    .filter((o) => picked.has(o.value) && o.feedback !== undefined)
    .map((o) => o.feedback!);
  return texts.length === 0 ? undefined : texts.join('\n\n');
}

/**
 * The marks of a response: the questions not hidden (a question on a skipped page or hidden by
 * its conditions is not asked, so it does not count), how many were answered right, the share in
 * percent, and whether it reached `settings.quiz.passScore` (null without one). With `questions`,
 * each question's mark and its feedback for the ending (`at-end`). `schema` is the form in the
 * respondent's language, so the feedback is too.
 *
 * ```ts
 * markQuiz(schema, { capital: 'paris', primes: ['2'] }, new Set()); // { correct: 1, total: 2, score: 50, passed: false }
 * ```
 */
export function markQuiz(
  schema: Pick<FormSchema, 'fields' | 'settings'>,
  answers: Readonly<Record<string, unknown>>,
  hiddenFields: ReadonlySet<string>,
  withQuestions = false,
): SubmissionQuiz {
  let correct = 0;
  let total = 0;
  const questions: NonNullable<SubmissionQuiz['questions']> = [];
  for (const field of quizQuestions(schema)) {
    if (hiddenFields.has(field.id)) continue;
    total++;
    const answer = Object.hasOwn(answers, field.id) ? answers[field.id] : undefined;
    const right = isRightAnswer(field, answer);
    if (right) correct++;
    if (withQuestions) {
      const feedback = answerFeedback(field, answer);
      questions.push({ fieldId: field.id, correct: right, ...(feedback === undefined ? {} : { feedback }) });
    }
  }
  const score = total === 0 ? 0 : Math.round((100 * correct) / total);
  const passScore = schema.settings?.quiz?.passScore;
  return {
    correct,
    total,
    score,
    passed: passScore === undefined ? null : score >= passScore,
    ...(withQuestions ? { questions } : {}),
  };
}

/**
 * The public form's schema: no option's `correct` or `feedback` (nor feedback's translations),
 * so a respondent cannot read the answers from the page.
 */
export function withoutQuizAnswers(schema: FormSchema): FormSchema {
  const marked = schema.fields.some((f) =>
    f.options?.some((o) => o.correct !== undefined || o.feedback !== undefined),
  );
  if (!marked) return schema;
  const fields = schema.fields.map((field) =>
    field.options?.some((o) => o.correct !== undefined || o.feedback !== undefined)
      ? { ...field, options: field.options.map(({ correct: _c, feedback: _f, ...option }) => option) }
      : field,
  );
  const feedbackKeys = schema.fields
    .filter((f) => f.options?.some((o) => o.feedback !== undefined))
    .map((f) => `fields.${f.id}.feedback.`);
  const translations =
    schema.translations &&
    Object.fromEntries(
      Object.entries(schema.translations).map(([language, table]) => [
        language,
        Object.fromEntries(
          Object.entries(table).filter(([key]) => !feedbackKeys.some((k) => key.startsWith(k))),
        ),
      ]),
    );
  return { ...schema, fields, ...(translations ? { translations } : {}) };
}
