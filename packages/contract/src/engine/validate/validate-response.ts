import type { FormSchema } from '../../models/form-schema.js';
import { cachedPerSchema } from '../logic/schema-cache.js';
import type { ValidationResult } from '../types.js';
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
 * ```ts
 * const result = validateResponse(schema, { age: '42' });
 * if (result.ok) save(result.value); // { age: 42 }
 * else show(result.errors);          // [{ fieldId, rule, message }]
 * ```
 */
export function validateResponse(schema: FormSchema | CompiledForm, answers: unknown): ValidationResult {
  return compiledFormFor(schema).validate(answers);
}
