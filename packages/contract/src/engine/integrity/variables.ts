import { SCHEMA_LIMITS } from '../../models/limits.js';
import { inspectExpression, isQuizQuestion } from '../logic/expressions.js';
import { scoredItems } from '../question-types/table.js';
import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';
import { RESERVED_IDS } from './references.js';
import type { SchemaIndex } from './schema-index.js';

/**
 * Variables (docs/form-model.md): ids unique among variables and fields, expressions that are JSON
 * Logic with only the allowed operations (logic/expressions.ts) and at most
 * `SCHEMA_LIMITS.maxExpressionNodes` operations, `var` naming a field or a variable, `score` naming
 * a select, radio or checkbox field. Cycles are reported with visibility cycles (cycles.ts).
 */
export function checkVariables(index: SchemaIndex): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const variables = index.schema.variables ?? [];
  const first = new Map<string, number>();
  variables.forEach((variable, v) => {
    const base = ['variables', v];
    const id = variable.id;
    if (RESERVED_IDS.has(id)) {
      problems.push(
        problem(
          'reserved_id',
          [...base, 'id'],
          `Variable id "${id}" is reserved (it clashes with JavaScript object internals); choose another id.`,
        ),
      );
    }
    const earlier = first.get(id);
    if (earlier !== undefined) {
      problems.push(
        problem(
          'duplicate_id',
          [...base, 'id'],
          `Variable id "${id}" is used twice (variables[${earlier}] and variables[${v}]); give each variable its own id.`,
        ),
      );
    } else {
      first.set(id, v);
      if (index.fields.has(id)) {
        problems.push(
          problem(
            'duplicate_id',
            [...base, 'id'],
            `Variable id "${id}" is also a field id; conditions and expressions name both the same way, so give the variable another id.`,
          ),
        );
      }
    }

    const shape = inspectExpression(variable.expression);
    const where = [...base, 'expression'];
    for (const p of shape.problems) {
      const notAllowed = p.message.startsWith('the operation');
      problems.push(
        problem(
          notAllowed ? 'expression_not_allowed' : 'invalid_expression',
          [...where, ...p.path],
          `Variable "${id}": ${p.message}` +
            (notAllowed ? '; see docs/form-model.md for the operations a variable may use.' : '.'),
        ),
      );
    }
    if (shape.nodes > SCHEMA_LIMITS.maxExpressionNodes) {
      problems.push(
        problem(
          'expression_too_large',
          where,
          `Variable "${id}" has ${shape.nodes} operations; at most ${SCHEMA_LIMITS.maxExpressionNodes} are allowed. Split it into several variables.`,
        ),
      );
    }
    for (const ref of shape.refs) {
      const path = [...where, ...ref.path];
      if (ref.op === 'var') {
        if (!index.fields.has(ref.id) && !index.variables.has(ref.id)) {
          problems.push(
            problem(
              'unknown_field_reference',
              path,
              `Variable "${id}" reads "${ref.id}", which is not a field or variable of this form.`,
            ),
          );
        }
        continue;
      }
      // Counts and sums of entries: integrity/repeat.ts.
      if (ref.op === 'entries' || ref.op === 'sum') continue;
      const field = index.fields.get(ref.id);
      if (ref.op === 'correct') {
        if (!field || !isQuizQuestion(field)) {
          problems.push(
            problem(
              field ? 'correct_not_applicable' : 'unknown_field_reference',
              path,
              field
                ? `Variable "${id}" reads whether "${ref.id}" was answered right, but none of its options is marked correct.`
                : `Variable "${id}" reads whether "${ref.id}" was answered right, which is not a field of this form.`,
            ),
          );
        }
        continue;
      }
      if (!field) {
        problems.push(
          problem(
            'unknown_field_reference',
            path,
            `Variable "${id}" adds up the score of "${ref.id}", which is not a field of this form.`,
          ),
        );
      } else if (scoredItems(field) === null) {
        problems.push(
          problem(
            'score_not_applicable',
            path,
            `Variable "${id}" adds up the score of "${ref.id}", a ${field.type} field; "score" applies only to select, radio, checkbox, picture choice and matrix fields.`,
          ),
        );
      }
    }
  });
  return problems;
}

/**
 * Hidden fields and prefill: a hidden field cannot be required (its value comes from prefill, and
 * an invalid one is dropped), and a file field cannot be prefilled.
 */
export function checkHiddenAndPrefill(index: SchemaIndex): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  index.schema.fields.forEach((field, i) => {
    if (field.type === 'hidden') {
      const message = `Field "${field.id}" is hidden and cannot be required: its value comes from the URL or the embed, and an invalid one is dropped. Remove "required".`;
      if (field.required === true)
        problems.push(problem('hidden_field_required', ['fields', i, 'required'], message));
      field.validation?.rules.forEach((rule, r) => {
        if (rule.type === 'required') {
          problems.push(problem('hidden_field_required', ['fields', i, 'validation', 'rules', r], message));
        }
      });
    }
    if (field.type === 'file' && field.prefill) {
      problems.push(
        problem(
          'prefill_not_allowed',
          ['fields', i, 'prefill'],
          `Field "${field.id}" is a file field, which cannot be prefilled from a URL; remove "prefill".`,
        ),
      );
    }
  });
  return problems;
}
