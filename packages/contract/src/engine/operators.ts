import type { ConditionOperator } from '../models/conditional-logic.js';
import type { FieldType } from '../models/field-types.js';
import { QUESTION_KINDS } from './question-types/kinds.js';
import { ALL, SCALAR, TEXTUAL } from './rule-types.js';

/**
 * Which condition operators make sense for which target field type. `checkSchema` refuses the
 * others with a message naming the operator and the type; the evaluator relies on it.
 * The semantics of each cell are written down in docs/conditional-logic.md.
 */
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
// Computed with no side effect (`@__PURE__`): a browser bundle whose start reads neither table
// leaves both out (the integrity checks and the builder read them).
export const OPERATOR_TARGET_TYPES: Readonly<Record<ConditionOperator, readonly FieldType[]>> =
  /* @__PURE__ */ (() => {
    const table: Record<string, readonly FieldType[]> = {};
    for (const [operator, types] of Object.entries(ORIGINAL_OPERATOR_TARGET_TYPES))
      table[operator] = withQuestionTypes(operator as ConditionOperator, types);
    return table as Record<ConditionOperator, readonly FieldType[]>;
  })();

/** An operator's original target types, then the question types whose entry names it. */
function withQuestionTypes(
  operator: ConditionOperator,
  original: readonly FieldType[],
): readonly FieldType[] {
  const added = Object.values(QUESTION_KINDS)
    .filter((entry) => entry.operators.includes(operator) && !original.includes(entry.type))
    .map((entry) => entry.type);
  return [...original, ...added];
}

export const WHEN_TARGET_TYPES: readonly FieldType[] = /* @__PURE__ */ withQuestionTypes('equals', SCALAR);

export function operatorAppliesTo(operator: ConditionOperator, type: FieldType): boolean {
  return OPERATOR_TARGET_TYPES[operator].includes(type);
}
