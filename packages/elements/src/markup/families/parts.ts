import { html, type SafeHtml } from '../html.js';

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
