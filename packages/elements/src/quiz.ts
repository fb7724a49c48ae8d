import { quizTexts } from '@formloom/contract/engine/quiz-texts';
import type { FormState } from '@formloom/runtime';
import { checkAnswer, mayBeQuestion, quizFeedbackAfterAnswer } from '@formloom/runtime/quiz';
import type { EntriesHost } from './entries.js';
import { html } from './markup/html.js';
import { ids } from './markup/ids.js';
import { QUIZ_STYLE, quizMarksMarkup, quizMarkText } from './markup/quiz.js';

/**
 * A quiz on `<formloom-form>` (docs/form-model.md "Quizzes"): its own chunk, loaded only for a form
 * with `settings.quiz`. With feedback after each answer, a "Check answer" button under each choice
 * field (the public form does not say which are questions: one the server says is not loses its
 * button), then the mark and feedback in a status, the question locked; on the ending, the marks
 * and, with feedback at the end, each question. It follows the runtime by a subscription of its own.
 */
export function mount(host: EntriesHost): void {
  const { dom, runtime } = host;
  const state = runtime.getState();
  const language = state.language ?? 'en';
  const texts = quizTexts(language);
  const root = dom.byId(ids.form)?.getRootNode();
  if (root instanceof ShadowRoot) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(QUIZ_STYLE);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  const checks = new Map<string, { button: HTMLButtonElement; mark: HTMLElement }>();
  /** Why a question's last check failed, said in its status until it is checked again. */
  const refused = new Map<string, string>();
  if (quizFeedbackAfterAnswer(state)) {
    for (const field of host.fields.values()) {
      const wrapper = dom.byId(ids.wrapper(field.id));
      if (wrapper === null || !mayBeQuestion(state.schema, field.id)) continue;
      wrapper.insertAdjacentHTML(
        'beforeend',
        html`<div class="fl-quiz-check"><button type="button" class="fl-button fl-secondary">${texts.check}</button>
<p class="fl-quiz-mark" role="status" tabindex="-1"></p></div>`.value,
      );
      const box = wrapper.lastElementChild!;
      const button = box.querySelector('button')!;
      const mark = box.querySelector('p')!;
      button.onclick = () => {
        button.disabled = true;
        refused.delete(field.id);
        void checkAnswer(runtime, field.id).then((marked) => {
          // The button goes once marked: the focus moves to the mark it made way for.
          if (marked !== undefined) mark.focus();
          else {
            // A failed call is said where the mark would be; the button stays to try again.
            const { problem } = runtime.getState();
            const said = problem === 'rate_limited' ? host.texts.tooMany : host.texts.networkError;
            if (problem === 'rate_limited' || problem === 'network' || problem === 'server')
              refused.set(field.id, said);
            draw(runtime.getState());
          }
        });
      };
      checks.set(field.id, { button, mark });
      host.parts(box);
    }
  }
  let finished = false;
  const draw = (next: FormState) => {
    for (const [fieldId, { button, mark }] of checks) {
      const given = next.quiz?.marks[fieldId];
      const answer = next.answers[fieldId];
      button.hidden = given !== undefined || next.quiz?.notQuestions.includes(fieldId) === true;
      button.disabled = answer === undefined || (Array.isArray(answer) && answer.length === 0);
      const text =
        given === undefined
          ? (refused.get(fieldId) ?? '')
          : quizMarkText(given.correct, given.feedback, language);
      if (mark.textContent !== text) mark.textContent = text;
      if (given !== undefined) {
        const field = host.fields.get(fieldId)!;
        dom.lock(field);
        dom.write(field, answer);
      }
    }
    const quiz = next.completion?.quiz;
    if (next.status === 'done' && quiz !== undefined && !finished) {
      finished = true;
      dom
        .byId(ids.doneMessage)
        ?.insertAdjacentHTML(
          'afterend',
          quizMarksMarkup(quiz, next.schema!, next.answers, language, (t) => runtime.text(t)).value,
        );
    }
  };
  runtime.subscribe(draw);
  draw(runtime.getState());
}
