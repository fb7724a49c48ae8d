import type { VariablesCode } from './variables.js';

let code: VariablesCode | undefined;
let loading: Promise<void> | undefined;

/** The variables' code, once `loadVariables()` has answered; `undefined` before. */
export function variablesCode(): VariablesCode | undefined {
  return code;
}

/**
 * A browser bundle leaves the variables' code (variables.ts and the expression compiler) out of
 * its start and loads it here, once, when a form has variables; a form without them never loads
 * it. The runtime waits for it before it compiles such a form.
 */
export function loadVariables(): Promise<void> {
  loading ??= import('./variables.js').then((variables) => {
    code = variables.VARIABLES_CODE;
  });
  return loading;
}
