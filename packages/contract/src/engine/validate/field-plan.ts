import type { ValidationIssue } from '../types.js';
import type { AnswerCheck } from './answer-checks.js';
import type { Issue } from './issue.js';
import type { RequiredCheck, RulePlan } from './rule-checks.js';

/**
 * A field compiled to data, and the small helpers its checks share. Both ways of running a
 * compiled form read these: the loop in compile-form.ts and the generated check in
 * generated-check.ts.
 */

/** How a field's answer is type-checked; the validation loop switches on it. */
export const KIND_TEXT = 0; // text, textarea: a string, capped
export const KIND_EMAIL = 1;
export const KIND_NUMBER = 2;
export const KIND_OPTION = 3; // select, radio
export const KIND_CHECKBOX = 4;
export const KIND_DATE = 5;
export const KIND_OTHER = 6; // file and unknown types: the generic check closure

/**
 * One field, compiled to data. Every field has this shape, so the loop over them reads
 * properties monomorphically and calls nothing for the common types.
 */
export class FieldPlan {
  constructor(
    readonly id: string,
    /** Index in `schema.fields`, which is also the index into the answers read. */
    readonly index: number,
    /** `__proto__` cannot be assigned as a plain property; checkSchema refuses it, this copes anyway. */
    readonly protoKey: boolean,
    readonly kind: number,
    /** Text types: the engine's length cap (Infinity when a maxLength rule takes its place). */
    readonly cap: number,
    /** Select, radio, checkbox: the option values (a Set when there are many). */
    readonly options: readonly string[],
    readonly optionSet: ReadonlySet<string> | null,
    readonly required: RequiredCheck | null,
    /** The issue for an answer of the wrong type. */
    readonly typeIssue: Issue,
    /** The second issue of the type check: not an option, not an email, a duplicate option. */
    readonly valueIssue: Issue,
    /** Text types: too long. Checkbox: a duplicate option. */
    readonly extraIssue: Issue,
    /** KIND_OTHER only: the type check (returns the normalised value or an `Issue`). */
    readonly check: AnswerCheck | null,
    readonly rules: readonly RulePlan[],
  ) {}
}

/** Is `v` one of the field's options? A scan for short lists (cheaper than hashing), a Set beyond. */
export function isOption(field: FieldPlan, v: string): boolean {
  const set = field.optionSet;
  if (set !== null) return set.has(v);
  const options = field.options;
  for (let i = 0; i < options.length; i++) if (options[i] === v) return true;
  return false;
}

/** An empty answer that is not a string: missing, null, or an empty array. */
export function isEmptyNonString(v: unknown): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0);
}

/**
 * An empty plain object in V8's dictionary mode, for a normalised value. Values hold a different
 * subset of the fields nearly every time, so a fast-mode object would walk (and keep growing) a
 * tree of hidden classes, one transition per key, through megamorphic stores; a dictionary takes
 * each key as a hash insert. Deleting a property that is not the last one is what puts an object
 * in dictionary mode; it stays an ordinary object in every other respect (prototype, key order).
 */
export function valueObject(): Record<string, unknown> {
  const value: Record<string, unknown> = { a: undefined, b: undefined };
  delete value.a;
  delete value.b;
  return value;
}

/** Sets an answer on a value object as a plain own property, `__proto__` included. */
export function defineAnswer(value: object, key: string, answer: unknown): void {
  Object.defineProperty(value, key, { value: answer, enumerable: true, writable: true, configurable: true });
}

export function append(list: ValidationIssue[] | undefined, issue: ValidationIssue): ValidationIssue[] {
  if (!list) return [issue];
  list.push(issue);
  return list;
}

/** A checkbox answer's issue: an entry that is not an option, or a repeated one; else null. */
export function checkboxIssue(field: FieldPlan, a: readonly unknown[]): Issue | null {
  // Distinct options bound the quadratic duplicate scan to options² / 2 steps.
  for (let i = 0; i < a.length; i++) {
    const x: unknown = a[i];
    if (typeof x !== 'string' || !isOption(field, x)) return field.valueIssue;
    for (let j = 0; j < i; j++) if (a[j] === x) return field.extraIssue;
  }
  return null;
}
