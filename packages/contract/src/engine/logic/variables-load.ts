import { VARIABLES_CODE, type VariablesCode } from './variables.js';

// Node (and any bundle without the `browser` condition): the variables' code is part of the
// engine, so nothing waits for it. variables-load.browser.ts is the browser's half
// (`#engine/variables`).

/** The variables' code (variables.ts `VARIABLES_CODE`). */
export function variablesCode(): VariablesCode | undefined {
  return VARIABLES_CODE;
}

/** Resolves once the variables' code is there: at once here (see variables-load.browser.ts). */
export function loadVariables(): Promise<void> {
  return Promise.resolve();
}
