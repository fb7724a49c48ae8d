import type { FormSchema } from '@formloom/contract';
import { type CompiledForm, compileForm } from '@formloom/contract/engine';
import { compileLinearPattern } from '@formloom/contract/integrity';

/**
 * `compileForm` as the server runs it: `pattern` rules are tested with RE2JS, in time linear in
 * the answer's length, so a pattern that backtracks catastrophically in a browser's RegExp (one
 * saved before the integrity check refused it, or one the check misjudged) cannot hold the event
 * loop. The integrity check refuses at save what RE2JS cannot run with RegExp's meaning; a stored
 * pattern it cannot compile fails every answer rather than running in a backtracking engine.
 */
export function compileServerForm(schema: FormSchema): CompiledForm {
  return compileForm(schema, { compilePattern: compileLinearPattern });
}
