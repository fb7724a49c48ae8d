import { questionHooks } from '#engine/question-types';
import type { FormSchema } from '../../models/form-schema.js';
import { isMultipleChoice, usesQuestionTypes } from '../question-types/basics.js';

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

/** A list from repeated parameters, each also split on commas unless it is whole an option; in order, no repeats. */
export function listValues(whole: ReadonlySet<string>, values: string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const parts = whole.has(value) ? [value] : value.split(',').map((s) => s.trim());
    for (const part of parts) if (part !== '' && !out.includes(part)) out.push(part);
  }
  return out;
}

/** A prefilled answer before validation. */
export type PrefilledAnswer = string | number | true | string[] | Record<string, string | string[]>;

/**
 * Raw answers from query parameters for the fields that may be prefilled (`prefillTargets`): the
 * first value of a field's parameter; a number for rating, nps, scale and slider; for a checkbox,
 * a multiple select or picture choice and a ranking (best first) every value, repeated
 * (`?topics=a&topics=b`) or comma-separated (`?topics=a,b`); for a matrix `row:value` pairs
 * (`?grid=speed:good,price:fair`). Other parameters are ignored. The answers are not checked here:
 * they are validated with the rest at submission (an invalid hidden value is dropped there).
 *
 * ```ts
 * prefillAnswers(schema, new URLSearchParams('utm_source=newsletter&topics=a,b'));
 * // { utm_source: 'newsletter', topics: ['a', 'b'] }
 * ```
 */
export function prefillAnswers(schema: FormSchema, params: PrefillParams): Record<string, PrefilledAnswer> {
  const answers: Record<string, PrefilledAnswer> = {};
  const byId = new Map(schema.fields.map((f) => [f.id, f] as const));
  for (const target of prefillTargets(schema)) {
    const values = valuesOf(params, target.param);
    if (values.length === 0) continue;
    const field = byId.get(target.fieldId)!;
    let answer: PrefilledAnswer | undefined = values[0]!;
    if (isMultipleChoice(field)) {
      const list = listValues(new Set((field.options ?? []).map((o) => o.value)), values);
      answer = list.length > 0 ? list : undefined;
    } else if (usesQuestionTypes(field)) {
      // A number, a ranking's list, a matrix's pairs: the question type's table reads its own
      // (`undefined`: the parameter is ignored).
      const hooks = questionHooks();
      if (hooks !== undefined) answer = hooks.prefillValue(field, values, listValues);
    }
    if (answer !== undefined) answers[target.fieldId] = answer;
  }
  return answers;
}
