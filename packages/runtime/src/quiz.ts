/**
 * `@formloom/runtime/quiz`: a quiz's feedback after each answer (docs/form-model.md "Quizzes"),
 * through a runtime in remote mode. `checkAnswer` asks the server to mark a question's answer,
 * keeps the attempt the server answers (the submission sends it as `quizAttempt`), records the
 * mark in `state.quiz` and locks the question (`state.locked`: its answer no longer changes).
 * Kept apart from the runtime so that a renderer loads it only for a quiz.
 *
 * ```ts
 * if (quizFeedbackAfterAnswer(form.getState())) await checkAnswer(form, 'france');
 * form.getState().quiz?.marks.france; // { correct: true, feedback: 'Yes, Paris.' }
 * ```
 */
import type { FormSchema, QuizFeedbackResult } from '@formloom/contract';
import type { quizFeedback } from '@formloom/contract/public-routes';
import type { PartialHost } from './partials.js';
import type { FormRuntime, FormState, QuizMark, QuizState } from './runtime.js';

/** Whether the form is a quiz whose questions are marked after each answer. */
export function quizFeedbackAfterAnswer(state: Pick<FormState, 'schema'>): boolean {
  return state.schema?.settings?.quiz?.feedback === 'after-answer';
}

/**
 * The fields that may be quiz questions: the choice fields (the public form does not say which
 * have a right answer; the server answers 400 for the others, and `state.quiz.notQuestions` then
 * names them).
 */
export function mayBeQuestion(schema: FormSchema | undefined, fieldId: string): boolean {
  const field = schema?.fields.find((f) => f.id === fieldId);
  return ['select', 'radio', 'checkbox', 'picture_choice'].includes(field?.type ?? '');
}

/** Whether every value of this answer is one of the field's options (what the route takes). */
function ofOptions(state: FormState, fieldId: string, answer: unknown): boolean {
  const field = state.schema?.fields.find((f) => f.id === fieldId);
  const values = new Set(field?.options?.map((o) => o.value));
  const given = Array.isArray(answer) ? answer : [answer];
  return given.length > 0 && given.every((v) => values.has(v as string));
}

/**
 * The feedback route, as the contract's table has it (its type holds the two equal), written
 * out: importing the table would put it in a chunk of its own that every form's start then loads.
 */
const FEEDBACK_ROUTE: typeof quizFeedback = { method: 'POST', path: '/v1/public/forms/:code/feedback' };

/** Marks run one after the other per form: the first one's attempt is the one the next sends. */
const queues = new WeakMap<PartialHost, Promise<unknown>>();

async function ask(host: PartialHost, fieldId: string): Promise<QuizMark | undefined> {
  const state = host.state();
  const answer = state.answers[fieldId];
  if (state.status !== 'ready' || state.locked.has(fieldId) || !ofOptions(state, fieldId, answer)) return;
  const before: QuizState = state.quiz ?? { marks: {}, notQuestions: [] };
  const result = await host.transport.call<QuizFeedbackResult>(FEEDBACK_ROUTE, {
    // The feedback in the language the form is shown in, not the browser's.
    headers: { 'content-type': 'application/json', 'accept-language': state.language ?? '' },
    body: JSON.stringify({ fieldId, answer, attempt: before.attempt }),
  });
  if (!result.ok) {
    // A 400 for an answer of its options: the field is not a question (the public form does not
    // say which choice fields are), and a renderer stops offering to check it.
    if (result.status === 400) {
      host.emit({ quiz: { ...before, notQuestions: [...before.notQuestions, fieldId] } });
    } else host.emit({ problem: result.problem, retryAfter: result.retryAfter });
    return;
  }
  const { attempt, correct, feedback } = result.data;
  const mark: QuizMark = feedback === undefined ? { correct } : { correct, feedback };
  const now = host.state();
  host.emit({
    // The server keeps the answer it marked: the question shows that one, and no other from now on.
    ...host.answer({ ...now.answers, [fieldId]: answer }),
    locked: new Set([...now.locked, fieldId]),
    quiz: { attempt, marks: { ...before.marks, [fieldId]: mark }, notQuestions: before.notQuestions },
    // The submission sends the attempt: the server stores each question's marked answer.
    sends: { ...now.sends, quizAttempt: attempt },
    problem: undefined,
  });
  return mark;
}

/**
 * Marks the question's current answer on the server and locks the question. Resolves to the
 * mark, else undefined: a local form, no answer of its options, a field that is not a question,
 * or a failed call (`state.problem` says why).
 */
export function checkAnswer(form: FormRuntime, fieldId: string): Promise<QuizMark | undefined> {
  const host = form.host;
  if (host === undefined) return Promise.resolve(undefined);
  const next = (queues.get(host) ?? Promise.resolve()).then(() => ask(host, fieldId));
  queues.set(
    host,
    next.catch(() => undefined),
  );
  return next;
}
