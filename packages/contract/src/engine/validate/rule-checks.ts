import type { Field } from '../../models/field.js';
import type { ValidationRule } from '../../models/validation-rule.js';
import { longerThan, shorterThan } from '../logic/answer-values.js';
import type { CompiledCondition } from '../logic/conditions.js';
import { RULE_FIELD_TYPES } from '../operators.js';
import type { Issue, IssueFactory } from './issue.js';

/**
 * One compiled rule other than `required`: takes the normalised, non-empty answer and returns the
 * rule's issue when it fails. `raw` and `hidden` are there for the rule's `when`.
 */
// biome-ignore lint/suspicious/noExplicitAny: the value's type is fixed by the field type the rule was compiled for
export type RuleCheck = (value: any, raw: readonly unknown[], hidden: Uint8Array) => Issue | undefined;

type ValueRule = Exclude<ValidationRule, { type: 'required' }>;

function ruleIssue(rule: ValueRule, field: Field, issue: IssueFactory): Issue {
  const custom = rule.message;
  const isCheckbox = field.type === 'checkbox';
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

/** The unconditional check of a rule, one closure per rule, its issue captured. */
function ruleCheck(rule: ValueRule, field: Field, failed: Issue): RuleCheck {
  switch (rule.type) {
    case 'minLength': {
      const min = rule.value;
      return field.type === 'checkbox'
        ? (v: readonly string[]) => (v.length >= min ? undefined : failed)
        : (v: string) => (shorterThan(v, min) ? failed : undefined);
    }
    case 'maxLength': {
      const max = rule.value;
      return field.type === 'checkbox'
        ? (v: readonly string[]) => (v.length <= max ? undefined : failed)
        : (v: string) => (longerThan(v, max) ? failed : undefined);
    }
    case 'min': {
      const min = rule.value;
      return (v: number) => (v >= min ? undefined : failed);
    }
    case 'max': {
      const max = rule.value;
      return (v: number) => (v <= max ? undefined : failed);
    }
    case 'pattern': {
      let re: RegExp;
      try {
        re = new RegExp(rule.value);
      } catch {
        // checkSchema refuses invalid patterns; should one get here, no answer satisfies it.
        return () => failed;
      }
      return (v: string) => (re.test(v) ? undefined : failed);
    }
  }
}

/**
 * Compiles a rule other than `required` (see `compileRequired`). A rule on a field type it does not
 * apply to (which `checkSchema` refuses) compiles to null and is ignored.
 */
export function compileRule(
  rule: ValueRule,
  field: Field,
  issue: IssueFactory,
  when: CompiledCondition | null,
): RuleCheck | null {
  const types: readonly string[] = RULE_FIELD_TYPES[rule.type];
  if (!types.includes(field.type)) return null;
  const check = ruleCheck(rule, field, ruleIssue(rule, field, issue));
  if (when === null) return check;
  return (v, raw, hidden) => (when(raw, hidden) ? check(v, raw, hidden) : undefined);
}

/** Decides whether an empty answer is an error, and which. */
export type RequiredCheck = (raw: readonly unknown[], hidden: Uint8Array) => Issue | undefined;

/**
 * `field.required` and `required` rules together. The first `required` rule whose `when` holds
 * gives the message (its own or the default); else `field.required` gives the default.
 */
export function compileRequired(
  field: Field,
  rules: readonly { rule: Extract<ValidationRule, { type: 'required' }>; when: CompiledCondition | null }[],
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
  return (raw, hidden) => {
    for (let i = 0; i < byRule.length; i++) {
      const r = byRule[i]!;
      if (r.when === null || r.when(raw, hidden)) return r.failed;
    }
    return always;
  };
}
