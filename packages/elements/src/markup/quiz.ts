import type { FormSchema, SubmissionQuiz } from '@formloom/contract';
import { quizAnswerText, quizScoreText, quizTexts } from '@formloom/contract/engine/quiz-texts';
import { html, type SafeHtml } from './html.js';

/**
 * A quiz's marks on the ending (docs/form-model.md "Quizzes"), as markup for `<formloom-form>`'s
 * quiz chunk and the server's completion page alike: the score ("3 of 4 right, 75%"), passed or
 * not, and with feedback at the end each question, the respondent's answer, right or not, and its
 * feedback. Every text is escaped.
 */

/** The rules of the quiz's parts, for the element's shadow root (the server's page has them in its own sheet). */
export const QUIZ_STYLE =
  '.fl-quiz-check{margin-top:.5rem}.fl-quiz-mark:empty{display:none}.fl-quiz-mark{margin:.5rem 0 0;font-weight:600}.fl-quiz-score{font-weight:600}.fl-quiz-questions{padding-left:1.25rem}.fl-quiz-questions p{margin:.25rem 0}';

/** "Right: Yes, Paris." — the mark, then the feedback when there is one. */
export function quizMarkText(right: boolean, feedback: string | undefined, language: string): string {
  const texts = quizTexts(language);
  const mark = right ? texts.right : texts.wrong;
  return feedback === undefined || feedback === '' ? mark : `${mark}: ${feedback}`;
}

/**
 * The marks' markup; `label` gives a question's label as shown (recall filled), `answers` the
 * respondent's answers.
 */
export function quizMarksMarkup(
  quiz: SubmissionQuiz,
  schema: FormSchema,
  answers: Readonly<Record<string, unknown>>,
  language: string,
  label: (template: string) => string = (template) => template,
): SafeHtml {
  const texts = quizTexts(language);
  const questions = quiz.questions ?? [];
  const items = questions.map((q) => {
    const field = schema.fields.find((f) => f.id === q.fieldId);
    return html`<li class="${q.correct ? 'fl-right' : 'fl-wrong'}"><p class="fl-quiz-question">${field === undefined ? q.fieldId : label(field.label)}</p>
<p>${quizAnswerText(texts, field, answers[q.fieldId])}</p>
<p>${quizMarkText(q.correct, q.feedback, language)}</p></li>`;
  });
  return html`<div class="fl-quiz-marks"><p class="fl-quiz-score">${quizScoreText(texts, quiz)}</p>${
    items.length === 0 ? '' : html`<h3>${texts.answers}</h3><ol class="fl-quiz-questions">${items}</ol>`
  }</div>`;
}
