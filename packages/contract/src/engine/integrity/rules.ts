import type { Field, FieldType } from '../../models/field.js';
import type { RuleWhen, ValidationRule } from '../../models/validation-rule.js';
import { RULE_FIELD_TYPES } from '../rule-types.js';
import type { SchemaProblem } from '../types.js';
import { type PathSegment, problem } from './paths.js';
import type { PatternJudge } from './pattern-syntax.js';
import type { SchemaIndex } from './schema-index.js';
import { formatValue } from './values.js';

type Bound = Extract<ValidationRule, { type: 'min' | 'max' | 'minLength' | 'maxLength' }>;

/**
 * Validation rules: applicable to the field's type, not repeated, bounds in order, patterns that
 * compile and cannot backtrack catastrophically (as `patternSafety` judges them; a pattern it has no
 * verdict for yet is passed over). `when` references are checked in references.ts and conditions.ts.
 */
export function checkRules(index: SchemaIndex, patternSafety: PatternJudge): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  index.schema.fields.forEach((field, i) => {
    const rules = field.validation?.rules ?? [];
    const rulePath = (r: number): PathSegment[] => ['fields', i, 'validation', 'rules', r];
    const firstByKey = new Map<string, number>();

    rules.forEach((rule, r) => {
      const applies: readonly FieldType[] = RULE_FIELD_TYPES[rule.type];
      if (!applies.includes(field.type)) {
        problems.push(
          problem(
            'rule_not_applicable',
            [...rulePath(r), 'type'],
            `Field "${field.id}" is a ${field.type} field; a "${rule.type}" rule applies only to ${applies.join(', ')} fields.`,
          ),
        );
      } else if (
        (rule.type === 'minLength' || rule.type === 'maxLength') &&
        (field.type === 'select' || field.type === 'picture_choice') &&
        field.multiple !== true
      ) {
        problems.push(
          problem(
            'rule_not_applicable',
            [...rulePath(r), 'type'],
            `Field "${field.id}" allows one choice; a "${rule.type}" rule counts choices and needs "multiple": true.`,
          ),
        );
      }

      // Same type and same `when` means one rule shadows the other; different `when`s are how a
      // field gets, say, a different minimum per country, so they are kept.
      const key = `${rule.type} ${whenKey(rule.when)}`;
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, r);
      else {
        problems.push(
          problem(
            'duplicate_rule',
            rulePath(r),
            `Field "${field.id}" has two "${rule.type}" rules${rule.when ? ' with the same "when"' : ''} (rules[${first}] and rules[${r}]); keep one.`,
          ),
        );
      }

      if (rule.type === 'pattern') {
        const safety = patternSafety(rule.value);
        if (safety !== undefined && !safety.ok) {
          const code = safety.reason === 'invalid' ? 'invalid_pattern' : 'unsafe_pattern';
          problems.push(problem(code, [...rulePath(r), 'value'], `Field "${field.id}": ${safety.message}`));
        }
      }
    });

    problems.push(...checkBounds(field, rules, rulePath, 'min', 'max'));
    problems.push(...checkBounds(field, rules, rulePath, 'minLength', 'maxLength'));
  });
  return problems;
}

/**
 * A lower bound above an upper bound that can apply at the same time: both unconditional, one
 * unconditional, or both under the same `when`. Bounds under different `when`s may never meet.
 */
function checkBounds(
  field: Field,
  rules: readonly ValidationRule[],
  rulePath: (r: number) => PathSegment[],
  lowType: 'min' | 'minLength',
  highType: 'max' | 'maxLength',
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const withIndex = rules.map((rule, r) => ({ rule, r }));
  const lows = withIndex.filter((x): x is { rule: Bound; r: number } => x.rule.type === lowType);
  const highs = withIndex.filter((x): x is { rule: Bound; r: number } => x.rule.type === highType);
  for (const low of lows) {
    for (const high of highs) {
      if (low.rule.value <= high.rule.value) continue;
      const lowWhen = whenKey(low.rule.when);
      const highWhen = whenKey(high.rule.when);
      if (lowWhen !== '' && highWhen !== '' && lowWhen !== highWhen) continue;
      problems.push(
        problem(
          'min_above_max',
          [...rulePath(low.r), 'value'],
          `Field "${field.id}": ${lowType} ${low.rule.value} (rules[${low.r}]) is above ${highType} ${high.rule.value} (rules[${high.r}]), so no answer can pass. Lower ${lowType} or raise ${highType}.`,
        ),
      );
    }
  }
  return problems;
}

/** '' for an unconditional rule; otherwise a key equal for equal conditions. */
function whenKey(when: RuleWhen | undefined): string {
  if (!when) return '';
  // "any" is the default: only "all" makes another condition.
  const field = when.entry === 'all' ? `${when.field} in every entry` : when.field;
  return 'equals' in when
    ? `${field} equals ${formatValue(when.equals)}`
    : `${field} notEquals ${formatValue(when.notEquals)}`;
}
