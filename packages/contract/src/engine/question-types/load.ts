import type { QuestionHooks } from './hooks.js';
import { PHONE_NUMBERING } from './phone.js';
import { setPhoneNumbering } from './phone-numbering.js';
import { QUESTION_HOOKS } from './table.js';

// Node (and any bundle without the `browser` condition): the question types' code and the phone
// numbering are part of the engine, so nothing waits for them. load.browser.ts is the browser's
// half (`#engine/question-types`).
setPhoneNumbering(PHONE_NUMBERING);

/** The question types' code (hooks.ts). */
export function questionHooks(): QuestionHooks | undefined {
  return QUESTION_HOOKS;
}

/** Resolves once the question types' code is there: at once here (see load.browser.ts). */
export function loadQuestionTypes(_needs?: QuestionTypeNeeds): Promise<void> {
  return Promise.resolve();
}

/** What of the question types' code a form needs besides the table (`phone`: the numbering plans). */
export interface QuestionTypeNeeds {
  readonly phone?: boolean | undefined;
}
