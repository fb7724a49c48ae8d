import type { Field } from '../../models/field.js';
import { isTextFieldType } from '../../models/field-types.js';
import type { ValidationRule } from '../../models/validation-rule.js';
import { longerThan, shorterThan } from '../logic/answer-values.js';
import type { RawCondition } from '../logic/conditions.js';
import { isMultipleChoice } from '../question-types/basics.js';
import { RULE_FIELD_TYPES } from '../rule-types.js';
import type { Issue, IssueFactory } from './issue.js';

type ValueRule = Exclude<ValidationRule, { type: 'required' }>;

/** What a compiled rule tests; the validation loop switches on it (no call per rule). */
export const RULE_MIN_LENGTH = 0;
export const RULE_MAX_LENGTH = 1;
export const RULE_MIN_ITEMS = 2;
export const RULE_MAX_ITEMS = 3;
export const RULE_MIN = 4;
export const RULE_MAX = 5;
export const RULE_PATTERN = 6;
/** A pattern that does not compile (`checkSchema` refuses it): no answer satisfies it. */
export const RULE_FAIL = 7;

/** What a `pattern` rule is tested with: a `RegExp`, or an engine a server supplies (`CompileOptions`). */
export interface PatternMatcher {
  /** Whether the pattern matches some part of `input`, as `RegExp.prototype.test`. */
  test(input: string): boolean;
}

/** Compiles a `pattern` rule's source; throws when it cannot. */
export type PatternCompiler = (source: string) => PatternMatcher;

/** The default: JavaScript's own engine, what a browser runs. */
export const compileRegExp: PatternCompiler = (source) => new RegExp(source);

/**
 * One compiled rule other than `required`, as data: the test, its bound or pattern, its issue
 * (message resolved once), and its `when` (null: always applies). Every rule has the same shape,
 * so the loop that reads them stays monomorphic.
 */
export class RulePlan {
  constructor(
    readonly op: number,
    readonly bound: number,
    readonly pattern: PatternMatcher | null,
    readonly issue: Issue,
    readonly when: RawCondition | null,
  ) {}
}

/**
 * Does a normalised, non-empty answer pass a rule (ignoring its `when`)? The value's type is the
 * one the field type's check produces: a string, a number or an array of strings.
 */
export function passesRule(rule: RulePlan, value: unknown): boolean {
  switch (rule.op) {
    case RULE_MIN_LENGTH:
      return !shorterThan(value as string, rule.bound);
    case RULE_MAX_LENGTH:
      return !longerThan(value as string, rule.bound);
    case RULE_MIN_ITEMS:
      return (value as readonly unknown[]).length >= rule.bound;
    case RULE_MAX_ITEMS:
      return (value as readonly unknown[]).length <= rule.bound;
    case RULE_MIN:
      return (value as number) >= rule.bound;
    case RULE_MAX:
      return (value as number) <= rule.bound;
    case RULE_PATTERN:
      return rule.pattern!.test(value as string);
    default:
      return false;
  }
}

function ruleIssue(rule: ValueRule, field: Field, issue: IssueFactory): Issue {
  const custom = rule.message;
  const isCheckbox = isMultipleChoice(field);
  switch (rule.type) {
    case 'minLength':
      return issue('minLength', isCheckbox ? 'minSelected' : 'minLength', { min: rule.value }, custom);
    case 'maxLength':
      return issue('maxLength', isCheckbox ? 'maxSelected' : 'maxLength', { max: rule.value }, custom);
    case 'min':
      return issue('min', 'min', { min: rule.value }, custom);
    case 'max':
      return issue('max', 'max', { max: rule.value }, custom);
    default:
      return issue(rule.type, 'pattern', {}, custom);
  }
}

/**
 * Compiles a rule other than `required` (see `compileRequired`), a `pattern` with `compilePattern`.
 * A rule on a field type it does not apply to (which `checkSchema` refuses) compiles to null and is
 * ignored.
 */
export function compileRule(
  rule: ValueRule,
  field: Field,
  issue: IssueFactory,
  when: RawCondition | null,
  compilePattern: PatternCompiler = compileRegExp,
): RulePlan | null {
  const types: readonly string[] = RULE_FIELD_TYPES[rule.type];
  if (!types.includes(field.type)) return null;
  const isCheckbox = isMultipleChoice(field);
  // A length rule on a single choice (checkSchema refuses it) has nothing to count; a url counts
  // characters as text does.
  const textual = isTextFieldType(field.type) || field.type === 'url';
  if ((rule.type === 'minLength' || rule.type === 'maxLength') && !isCheckbox && !textual) return null;
  const failed = ruleIssue(rule, field, issue);
  switch (rule.type) {
    case 'minLength':
      return new RulePlan(isCheckbox ? RULE_MIN_ITEMS : RULE_MIN_LENGTH, rule.value, null, failed, when);
    case 'maxLength':
      return new RulePlan(isCheckbox ? RULE_MAX_ITEMS : RULE_MAX_LENGTH, rule.value, null, failed, when);
    case 'min':
      return new RulePlan(RULE_MIN, rule.value, null, failed, when);
    case 'max':
      return new RulePlan(RULE_MAX, rule.value, null, failed, when);
    case 'pattern': {
      let re: PatternMatcher;
      try {
        re = compilePattern(rule.value);
      } catch {
        // checkSchema refuses patterns that do not compile (the server's engine included); should
        // one get here (stored before that check), no answer satisfies it: refused, never run.
        return new RulePlan(RULE_FAIL, 0, null, failed, when);
      }
      return new RulePlan(RULE_PATTERN, 0, re, failed, when);
    }
    default:
      return null;
  }
}

/** Decides whether an empty answer is an error, and which. */
export type RequiredCheck = (raw: readonly unknown[]) => Issue | undefined;

/**
 * `field.required` and `required` rules together. The first `required` rule whose `when` holds
 * gives the message (its own or the default); else `field.required` gives the default.
 */
export function compileRequired(
  field: Field,
  rules: readonly { rule: Extract<ValidationRule, { type: 'required' }>; when: RawCondition | null }[],
  issue: IssueFactory,
): RequiredCheck | null {
  const always = field.required === true ? issue('required', 'required') : undefined;
  const byRule = rules.map(({ rule, when }) => ({
    when,
    failed: issue('required', 'required', {}, rule.message),
  }));
  const first = byRule[0];
  if (first === undefined) return always ? () => always : null;
  if (first.when === null) return () => first.failed;
  return (raw) => {
    for (let i = 0; i < byRule.length; i++) {
      const r = byRule[i]!;
      if (r.when === null || r.when(raw)) return r.failed;
    }
    return always;
  };
}
