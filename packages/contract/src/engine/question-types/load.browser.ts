import { addQuestionTypeMessages } from '../messages/packs.js';
import type { QuestionHooks } from './hooks.js';
import type { QuestionTypeNeeds } from './load.js';
import { setPhoneNumbering } from './phone-numbering.js';

export type { QuestionTypeNeeds } from './load.js';

let hooks: QuestionHooks | undefined;
let loading: Promise<void> | undefined;
let phoneLoading: Promise<void> | undefined;

/** The question types' code, once `loadQuestionTypes()` has answered; `undefined` before. */
export function questionHooks(): QuestionHooks | undefined {
  return hooks;
}

/**
 * A browser bundle leaves the question types' code (table.ts: their checks, comparisons, texts
 * and display) out of its start and loads it here, once, when a form uses such a type
 * (`usesQuestionTypes`); a form of the original ten types never loads it. The phone numbering
 * (phone.ts, the largest part) is a chunk of its own, loaded only with `{phone: true}` (a form with
 * a phone field: `usesPhone`). The runtime waits for both before it compiles such a form.
 */
export function loadQuestionTypes(needs?: QuestionTypeNeeds): Promise<void> {
  loading ??= import('./table.js').then((table) => {
    addQuestionTypeMessages(table.enQuestionTypes);
    hooks = table.QUESTION_HOOKS;
  });
  if (needs?.phone !== true) return loading;
  phoneLoading ??= Promise.all([loading, import('./phone.js')]).then(([, phone]) => {
    setPhoneNumbering(phone.PHONE_NUMBERING);
  });
  return phoneLoading;
}
