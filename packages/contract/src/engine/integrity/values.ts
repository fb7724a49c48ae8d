import { questionHooks } from '#engine/question-types';
import type { ConditionValue, ValueOperator } from '../../models/conditional-logic.js';
import type { Field } from '../../models/field.js';
import { isCalendarDate } from '../logic/answer-values.js';
import { quoteList } from './paths.js';

const NUMERIC_OPERATORS: ReadonlySet<ValueOperator> = new Set([
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
]);
const DATE_OPERATORS: ReadonlySet<ValueOperator> = new Set(['before', 'after']);

/** Plain decimals only: `1e3`, `0x10` or `" 5"` would parse in JS but read as typos to a person. */
const NUMERIC_STRING = /^-?\d+(?:\.\d+)?$/;

export function isNumericValue(value: ConditionValue): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}

// The format checkSchema accepts for a date value: no surrounding blanks, offsets as `+hh:mm`.
// Whether the day and time exist is the engine's own `isCalendarDate`, so both agree on that.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An ISO 8601 calendar date (`2024-02-29`) or date-time (`2024-02-29T13:45`, seconds, fraction
 * and offset optional) that names a real day and time; `2023-02-29` is refused.
 */
export function isIsoDate(value: unknown): boolean {
  return typeof value === 'string' && ISO_DATE.test(value) && isCalendarDate(value);
}

/**
 * Why `value` cannot be compared with the answer of `target` by `operator`, or null when it can.
 * The operator is assumed to apply to the target's type (that is checked, and reported, first).
 * Shared by conditions and by validation rules' `when` (which compares with equals/notEquals).
 *
 * @example
 * ```ts
 * describeValueMismatch('greaterThan', 'ten', ageField); // 'needs a number, such as 18 or "18"'
 * describeValueMismatch('equals', 'pro', planField);     // null when "pro" is an option value
 * ```
 */
export function describeValueMismatch(
  operator: ValueOperator,
  value: ConditionValue,
  target: Field,
): string | null {
  const comparesEquality = operator === 'equals' || operator === 'notEquals';
  if (typeof value === 'boolean' && !comparesEquality) {
    return 'is true or false, which only "equals" and "notEquals" can compare';
  }
  if (NUMERIC_OPERATORS.has(operator) || (comparesEquality && target.type === 'number')) {
    return isNumericValue(value) ? null : 'needs a number, such as 18 or "18"';
  }
  // Read through the question types' code (the integrity checks run where it is loaded), so
  // that this module, which shares a browser's start with recall, carries none of it.
  const point =
    target.type === 'time' || target.type === 'datetime'
      ? questionHooks()?.comparedAs(target).point
      : undefined;
  if (point !== undefined) {
    if (!Number.isNaN(point(value))) return null;
    return target.type === 'time'
      ? 'needs a time of day such as "09:30"'
      : 'needs a date and time with its offset, such as "2026-12-01T09:30:00+01:00"';
  }
  // A phone's value is compared as its E.164 form, so it must be a number (nationally written
  // ones read in the field's default country).
  const stored =
    comparesEquality && target.type === 'phone' ? questionHooks()?.comparedAs(target).stored : undefined;
  if (stored !== undefined && stored(value) === undefined) {
    return 'needs a phone number, such as "+4930123456" (or a national number of the default country)';
  }
  if (DATE_OPERATORS.has(operator) || (comparesEquality && target.type === 'date')) {
    return isIsoDate(value)
      ? null
      : 'needs an ISO 8601 date such as "2024-12-31" (or a date-time such as "2024-12-31T18:00:00Z")';
  }
  const choosesOption =
    (comparesEquality && (target.type === 'select' || target.type === 'radio')) ||
    ((operator === 'contains' || operator === 'notContains') && target.type === 'checkbox');
  if (choosesOption && target.options && target.options.length > 0) {
    // Strict: answers are option value strings, so 1 never equals "1" and the condition would never hold.
    const values = target.options.map((o) => o.value);
    if (typeof value === 'string' && values.includes(value)) return null;
    return `must be one of the option values of "${target.id}": ${quoteList(values)}`;
  }
  return null;
}

export function formatValue(value: ConditionValue): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}
