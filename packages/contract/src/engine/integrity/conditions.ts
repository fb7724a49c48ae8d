import { VALUELESS_OPERATORS, type ValueOperator } from '../../models/conditional-logic.js';
import { OPERATOR_TARGET_TYPES, operatorAppliesTo, WHEN_TARGET_TYPES } from '../operators.js';
import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';
import { comparedField, conditionPartProblems } from './question-types.js';
import { conditionTarget, describeOwner, type SchemaIndex, variableAsField } from './schema-index.js';
import { describeValueMismatch, formatValue } from './values.js';

const VALUELESS: ReadonlySet<string> = new Set(VALUELESS_OPERATORS);

/**
 * Operators and values of every condition whose target resolves: the operator must apply to the
 * target's type, take a value exactly when it needs one, and the value must be comparable.
 */
export function checkConditions(index: SchemaIndex): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const site of index.conditions) {
    const target = conditionTarget(index, site);
    if (!target) continue;
    const { operator, value } = site.condition;
    const subject = `${describeOwner(site.owner)} has a condition "${target.id} ${operator}"`;
    if (!operatorAppliesTo(operator, target.type)) {
      problems.push(
        problem(
          'operator_not_applicable',
          [...site.path, 'operator'],
          `${subject}, but "${target.id}" is a ${target.type} field and "${operator}" applies only to ` +
            `${OPERATOR_TARGET_TYPES[operator].join(', ')} fields.`,
        ),
      );
      continue;
    }
    const partProblems = conditionPartProblems(target, site.condition, operator, site.path, subject);
    if (partProblems.length > 0) {
      problems.push(...partProblems);
      continue;
    }
    const valuePath = [...site.path, 'value'];
    if (VALUELESS.has(operator)) {
      if (value !== undefined) {
        problems.push(
          problem('value_not_allowed', valuePath, `${subject}, which takes no value; remove "value".`),
        );
      }
      continue;
    }
    if (value === undefined) {
      problems.push(
        problem('value_required', valuePath, `${subject}, which needs a value to compare with; add "value".`),
      );
      continue;
    }
    const mismatch = describeValueMismatch(
      operator as ValueOperator,
      value,
      comparedField(target, site.condition),
    );
    if (mismatch) {
      problems.push(
        problem(
          'value_type_mismatch',
          valuePath,
          `${subject} with the value ${formatValue(value)}, which ${mismatch}.`,
        ),
      );
    }
  }
  return problems;
}

/** A rule's `when` compares another field with equals/notEquals, so it obeys the same typing. */
export function checkRuleConditions(index: SchemaIndex): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  index.schema.fields.forEach((field, i) => {
    field.validation?.rules.forEach((rule, r) => {
      const when = rule.when;
      if (!when || when.field === field.id) return;
      const target = index.fields.get(when.field) ?? variableAsField(index, when.field);
      if (!target) return;
      const path = ['fields', i, 'validation', 'rules', r, 'when'];
      const subject = `Field "${field.id}" has a "${rule.type}" rule that depends on "${target.id}"`;
      if (!WHEN_TARGET_TYPES.includes(target.type)) {
        problems.push(
          problem(
            'operator_not_applicable',
            [...path, 'field'],
            `${subject}, a ${target.type} field; "when" can only name ${WHEN_TARGET_TYPES.join(', ')} fields.`,
          ),
        );
        return;
      }
      const [operator, value] =
        'equals' in when ? (['equals', when.equals] as const) : (['notEquals', when.notEquals] as const);
      const partProblems = conditionPartProblems(target, when, operator, path, subject);
      if (partProblems.length > 0) {
        problems.push(...partProblems);
        return;
      }
      const mismatch = describeValueMismatch(operator, value, comparedField(target, when));
      if (mismatch) {
        problems.push(
          problem(
            'value_type_mismatch',
            [...path, operator],
            `${subject} with "${operator}" ${formatValue(value)}, which ${mismatch}.`,
          ),
        );
      }
    });
  });
  return problems;
}
