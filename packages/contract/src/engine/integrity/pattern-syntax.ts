import { SCHEMA_LIMITS } from '../../models/limits.js';

export type PatternSafety = { ok: true } | { ok: false; reason: 'invalid' | 'unsafe'; message: string };

/**
 * A verdict on a `pattern` rule, or `undefined` while it is not known yet (an editor that has not
 * loaded the ReDoS analysis): `checkSchemaWith` then reports nothing for that pattern.
 */
export type PatternJudge = (pattern: string) => PatternSafety | undefined;

const SAFE: PatternSafety = Object.freeze({ ok: true });

/**
 * The cheap half of a pattern's verdict: within the length limit and a valid JS regular
 * expression (no flags). `{ ok: true }` says nothing about backtracking: that is
 * `checkPatternSafety`'s part, which needs recheck.
 *
 * @example
 * ```ts
 * checkPatternSyntax('^\\d{5}$'); // { ok: true }
 * checkPatternSyntax('([a-z]');   // { ok: false, reason: 'invalid', message: '...' }
 * ```
 */
export function checkPatternSyntax(pattern: string): PatternSafety {
  if (pattern.length > SCHEMA_LIMITS.maxPatternLength) {
    return invalid(
      `The pattern /${pattern.slice(0, 30)}.../ is longer than ${SCHEMA_LIMITS.maxPatternLength} characters.`,
    );
  }
  try {
    new RegExp(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return invalid(`The pattern /${pattern}/ is not a valid regular expression (${reason}).`);
  }
  return SAFE;
}

function invalid(message: string): PatternSafety {
  return { ok: false, reason: 'invalid', message };
}
