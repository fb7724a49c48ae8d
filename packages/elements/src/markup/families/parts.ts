import { countryNames } from '@formloom/contract/engine/parts';
import type { FieldView } from '../family.js';
import { html, type SafeHtml } from '../html.js';
import { ids } from '../ids.js';

/** The id of a family's control: the field's control id with a suffix (`~` never occurs in ids). */
export const partId = (fieldId: string, part: string | number) => `fl-f-${fieldId}~${part}`;

/** The name a part of an answer posts as (a matrix row, a ranked item, the Other text). */
export const partName = (fieldId: string, part: string | number) => `${fieldId}~${part}`;

/** The value an "Other" choice posts as; its text posts as `partName(id, 'other')`. */
export const OTHER_VALUE = '~other';

export const isOther = (value: unknown): value is { other: string } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'other' in value;

export const checked = (on: boolean): SafeHtml | '' => (on ? html` checked` : '');

/** The inputs of a wrapper that match a selector, as an array. */
export function all<T extends HTMLElement = HTMLInputElement>(wrapper: HTMLElement, selector: string): T[] {
  return [...wrapper.querySelectorAll<T>(selector)];
}

/** A number posted as text: `undefined` when empty or not a number. */
export function postedNumber(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A field's wrapper: a fieldset with a legend for a group of controls, else a label for one. */
export function shell(view: FieldView, grouped: boolean, control: SafeHtml): SafeHtml {
  const { wrapper, label, help, errorSlot } = view;
  if (!grouped)
    return html`<div class="fl-field" ${wrapper}>
<label class="fl-label" for="${ids.control(view.field.id)}">${label}</label>
${help}${control}
${errorSlot}
</div>
`;
  return html`<fieldset class="fl-field fl-group" ${wrapper}>
<legend class="fl-label">${label}${view.required ? html`<span class="fl-sr"> (${view.requiredText})</span>` : ''}</legend>
${help}${control}
${errorSlot}
</fieldset>
`;
}

/**
 * Countries by name in a language (the engine's `countryNames`), as `<option>`s of a country
 * picker (`codes` undefined: every country an address can name). `callingCodes`: each shown after its name and
 * carried by its option (`data-code`), for a phone number's picker.
 */
export function countryOptions(
  codes: readonly string[] | undefined,
  language: string,
  chosen: string | undefined,
  callingCodes?: ReadonlyMap<string, string>,
): SafeHtml[] {
  return countryNames(language, codes).map(([code, name]) => {
    const calling = callingCodes?.get(code);
    return calling === undefined
      ? html`<option value="${code}"${code === chosen ? html` selected` : ''}>${name}</option>`
      : html`<option value="${code}" data-code="${calling}"${code === chosen ? html` selected` : ''}>${name} +${calling}</option>`;
  });
}
