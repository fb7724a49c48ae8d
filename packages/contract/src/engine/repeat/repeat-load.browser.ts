import { loadQuestionTypes } from '#engine/question-types';
import type { RepeatCode } from './repeat.js';

let code: RepeatCode | undefined;
let loading: Promise<void> | undefined;

/** The code of repeating sections, once `loadRepeat()` has answered; `undefined` before. */
export function repeatCode(): RepeatCode | undefined {
  return code;
}

/**
 * A browser bundle leaves the code of repeating sections (repeat.ts) out of its start and loads it
 * here, once, when a form has a repeating section, with the question types' code, which brings
 * the English messages about entries. A runtime waits for it before it compiles such a form.
 */
export function loadRepeat(): Promise<void> {
  loading ??= Promise.all([import('./repeat.js'), loadQuestionTypes()]).then(([repeat]) => {
    code = repeat.REPEAT_CODE;
  });
  return loading;
}
