import type { ConditionOperator } from '../models/conditional-logic.js';
import { FIELD_TYPES, type FieldType, TEXT_FIELD_TYPES } from '../models/field-types.js';
import { QUESTION_KINDS } from './question-types/kinds.js';

/**
 * Which condition operators make sense for which target field type. `checkSchema` refuses the
 * others with a message naming the operator and the type; the evaluator relies on it.
 * The semantics of each cell are written down in docs/conditional-logic.md.
 */
const TEXTUAL: readonly FieldType[] = TEXT_FIELD_TYPES;
const SCALAR: readonly FieldType[] = [...TEXTUAL, 'number', 'select', 'radio', 'date'];
const ALL: readonly FieldType[] = FIELD_TYPES;

const ORIGINAL_OPERATOR_TARGET_TYPES: Readonly<Record<ConditionOperator, readonly FieldType[]>> = {
  equals: SCALAR,
  notEquals: SCALAR,
  // A select with `multiple` is answered, and compared, as a checkbox.
  contains: [...TEXTUAL, 'checkbox', 'select'],
  notContains: [...TEXTUAL, 'checkbox', 'select'],
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
  isChecked: ['checkbox', 'select'],
  isNotChecked: ['checkbox', 'select'],
};

/**
 * The original types' operators, and each question type's from its entry (docs/conditional-logic.md).
 * Per field, what applies is narrower: a select's `contains` needs `multiple`, a matrix's value
 * operators a `row` (see `comparedAs`); `checkSchema` checks both.
 */
export const OPERATOR_TARGET_TYPES: Readonly<Record<ConditionOperator, readonly FieldType[]>> = (() => {
  const table: Record<string, FieldType[]> = {};
  for (const [operator, types] of Object.entries(ORIGINAL_OPERATOR_TARGET_TYPES))
    table[operator] = [...types];
  for (const entry of Object.values(QUESTION_KINDS)) {
    for (const operator of entry.operators)
      if (!table[operator]!.includes(entry.type)) table[operator]!.push(entry.type);
  }
  return table as Record<ConditionOperator, readonly FieldType[]>;
})();

/** Types a validation rule's `when` may name: it compares with equals / notEquals (a matrix names a row, a ranking a rank). */
export const WHEN_TARGET_TYPES: readonly FieldType[] = OPERATOR_TARGET_TYPES.equals;

const ruleTypes = (
  rule: 'min' | 'max' | 'minLength' | 'maxLength',
  original: readonly FieldType[],
): readonly FieldType[] => [
  ...original,
  ...Object.values(QUESTION_KINDS)
    .filter((e) => e.rules.includes(rule))
    .map((e) => e.type),
];

/** Which validation rules apply to which field types. `required` applies to every type. */
export const RULE_FIELD_TYPES = {
  required: ALL,
  // On choices they count the options chosen: checkbox, and select / picture choice with `multiple`.
  minLength: ruleTypes('minLength', [...TEXTUAL, 'checkbox', 'select']),
  maxLength: ruleTypes('maxLength', [...TEXTUAL, 'checkbox', 'select']),
  min: ruleTypes('min', ['number']),
  max: ruleTypes('max', ['number']),
  pattern: TEXTUAL,
} satisfies Record<string, readonly FieldType[]>;

export function operatorAppliesTo(operator: ConditionOperator, type: FieldType): boolean {
  return OPERATOR_TARGET_TYPES[operator].includes(type);
}
