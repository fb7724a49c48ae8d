import { addQuestionTypeMessages } from '../messages/packs.js';
import type { QuestionHooks } from './hooks.js';

let hooks: QuestionHooks | undefined;
let loading: Promise<void> | undefined;

/** The question types' code, once `loadQuestionTypes()` has answered; `undefined` before. */
export function questionHooks(): QuestionHooks | undefined {
  return hooks;
}

/**
 * A browser bundle leaves the question types' code (table.ts: their checks, comparisons, texts
 * and display) out of its start and loads it here, once, when a form uses such a type
 * (`usesQuestionTypes`); a form of the original ten types never loads it. The runtime waits for
 * it before it compiles such a form.
 */
export function loadQuestionTypes(): Promise<void> {
  loading ??= import('./table.js').then((table) => {
    addQuestionTypeMessages(table.enQuestionTypes);
    hooks = table.QUESTION_HOOKS;
  });
  return loading;
}
