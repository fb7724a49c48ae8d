/**
 * The field types and their groups, each written once; zod-free, so the engine (which runs in the
 * browser page) reads them without bundling zod. `models/field.ts` re-exports them.
 */

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'select',
  'radio',
  'checkbox',
  'date',
  'file',
  /** Never rendered; its value comes from prefill (URL query, embed attribute, SDK). Text rules apply. */
  'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * Field types whose answer is free text: capped in length by the engine, compared as text by
 * conditions (`contains`, `startsWith`...), counted in characters by `minLength` / `maxLength`,
 * and the only ones a `pattern` applies to.
 */
export const TEXT_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'hidden',
] as const satisfies readonly FieldType[];
export type TextFieldType = (typeof TEXT_FIELD_TYPES)[number];

export function isTextFieldType(type: string): type is TextFieldType {
  return (TEXT_FIELD_TYPES as readonly string[]).includes(type);
}

/** Field types whose answers are chosen from `options`. */
export const OPTION_FIELD_TYPES = ['select', 'radio', 'checkbox'] as const satisfies readonly FieldType[];
