import type { QuestionHooks } from './hooks.js';
import { QUESTION_HOOKS } from './table.js';

// Node (and any bundle without the `browser` condition): the question types' code is part of the
// engine, so nothing waits for it. load.browser.ts is the browser's half (`#engine/question-types`).

/** The question types' code (hooks.ts). */
export function questionHooks(): QuestionHooks | undefined {
  return QUESTION_HOOKS;
}

/** Resolves once the question types' code is there: at once here (see load.browser.ts). */
export function loadQuestionTypes(): Promise<void> {
  return Promise.resolve();
}
