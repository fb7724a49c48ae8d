import { REPEAT_CODE, type RepeatCode } from './repeat.js';

// Node (and any bundle without the `browser` condition): the code of repeating sections is part
// of the engine. repeat-load.browser.ts is the browser's half (`#engine/repeat`).

/** The code of repeating sections (repeat.ts `REPEAT_CODE`). */
export function repeatCode(): RepeatCode | undefined {
  return REPEAT_CODE;
}

/** Resolves once the code of repeating sections is there: at once here (see repeat-load.browser.ts). */
export function loadRepeat(): Promise<void> {
  return Promise.resolve();
}
