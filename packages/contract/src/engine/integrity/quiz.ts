import type { FormSchema } from '../../models/form-schema.js';
import { inspectExpression, isQuizQuestion } from '../logic/expressions.js';
import type { SchemaProblem } from '../types.js';
import { problem } from './paths.js';
import { indexSchema, type SchemaIndex } from './schema-index.js';

/**
 * The variables that read a quiz's marks: those using `correct` or `correctCount`, and those that
 * read such a variable. Their values exist on the server only (a public form carries no right
 * answers).
 */
export function markReadingVariables(index: SchemaIndex): Set<string> {
  const marking = new Set<string>();
  const reads = new Map<string, string[]>();
  for (const [id, variable] of index.variables) {
    const shape = inspectExpression(variable.expression);
    if (shape.corrects.length > 0 || shape.correctCount) marking.add(id);
    reads.set(id, shape.vars);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, vars] of reads) {
      if (!marking.has(id) && vars.some((v) => marking.has(v))) {
        marking.add(id);
        grew = true;
      }
    }
  }
  return marking;
}

/**
 * The ids of a schema's variables that read the quiz's marks: what `checkSchema` accepts in an
 * ending's conditions only (`marks_not_allowed` anywhere else), so an editor offers them there alone.
 *
 * ```ts
 * markingVariables(schema); // Set {'right'} for `{id: 'right', expression: {correctCount: true}}`
 * ```
 */
export function markingVariables(schema: FormSchema): Set<string> {
  return markReadingVariables(indexSchema(schema));
}

/**
 * Quizzes (docs/form-model.md "Quizzes"): the marks are the server's, so show/hide, jumps and
 * rules (decided in the browser too) may not read a variable that reads them; only endings may.
 * A repeating section's fields are not quiz questions (an answer per entry has no one mark).
 */
export function checkQuiz(index: SchemaIndex): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const marking = markReadingVariables(index);
  if (marking.size > 0) {
    for (const site of index.conditions) {
      if (site.owner.kind === 'ending' || !marking.has(site.condition.fieldId)) continue;
      problems.push(
        problem(
          'marks_not_allowed',
          [...site.path, 'fieldId'],
          `Variable "${site.condition.fieldId}" reads the quiz's marks, which only the server knows; only an ending's conditions may name it.`,
        ),
      );
    }
    index.schema.fields.forEach((field, f) => {
      field.validation?.rules.forEach((rule, r) => {
        if (rule.when && marking.has(rule.when.field)) {
          problems.push(
            problem(
              'marks_not_allowed',
              ['fields', f, 'validation', 'rules', r, 'when', 'field'],
              `Variable "${rule.when.field}" reads the quiz's marks, which only the server knows; a rule's "when" may not name it.`,
            ),
          );
        }
      });
    });
  }
  index.schema.fields.forEach((field, f) => {
    if (isQuizQuestion(field) && index.sections.get(field.sectionId)?.repeat !== undefined) {
      problems.push(
        problem(
          'quiz_in_repeat',
          ['fields', f, 'options'],
          `Field "${field.id}" is in a repeating section, whose fields cannot be quiz questions: mark no option correct.`,
        ),
      );
    }
  });
  return problems;
}
