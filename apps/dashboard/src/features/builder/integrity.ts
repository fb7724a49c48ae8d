import type { FormSchema } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import {
  checkPatternSyntax,
  checkSchemaWith,
  type PatternSafety,
  schemaWarnings,
} from '@formloom/contract/integrity/core';

/**
 * The builder's integrity check, a chunk of its own. Everything but the ReDoS analysis of
 * `pattern` rules runs at once; that analysis (recheck, ~700 KB gzipped) is loaded only when a
 * schema has a pattern, and then judges each pattern string once (`checkPatternSafety` keeps its
 * verdicts in a bounded least-recently-used map).
 */
export interface IntegrityNow {
  problems: SchemaProblem[];
  /** What does not refuse the form but is likely a mistake (a page no path reaches). */
  warnings: SchemaProblem[];
  /** Patterns that compile but whose ReDoS verdict waits for `loadPatternSafety`. */
  pending: string[];
}

let patternSafety: ((pattern: string) => PatternSafety) | undefined;
let loading: Promise<void> | undefined;

export function checkIntegrity(schema: FormSchema): IntegrityNow {
  const warnings = schemaWarnings(schema);
  if (patternSafety !== undefined)
    return { problems: checkSchemaWith(schema, patternSafety), warnings, pending: [] };
  const pending = new Set<string>();
  const problems = checkSchemaWith(schema, (pattern) => {
    // An invalid pattern is reported at once; a valid one waits for the ReDoS verdict.
    const syntax = checkPatternSyntax(pattern);
    if (!syntax.ok) return syntax;
    pending.add(pattern);
    return undefined;
  });
  return { problems, warnings, pending: [...pending] };
}

/** Loads the ReDoS analysis once; after it resolves, `checkIntegrity` judges patterns too. */
export function loadPatternSafety(): Promise<void> {
  loading ??= import('@formloom/contract/integrity/pattern-safety').then(
    (m) => {
      patternSafety = m.checkPatternSafety;
    },
    (error: unknown) => {
      loading = undefined; // a later call tries again
      throw error;
    },
  );
  return loading;
}
