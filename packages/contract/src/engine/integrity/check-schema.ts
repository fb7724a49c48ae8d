import type { FormSchema } from '../../models/form-schema.js';
import type { SchemaProblem } from '../types.js';
import { checkConditions, checkRuleConditions } from './conditions.js';
import { checkCycles } from './cycles.js';
import { checkNotifications } from './notifications.js';
import { checkOptions } from './options.js';
import { checkIds, checkReferences } from './references.js';
import { checkRules } from './rules.js';
import { indexSchema } from './schema-index.js';
import { checkSizeLimits } from './size-limits.js';
import { checkTexts } from './texts.js';
import { checkHiddenAndPrefill, checkVariables } from './variables.js';

/**
 * Every integrity problem of a schema that already has the right shape (see `inspectSchema` for
 * unknown input): ids, references, options, operators and values, rules, patterns, visibility
 * cycles and size limits. Pure and synchronous; the browser editor and the server run the same
 * code. An empty array means the schema is sound.
 *
 * @example
 * ```ts
 * const problems = checkSchema(schema);
 * // [{ code: 'unknown_field_reference',
 * //    path: '$.fields[3].conditionalLogic.conditionGroups[0].conditions[0].fieldId',
 * //    message: 'Field "age" has a condition on "agee", which is not a field of this form.' }]
 * ```
 */
export function checkSchema(schema: FormSchema): SchemaProblem[] {
  const index = indexSchema(schema);
  return [
    ...checkSizeLimits(schema),
    ...checkIds(schema),
    ...checkReferences(index),
    ...checkOptions(schema),
    ...checkConditions(index),
    ...checkRuleConditions(index),
    ...checkRules(index),
    ...checkCycles(index),
    ...checkVariables(index),
    ...checkHiddenAndPrefill(index),
    ...checkTexts(index),
    ...checkNotifications(index),
  ];
}
