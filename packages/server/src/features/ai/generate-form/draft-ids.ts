import { foldText } from '../../../ai/language.js';

/** Ids, values and keys made from labels: the model, and the offline reader, name things by their labels. */

/** A key as an id: letters, digits and `_` only, lower case, never empty. */
export function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return s === '' ? fallback : s;
}

/** `base`, or `base_2`, `base_3`... until unused; records it as used. */
export function unique(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
  used.add(id);
  return id;
}

/** A snake_case key from a label: `Years of experience` -> `years_of_experience`. */
export function keyOf(label: string, fallback: string): string {
  const key = foldText(label)
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 40);
  const start = key.startsWith('_') ? 1 : 0;
  const end = key.endsWith('_') ? key.length - 1 : key.length;
  return start < end ? key.slice(start, end) : fallback;
}
