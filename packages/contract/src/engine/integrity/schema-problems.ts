import type { FormSchema } from '../../models/form-schema.js';
import type { SchemaProblem } from '../types.js';
import { checkConditions, checkRuleConditions } from './conditions.js';
import { checkCycles } from './cycles.js';
import { checkJumps } from './jumps.js';
import { checkNotifications } from './notifications.js';
import { checkOptions } from './options.js';
import type { PatternJudge } from './pattern-syntax.js';
import { checkQuestionTypes } from './question-types.js';
import { checkQuiz } from './quiz.js';
import { checkIds, checkReferences } from './references.js';
import { checkRepeats } from './repeat.js';
import { checkRules } from './rules.js';
import { indexSchema } from './schema-index.js';
import { checkSizeLimits } from './size-limits.js';
import { checkTexts } from './texts.js';
import { checkHiddenAndPrefill, checkVariables } from './variables.js';

/**
 * `checkSchema` with the verdict on `pattern` rules left to the caller, so that a browser editor
 * can check everything else at once and load the ReDoS analysis (recheck, ~700 KB gzipped) only
 * when the schema has a pattern. `patternSafety` answers `undefined` for a pattern it cannot judge
 * yet; no problem is reported for it. With `checkPatternSafety` it is exactly `checkSchema`.
 *
 * @example
 * ```ts
 * const now = checkSchemaWith(schema, (pattern) => {
 *   const syntax = checkPatternSyntax(pattern);
 *   return syntax.ok ? undefined : syntax; // invalid at once; unsafe once recheck has answered
 * });
 * ```
 */
export function checkSchemaWith(schema: FormSchema, patternSafety: PatternJudge): SchemaProblem[] {
  const index = indexSchema(schema);
  return [
    ...checkSizeLimits(schema),
    ...checkIds(schema),
    ...checkReferences(index),
    ...checkOptions(schema),
    ...checkQuestionTypes(schema),
    ...checkConditions(index),
    ...checkRuleConditions(index),
    ...checkRules(index, patternSafety),
    ...checkCycles(index),
    ...checkVariables(index),
    ...checkHiddenAndPrefill(index),
    ...checkTexts(index),
    ...checkNotifications(index),
    ...checkRepeats(index),
    ...checkJumps(schema),
    ...checkQuiz(index),
  ];
}
