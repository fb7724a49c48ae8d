import type { ConditionOperator, ConditionValue } from '../../models/conditional-logic.js';
import { type FieldType, isTextFieldType } from '../../models/field-types.js';
import type { RuleWhen } from '../../models/validation-rule.js';
import { calendarDay, isBlank, isEmptyAnswer, toNumber, trimmed } from './answer-values.js';

/**
 * A compiled condition. `raw` holds the submitted answers by field index (schema.fields order);
 * `hidden[i] === 1` marks a hidden field, which every condition reads as empty.
 */
export type CompiledCondition = (raw: readonly unknown[], hidden: Uint8Array) => boolean;

/**
 * The field a condition looks at; `undefined` when the id names no field (reads as empty). `type`
 * is the type the answer compares as and `read` the part compared (a matrix row, a ranking's
 * place), both from the question-type table's `comparedAs`.
 */
export interface ConditionTarget {
  readonly index: number;
  readonly type: FieldType;
  readonly read?: ((answer: unknown) => unknown) | undefined;
  /** The type's own test of an operator, when it has one (time, datetime: as points on one line). */
  readonly test?:
    | ((operator: ConditionOperator, value: ConditionValue | undefined) => Test | undefined)
    | undefined;
}

export type Test = (answer: unknown) => boolean;

const never: Test = () => false;

/** The negated operators are exactly the negation of their positive twin, empty answers included. */
const NEGATION: Partial<Record<ConditionOperator, ConditionOperator>> = {
  notEquals: 'equals',
  notContains: 'contains',
  isNotEmpty: 'isEmpty',
  isNotChecked: 'isChecked',
};

/** A condition value read as text: booleans compare as `'true'` / `'false'`. */
function asText(value: ConditionValue): string {
  return typeof value === 'string' ? value : String(value);
}

/** What a textual operator reads from an answer: emails are compared trimmed, as they are stored. */
function textReader(type: FieldType): (s: string) => string {
  return type === 'email' ? trimmed : (s) => s;
}

function equalsTest(type: FieldType, value: ConditionValue): Test {
  switch (type) {
    case 'text':
    case 'textarea':
    case 'hidden':
    case 'email':
    case 'select':
    case 'radio': {
      const expected = asText(value);
      // An answer equal to a blank value would be empty, and empty never equals.
      if (isBlank(expected)) return never;
      if (type === 'email') return (a) => typeof a === 'string' && trimmed(a) === expected;
      return (a) => a === expected;
    }
    case 'number': {
      const expected = typeof value === 'boolean' ? Number.NaN : toNumber(value);
      if (Number.isNaN(expected)) return never;
      return (a) => toNumber(a) === expected;
    }
    case 'date': {
      const expected = calendarDay(value);
      if (Number.isNaN(expected)) return never;
      return (a) => calendarDay(a) === expected;
    }
    default:
      return never;
  }
}

function textTest(
  type: FieldType,
  value: ConditionValue,
  test: (answer: string, needle: string) => boolean,
): Test {
  const needle = asText(value).toLowerCase();
  const read = textReader(type);
  return (a) => typeof a === 'string' && !isBlank(a) && test(read(a).toLowerCase(), needle);
}

function numberTest(value: ConditionValue, test: (answer: number, expected: number) => boolean): Test {
  const expected = typeof value === 'boolean' ? Number.NaN : toNumber(value);
  if (Number.isNaN(expected)) return never;
  // toNumber gives NaN for an empty or non-numeric answer, and every comparison with NaN is false.
  return (a) => test(toNumber(a), expected);
}

function dateTest(value: ConditionValue, test: (answer: number, expected: number) => boolean): Test {
  const expected = calendarDay(value);
  if (Number.isNaN(expected)) return never;
  return (a) => test(calendarDay(a), expected);
}

/** The positive test of an operator on a target type; `never` where the pair does not apply. */
function positiveTest(operator: ConditionOperator, type: FieldType, value: ConditionValue | undefined): Test {
  switch (operator) {
    case 'isEmpty':
      return isEmptyAnswer;
    case 'isChecked':
      return type === 'checkbox' ? (a) => Array.isArray(a) && a.length > 0 : never;
    default:
      break;
  }
  if (value === undefined) return never;
  switch (operator) {
    case 'equals':
      return equalsTest(type, value);
    case 'contains': {
      if (type === 'checkbox') {
        const option = asText(value);
        return (a) => Array.isArray(a) && a.includes(option);
      }
      return isTextFieldType(type) ? textTest(type, value, (a, n) => a.includes(n)) : never;
    }
    case 'startsWith':
      return isTextFieldType(type) ? textTest(type, value, (a, n) => a.startsWith(n)) : never;
    case 'endsWith':
      return isTextFieldType(type) ? textTest(type, value, (a, n) => a.endsWith(n)) : never;
    case 'greaterThan':
      return type === 'number' ? numberTest(value, (a, e) => a > e) : never;
    case 'lessThan':
      return type === 'number' ? numberTest(value, (a, e) => a < e) : never;
    case 'greaterThanOrEqual':
      return type === 'number' ? numberTest(value, (a, e) => a >= e) : never;
    case 'lessThanOrEqual':
      return type === 'number' ? numberTest(value, (a, e) => a <= e) : never;
    case 'before':
      return type === 'date' ? dateTest(value, (a, e) => a < e) : never;
    case 'after':
      return type === 'date' ? dateTest(value, (a, e) => a > e) : never;
    default:
      return never;
  }
}

/** The target type's own test of the operator, else the test of the type it compares as. */
function targetTest(
  operator: ConditionOperator,
  target: ConditionTarget,
  value: ConditionValue | undefined,
): Test {
  return target.test?.(operator, value) ?? positiveTest(operator, target.type, value);
}

/** The test applied to the part of the answer the target reads (a matrix row, a ranked place). */
function partTest(test: Test, target: ConditionTarget): Test {
  const read = target.read;
  if (read === undefined || test === never) return test;
  return (a) => test(a === undefined ? undefined : read(a));
}

/**
 * Compiles one condition into a closure, with its value parsed once (numbers, calendar days,
 * lower-cased needles). Pairs `checkSchema` refuses (an operator on a type it does not apply to)
 * compile to "never matches" (and their negations to "always"), so nothing here throws.
 *
 * ```ts
 * const adult = compileCondition('greaterThanOrEqual', 18, { index: 0, type: 'number' });
 * adult(['21'], new Uint8Array(1)); // true
 * ```
 */
export function compileCondition(
  operator: ConditionOperator,
  value: ConditionValue | undefined,
  target: ConditionTarget | undefined,
): CompiledCondition {
  const negated = NEGATION[operator];
  const base = negated ?? operator;
  if (!target) {
    // An id that names no field reads as empty: isEmpty holds, equals does not, and so on.
    const onEmpty = positiveTest(base, 'text', value)(undefined);
    const result = negated ? !onEmpty : onEmpty;
    return () => result;
  }
  const test = partTest(targetTest(base, target, value), target);
  const t = target.index;
  if (negated) return (raw, hidden) => !test(hidden[t] === 1 ? undefined : raw[t]);
  return (raw, hidden) => test(hidden[t] === 1 ? undefined : raw[t]);
}

/**
 * A validation rule's `when` (`{field, equals}` or `{field, notEquals}`), with exactly the
 * semantics of the `equals` / `notEquals` operators; a hidden `when` field reads as empty.
 */
export function compileWhen(when: RuleWhen, target: ConditionTarget | undefined): CompiledCondition {
  return 'equals' in when
    ? compileCondition('equals', when.equals, target)
    : compileCondition('notEquals', when.notEquals, target);
}

/**
 * A compiled condition for the engine's own scratch arrays, where a hidden field has already been
 * cleared from `raw` (so it reads as empty without a second array). Same semantics as
 * `compileCondition`.
 */
export type RawCondition = (raw: readonly unknown[]) => boolean;

const alwaysRaw: RawCondition = () => true;
const neverRaw: RawCondition = () => false;

/**
 * The common shapes with the target index and the comparison folded into one closure, so
 * evaluating a condition is a single call; anything else goes through the generic test.
 */
function specialised(base: ConditionOperator, type: FieldType, value: ConditionValue | undefined, t: number) {
  if (base === 'isEmpty') return (raw: readonly unknown[]) => isEmptyAnswer(raw[t]);
  if (value === undefined) return null;
  if (
    base === 'equals' &&
    (type === 'text' || type === 'textarea' || type === 'hidden' || type === 'select' || type === 'radio')
  ) {
    const expected = asText(value);
    if (isBlank(expected)) return neverRaw;
    return (raw: readonly unknown[]) => raw[t] === expected;
  }
  if (base === 'contains' && type === 'checkbox') {
    const option = asText(value);
    return (raw: readonly unknown[]) => {
      const a = raw[t];
      if (!Array.isArray(a)) return false;
      for (let i = 0; i < a.length; i++) if (a[i] === option) return true;
      return false;
    };
  }
  if (type === 'number' && typeof value !== 'boolean') {
    const e = toNumber(value);
    if (Number.isNaN(e)) return null;
    switch (base) {
      case 'equals':
        return (raw: readonly unknown[]) => toNumber(raw[t]) === e;
      case 'greaterThan':
        return (raw: readonly unknown[]) => toNumber(raw[t]) > e;
      case 'lessThan':
        return (raw: readonly unknown[]) => toNumber(raw[t]) < e;
      case 'greaterThanOrEqual':
        return (raw: readonly unknown[]) => toNumber(raw[t]) >= e;
      case 'lessThanOrEqual':
        return (raw: readonly unknown[]) => toNumber(raw[t]) <= e;
      default:
        return null;
    }
  }
  return null;
}

/** `compileCondition` for arrays in which hidden fields are already cleared (see `RawCondition`). */
export function compileRawCondition(
  operator: ConditionOperator,
  value: ConditionValue | undefined,
  target: ConditionTarget | undefined,
): RawCondition {
  const negated = NEGATION[operator];
  const base = negated ?? operator;
  if (!target) {
    const onEmpty = positiveTest(base, 'text', value)(undefined);
    return (negated ? !onEmpty : onEmpty) ? alwaysRaw : neverRaw;
  }
  const t = target.index;
  const fast =
    target.read === undefined && target.test === undefined ? specialised(base, target.type, value, t) : null;
  if (fast === neverRaw) return negated ? alwaysRaw : neverRaw;
  if (fast !== null) return negated ? (raw) => !fast(raw) : fast;
  const test = partTest(targetTest(base, target, value), target);
  if (test === never) return negated ? alwaysRaw : neverRaw;
  if (negated) return (raw) => !test(raw[t]);
  return (raw) => test(raw[t]);
}

/** `compileWhen` for arrays in which hidden fields are already cleared (see `RawCondition`). */
export function compileRawWhen(when: RuleWhen, target: ConditionTarget | undefined): RawCondition {
  return 'equals' in when
    ? compileRawCondition('equals', when.equals, target)
    : compileRawCondition('notEquals', when.notEquals, target);
}
