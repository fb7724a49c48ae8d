import type { FormSchema } from '../../models/form-schema.js';
import type { SchemaProblem } from '../types.js';
import { checkPatternSafety } from './regex-safety.js';
import { checkSchemaWith } from './schema-problems.js';

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
  return checkSchemaWith(schema, checkPatternSafety);
}
