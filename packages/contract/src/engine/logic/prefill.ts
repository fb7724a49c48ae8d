import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';

/** A field that can be prefilled: its query parameter and whether the respondent may change it. */
export interface PrefillTarget {
  fieldId: string;
  /** `prefill.param`, else the field's id. */
  param: string;
  /** `prefill.editable`, default true; a hidden field is never shown, so never editable. */
  editable: boolean;
}

/** Query parameters as a plain object or as `URLSearchParams` (which may repeat a name). */
export type PrefillParams = Record<string, string> | URLSearchParams;

/**
 * The fields a URL, an embed or the SDK may fill in (docs/form-model.md "Prefill"): hidden fields
 * and fields with `prefill`; never a file field. A renderer locks those with `editable: false`.
 *
 * ```ts
 * prefillTargets(schema); // [{ fieldId: 'utm_source', param: 'utm_source', editable: false }]
 * ```
 */
export function prefillTargets(schema: FormSchema): PrefillTarget[] {
  const seen = new Set<string>();
  const targets: PrefillTarget[] = [];
  for (const field of schema.fields) {
    if (seen.has(field.id) || field.type === 'file') continue;
    seen.add(field.id);
    if (field.type !== 'hidden' && !field.prefill) continue;
    targets.push({
      fieldId: field.id,
      param: field.prefill?.param ?? field.id,
      editable: field.type === 'hidden' ? false : field.prefill?.editable !== false,
    });
  }
  return targets;
}

function valuesOf(params: PrefillParams, name: string): string[] {
  if (typeof URLSearchParams !== 'undefined' && params instanceof URLSearchParams) return params.getAll(name);
  const record = params as Record<string, unknown>;
  if (!Object.hasOwn(record, name)) return [];
  const value = record[name];
  return typeof value === 'string' ? [value] : [];
}

/** A checkbox's options from repeated parameters, each also split on commas unless it is an option. */
function checkboxValues(field: Field, values: string[]): string[] {
  const options = new Set((field.options ?? []).map((o) => o.value));
  const out: string[] = [];
  for (const value of values) {
    const parts = options.has(value) ? [value] : value.split(',').map((s) => s.trim());
    for (const part of parts) if (part !== '' && !out.includes(part)) out.push(part);
  }
  return out;
}

/**
 * Raw answers from query parameters for the fields that may be prefilled (`prefillTargets`): the
 * first value of a field's parameter; for a checkbox every value, repeated (`?topics=a&topics=b`)
 * or comma-separated (`?topics=a,b`). Other parameters are ignored. The answers are not checked
 * here: they are validated with the rest at submission (an invalid hidden value is dropped there).
 *
 * ```ts
 * prefillAnswers(schema, new URLSearchParams('utm_source=newsletter&topics=a,b'));
 * // { utm_source: 'newsletter', topics: ['a', 'b'] }
 * ```
 */
export function prefillAnswers(schema: FormSchema, params: PrefillParams): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  const byId = new Map(schema.fields.map((f) => [f.id, f] as const));
  for (const target of prefillTargets(schema)) {
    const values = valuesOf(params, target.param);
    if (values.length === 0) continue;
    const field = byId.get(target.fieldId)!;
    if (field.type === 'checkbox') {
      const list = checkboxValues(field, values);
      if (list.length > 0) answers[target.fieldId] = list;
    } else {
      answers[target.fieldId] = values[0]!;
    }
  }
  return answers;
}
