import type { FormSchema } from '../../models/form-schema.js';
import { cachedPerSchema } from '../logic/schema-cache.js';
import type { ValidationIssue, ValidationResult, VariableValues } from '../types.js';
import { type CompiledForm, compileForm } from './compile-form.js';

const compiledForSchema = cachedPerSchema(compileForm);

function isCompiled(form: FormSchema | CompiledForm): form is CompiledForm {
  return typeof (form as Partial<CompiledForm>).validate === 'function';
}

/**
 * The compiled form of a schema object, compiled on first use and kept while the object lives.
 * Treat a schema as immutable once it has been used: a changed object is not recompiled.
 */
export function compiledFormFor(schema: FormSchema | CompiledForm): CompiledForm {
  return isCompiled(schema) ? schema : compiledForSchema(schema);
}

/**
 * Validates a submitted response against a form: hidden fields and fields of hidden sections are
 * skipped and dropped, empty answers are left out, the rest is type-checked, normalised (numeric
 * strings become numbers, emails and dates are trimmed) and checked against the field's rules.
 * Keys that name no field are errors (`unknown_field`). Answers that are not an object give one
 * error with `fieldId: ''` and `rule: 'type'`. Never throws on any JSON value.
 *
 * On failure, `value` still holds the answers that passed, so a page can keep them.
 *
 * A form with variables also gets `variables`: computed from `value` once it is valid (`{}` on
 * failure); see `computeVariables`.
 *
 * ```ts
 * const result = validateResponse(schema, { age: '42' });
 * if (result.ok) save(result.value); // { age: 42 }
 * else show(result.errors);          // [{ fieldId, rule, message }]
 * ```
 */
export function validateResponse(schema: FormSchema | CompiledForm, answers: unknown): ValidationResult {
  return compiledFormFor(schema).validate(answers);
}

/**
 * The form's variables for a set of answers, in dependency order (docs/form-model.md): read from
 * the answers of visible fields (numbers as numbers, emails and dates trimmed; hidden and empty
 * answers read as null), with `score` summing the scores of the selected options. The answers need
 * not be valid, so a page can show a running score; the server stores what `validateResponse`
 * returns instead. `{}` for a form without variables; never throws.
 *
 * ```ts
 * computeVariables(quiz, { q1: 'paris', q2: ['2', '3'] }); // { total: 3, verdict: 'pass' }
 * ```
 */
export function computeVariables(schema: FormSchema | CompiledForm, answers: unknown): VariableValues {
  return compiledFormFor(schema).variables(answers);
}

/**
 * The issue rules that say an answer is not of its field's kind (or that a key names no field):
 * what a draft is checked for. `required` and the field's own rules are left for the submission.
 */
const TYPE_RULES: ReadonlySet<string> = new Set([
  'type',
  'option',
  'date',
  'email',
  'too_long',
  'unknown_field',
  // The question types' own shapes; an address missing a required part (`address_part`) may be a draft.
  'phone',
  'url',
  'time',
  'datetime',
  'address',
  'consent',
  // More entries than a repeating section takes: a renderer never adds them, and past the bound
  // the entries are not checked (fewer than `min` may be a draft).
  'maxEntries',
]);

/**
 * Checks a draft of answers (a saved partial response) for their types only: the validator of
 * `validateResponse` runs, and only its type findings are kept, so a missing required answer or an
 * answer that breaks a rule (`minLength`, `pattern`...) passes, while a number for a text field, an
 * option the field does not have or a key that names no field does not.
 *
 * ```ts
 * checkAnswerTypes(schema, { age: 'forty' }); // { ok: false, errors: [{ fieldId: 'age', rule: 'type', ... }] }
 * ```
 */
export function checkAnswerTypes(
  schema: FormSchema | CompiledForm,
  answers: unknown,
): { ok: boolean; errors: ValidationIssue[] } {
  const errors = compiledFormFor(schema)
    .validate(answers)
    .errors.filter((e) => TYPE_RULES.has(e.rule));
  return { ok: errors.length === 0, errors };
}
