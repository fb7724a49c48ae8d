import {
  markQuiz,
  type QuizResult,
  type SubmissionQuiz,
  type SubmitResponseResult,
} from '@formloom/contract';
import { type CompiledForm, endingScreen } from '@formloom/contract/engine';
import type { ResponseRow } from '../../db/database.js';
import { fromJson, toJson } from '../../db/json.js';

/** What answering a stored submission again reads of its row. */
export type StoredSubmission = Pick<
  ResponseRow,
  'id' | 'submitted_at' | 'ending_id' | 'language' | 'answers' | 'variables' | 'quiz'
>;

/**
 * A quiz's marks (`settings.quiz`; undefined for other forms), each question asked marked, with
 * its feedback in the form's language. `form` is the compiled form in the respondent's language;
 * `answers` the stored (validated) answers, whose visibility says which questions were asked.
 */
export function quizMarks(
  form: CompiledForm,
  answers: Readonly<Record<string, unknown>>,
): SubmissionQuiz | undefined {
  if (form.schema.settings?.quiz === undefined) return undefined;
  return markQuiz(form.schema, answers, form.visibility(answers).hiddenFields, true);
}

/** The marks a submission answers: each question only with feedback at the end. */
export function answeredQuiz(
  form: CompiledForm,
  marks: SubmissionQuiz | undefined,
): SubmissionQuiz | undefined {
  if (marks === undefined) return undefined;
  const { questions, ...numbers } = marks;
  return form.schema.settings?.quiz?.feedback === 'at-end'
    ? { ...numbers, questions: questions ?? [] }
    : numbers;
}

/**
 * The marks a response stores: the numbers, and which questions were asked and answered right
 * (the figures' share of right answers per question reads them; reads show the numbers only).
 */
export function storedQuiz(marks: SubmissionQuiz | undefined): string | null {
  if (marks === undefined) return null;
  const questions = marks.questions ?? [];
  const asked = questions.map((q) => q.fieldId);
  const right = questions.filter((q) => q.correct).map((q) => q.fieldId);
  return toJson({ ...quizNumbers(marks), asked, right });
}

/** The numbers of a quiz's marks, as a response's reads and its webhook event show them. */
export function quizNumbers({ correct, total, score, passed }: QuizResult): QuizResult {
  return { correct, total, score, passed };
}

/** The marks of a stored response as reads show them. */
export function readQuiz(text: string): QuizResult {
  return quizNumbers(fromJson<QuizResult>(text));
}

/**
 * The answer to a stored submission, for the submission itself and for whatever answers it again
 * (a retry under its idempotency key, a partial completed by it). `formIn` gives the compiled form
 * in a language (the respondent's, as stored).
 */
export function submissionResult(
  row: StoredSubmission,
  formIn: (language: string | null) => CompiledForm,
): SubmitResponseResult {
  const endingId = row.ending_id ?? null;
  const answers = fromJson<Record<string, unknown>>(row.answers);
  const variables = row.variables === null ? {} : fromJson<Record<string, number | string>>(row.variables);
  const form = formIn(row.language);
  // The marks as stored (the form may have changed since); the questions' feedback as it reads now.
  const marks = row.quiz === null ? undefined : answeredQuiz(form, quizMarks(form, answers));
  const quiz = marks === undefined ? undefined : { ...marks, ...readQuiz(row.quiz!) };
  return {
    responseId: row.id,
    submittedAt: row.submitted_at,
    endingId,
    ending: endingScreen(form.schema, endingId, { answers, variables }),
    ...(quiz === undefined ? {} : { quiz }),
  };
}
