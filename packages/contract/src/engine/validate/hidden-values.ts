import type { FormSchema } from '../../models/form-schema.js';
import type { ValidationRule } from '../../models/validation-rule.js';
import { codePointLength, isBlank } from '../logic/answer-values.js';
import { type ConditionTarget, compileRawWhen } from '../logic/conditions.js';
import type { ConditionPart } from '../question-types/table.js';
import { ANSWER_LENGTH_LIMITS } from './answer-checks.js';
import { issueFactory } from './issue.js';
import { compileRule, passesRule, type RulePlan } from './rule-checks.js';

type ValueRule = Exclude<ValidationRule, { type: 'required' }>;

/**
 * The checks of hidden fields, run on the answers as read, before visibility: a hidden field's
 * value that is not text, is too long or fails one of its rules is dropped (cleared from `raw`),
 * never reported, so conditions and variables see only values that are kept. Null when the form
 * has no hidden field. The issues of the rules are never shown.
 */
export function hiddenCleaner(
  schema: FormSchema,
  fieldIndex: ReadonlyMap<string, number>,
  targetOf: (id: string, part?: ConditionPart) => ConditionTarget | undefined,
): ((raw: unknown[]) => void) | null {
  const checks: { index: number; cap: number; rules: RulePlan[] }[] = [];
  schema.fields.forEach((field, index) => {
    if (field.type !== 'hidden' || fieldIndex.get(field.id) !== index) return;
    const issue = issueFactory(field.id, 'en');
    const rules: RulePlan[] = [];
    for (const rule of field.validation?.rules ?? []) {
      if (rule.type === 'required') continue;
      const when = rule.when ? compileRawWhen(rule.when, targetOf(rule.when.field, rule.when)) : null;
      const check = compileRule(rule as ValueRule, field, issue, when);
      if (check) rules.push(check);
    }
    checks.push({ index, cap: ANSWER_LENGTH_LIMITS.hidden, rules });
  });
  if (checks.length === 0) return null;
  return (raw) => {
    for (let h = 0; h < checks.length; h++) {
      const { index, cap, rules } = checks[h]!;
      const v = raw[index];
      if (v === undefined) continue;
      if (typeof v !== 'string') {
        raw[index] = undefined;
        continue;
      }
      if (isBlank(v)) continue;
      if (v.length > cap && codePointLength(v) > cap) {
        raw[index] = undefined;
        continue;
      }
      for (let r = 0; r < rules.length; r++) {
        const rule = rules[r]!;
        if (rule.when !== null && !rule.when(raw)) continue;
        if (!passesRule(rule, v)) {
          raw[index] = undefined;
          break;
        }
      }
    }
  };
}
