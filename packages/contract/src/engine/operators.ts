import type { ConditionOperator } from '../models/conditional-logic.js';
import { FIELD_TYPES, type FieldType, TEXT_FIELD_TYPES } from '../models/field-types.js';

/**
 * Which condition operators make sense for which target field type. `checkSchema` refuses the
 * others with a message naming the operator and the type; the evaluator relies on it.
 * The semantics of each cell are written down in docs/conditional-logic.md.
 */
const TEXTUAL: readonly FieldType[] = TEXT_FIELD_TYPES;
const SCALAR: readonly FieldType[] = [...TEXTUAL, 'number', 'select', 'radio', 'date'];
const ALL: readonly FieldType[] = FIELD_TYPES;

export const OPERATOR_TARGET_TYPES: Readonly<Record<ConditionOperator, readonly FieldType[]>> = {
  equals: SCALAR,
  notEquals: SCALAR,
  contains: [...TEXTUAL, 'checkbox'],
  notContains: [...TEXTUAL, 'checkbox'],
  startsWith: TEXTUAL,
  endsWith: TEXTUAL,
  greaterThan: ['number'],
  lessThan: ['number'],
  greaterThanOrEqual: ['number'],
  lessThanOrEqual: ['number'],
  before: ['date'],
  after: ['date'],
  isEmpty: ALL,
  isNotEmpty: ALL,
  isChecked: ['checkbox'],
  isNotChecked: ['checkbox'],
};

/** Types a validation rule's `when` may name: it compares with equals / notEquals. */
export const WHEN_TARGET_TYPES: readonly FieldType[] = SCALAR;

/** Which validation rules apply to which field types. `required` applies to every type. */
export const RULE_FIELD_TYPES = {
  required: ALL,
  minLength: [...TEXTUAL, 'checkbox'],
  maxLength: [...TEXTUAL, 'checkbox'],
  min: ['number'],
  max: ['number'],
  pattern: TEXTUAL,
} as const satisfies Record<string, readonly FieldType[]>;

export function operatorAppliesTo(operator: ConditionOperator, type: FieldType): boolean {
  return OPERATOR_TARGET_TYPES[operator].includes(type);
}
