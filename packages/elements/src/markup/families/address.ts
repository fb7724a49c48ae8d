import type { Field } from '@formloom/contract';
import { enQuestionTypes, messagesFor } from '@formloom/contract/engine/parts';
import type { Family, FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { all, countryOptions, partId, partName, shell } from './parts.js';

/**
 * `address` as its parts (docs/form-model.md "Question types"): two lines, postal code, city,
 * region and a country picker (ISO 3166-1 alpha-2 codes, by name in the form's language), each
 * with its autocomplete token and the engine's label for it. The answer leaves blank parts out.
 */

type Part = 'line1' | 'line2' | 'postalCode' | 'city' | 'region' | 'country';
type LabelKey =
  | 'addressLine1'
  | 'addressLine2'
  | 'addressPostalCode'
  | 'addressCity'
  | 'addressRegion'
  | 'addressCountry';

/** The parts in the order they are shown, each with its autocomplete token and label key. */
const PARTS: readonly [Part, string, LabelKey][] = [
  ['line1', 'address-line1', 'addressLine1'],
  ['line2', 'address-line2', 'addressLine2'],
  ['postalCode', 'postal-code', 'addressPostalCode'],
  ['city', 'address-level2', 'addressCity'],
  ['region', 'address-level1', 'addressRegion'],
  ['country', 'country', 'addressCountry'],
];

/** The answer's parts, in the order the engine writes them. */
const ANSWER_ORDER: readonly Part[] = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'];

const DEFAULT_REQUIRED: readonly string[] = ['line1', 'city', 'country'];

const partOf = (answer: unknown, part: Part): string | undefined => {
  const value =
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[part] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** An answer from its parts' texts: blank parts left out, none filled in: no answer. */
function answerOf(text: (part: Part) => string | undefined): Record<string, string> | undefined {
  const answer: Record<string, string> = {};
  for (const part of ANSWER_ORDER) {
    const value = text(part)?.trim() ?? '';
    if (value !== '') answer[part] = value;
  }
  return Object.keys(answer).length > 0 ? answer : undefined;
}

function parts(view: FieldView): SafeHtml {
  const { field, answer, aria, language } = view;
  // The pack a page was given, else English (a family chunk bundled apart from the engine has no pack).
  const messages = messagesFor(language);
  const required = new Set(view.required ? (field.address?.required ?? DEFAULT_REQUIRED) : []);
  const items = PARTS.map(([part, token, key]) => {
    const id = partId(field.id, part);
    const value = partOf(answer, part);
    const needed = required.has(part);
    const common = html`id="${id}" name="${partName(field.id, part)}" autocomplete="${token}"${needed ? html` aria-required="true"` : ''}${aria}`;
    const control =
      part === 'country'
        ? html`<select ${common}><option value=""></option>${countryOptions(undefined, language, value?.toUpperCase())}</select>`
        : html`<input type="text" ${common}${value === undefined ? '' : html` value="${value}"`}>`;
    return html`<div class="fl-part fl-part-${part}"><label for="${id}">${messages[key] ?? enQuestionTypes[key]}${needed ? html`<span class="fl-req" aria-hidden="true"> *</span>` : ''}</label>${control}</div>\n`;
  });
  return html`<div class="fl-address">
${items}</div>`;
}

export const family: Family = {
  field: (view) => shell(view, true, parts(view)),
  controls: (_field, wrapper) => all(wrapper, 'input,select'),
  read: (field, wrapper) =>
    answerOf((part) => wrapper.querySelector<HTMLInputElement>(`[id="${partId(field.id, part)}"]`)?.value),
  write(field, wrapper, value) {
    for (const [part] of PARTS) {
      const control = wrapper.querySelector<HTMLInputElement>(`[id="${partId(field.id, part)}"]`);
      if (control !== null) control.value = partOf(value, part) ?? '';
    }
  },
  post(field: Field, value) {
    return ANSWER_ORDER.flatMap((part): [string, string][] => {
      const text = partOf(value, part);
      return text === undefined ? [] : [[partName(field.id, part), text]];
    });
  },
  posted: (field, get) => answerOf((part) => get(partName(field.id, part))[0]),
  style: `.fl-address{display:flex;flex-wrap:wrap;gap:.75rem}.fl-part{flex:1 1 100%;min-width:0}.fl-part label{display:block;margin-bottom:.25rem}
.fl-part-postalCode{flex:1 1 8rem}.fl-part-city{flex:3 1 12rem}
.fl-part input{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:var(--fl-card);border:1px solid var(--fl-line);border-radius:var(--fl-radius)}`,
};
