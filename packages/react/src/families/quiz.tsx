import type { Field, FormSchema, SubmissionQuiz } from '@formloom/contract';
import { quizAnswerText, quizScoreText, quizTexts } from '@formloom/contract/engine/quiz-texts';
import type { FormRuntime, FormState } from '@formloom/runtime';
import { checkAnswer } from '@formloom/runtime/quiz';
import { useRef, useState } from 'react';

/**
 * A quiz (docs/form-model.md "Quizzes"), loaded only for a form with `settings.quiz`: the "Check
 * answer" button under each choice field of a quiz with feedback after each answer, its mark and
 * feedback (a status; the question is locked once marked), and the marks on the ending with, for
 * feedback at the end, each question's answer, right or not, and its feedback.
 */

export interface QuizCheckProps {
  form: FormRuntime;
  state: FormState;
  field: Field;
  language: string;
}

/** "Right: Yes, Paris." — the mark, then the feedback when there is one. */
const markText = (right: string, feedback: string | undefined) =>
  feedback === undefined || feedback === '' ? right : `${right}: ${feedback}`;

/**
 * Under a choice field: the button that asks for the answer's mark, then the mark. The public
 * form does not say which choice fields are questions: one the server says is not shows nothing.
 */
export function QuizCheck({ form, state, field, language }: QuizCheckProps) {
  const texts = quizTexts(language);
  const status = useRef<HTMLParagraphElement>(null);
  const [asking, setAsking] = useState(false);
  if (state.quiz?.notQuestions.includes(field.id)) return null;
  const mark = state.quiz?.marks[field.id];
  const answer = state.answers[field.id];
  const answered = answer !== undefined && !(Array.isArray(answer) && answer.length === 0);
  return (
    <div className="fl-quiz-check">
      {mark === undefined ? (
        <button
          type="button"
          className="fl-button fl-secondary"
          disabled={!answered || asking}
          onClick={() => {
            setAsking(true);
            void checkAnswer(form, field.id).then((marked) => {
              setAsking(false);
              // The button goes once marked: the focus moves to the mark it made way for.
              if (marked !== undefined) requestAnimationFrame(() => status.current?.focus());
            });
          }}
        >
          {texts.check}
        </button>
      ) : null}
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className={
          mark === undefined ? 'fl-quiz-mark' : `fl-quiz-mark ${mark.correct ? 'fl-right' : 'fl-wrong'}`
        }
      >
        {mark === undefined ? '' : markText(mark.correct ? texts.right : texts.wrong, mark.feedback)}
      </p>
    </div>
  );
}

export interface QuizMarksProps {
  quiz: SubmissionQuiz;
  schema: FormSchema;
  answers: Readonly<Record<string, unknown>>;
  language: string;
  text: (template: string) => string;
}

/** The marks on the ending: the score, passed or not, and with feedback at the end each question. */
export function QuizMarks({ quiz, schema, answers, language, text }: QuizMarksProps) {
  const texts = quizTexts(language);
  const questions = quiz.questions ?? [];
  return (
    <div className="fl-quiz-marks">
      <p className="fl-quiz-score">{quizScoreText(texts, quiz)}</p>
      {questions.length === 0 ? null : (
        <>
          <h3>{texts.answers}</h3>
          <ol className="fl-quiz-questions">
            {questions.map((q) => {
              const field = schema.fields.find((f) => f.id === q.fieldId);
              return (
                <li key={q.fieldId} className={q.correct ? 'fl-right' : 'fl-wrong'}>
                  <p className="fl-quiz-question">{field === undefined ? q.fieldId : text(field.label)}</p>
                  <p>{quizAnswerText(texts, field, answers[q.fieldId])}</p>
                  <p>{markText(q.correct ? texts.right : texts.wrong, q.feedback)}</p>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
