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
  /** An integer 1..`rating.max` (default 5), shown as stars, hearts or numbers. */
  'rating',
  /** Net Promoter Score: an integer 0..10. */
  'nps',
  /** An opinion (linear) scale: an integer `scale.min`..`scale.max`. */
  'scale',
  /** A number on the grid `slider.min` + k × `slider.step`, at most `slider.max`. */
  'slider',
  /** Rows answered on the same columns: `{<rowId>: value}` (or `value[]` when multiple). */
  'matrix',
  /** The options in the respondent's order, best first: all of them, or exactly `ranking.top`. */
  'ranking',
  /** Options with images: answered as `radio`, or as `checkbox` when `multiple`. */
  'picture_choice',
  /** A phone number in E.164 (`+4915112345678`); a national number is read with `phone.defaultCountry`. */
  'phone',
  /** An absolute http or https URL of at most 2,000 characters. */
  'url',
  /** A time of day, `HH:MM` (24 h). */
  'time',
  /** A date and time with its offset (`2026-12-01T09:30:00+01:00`), compared as instants. */
  'datetime',
  /** `{line1, line2?, city, region?, postalCode?, country}`, the country an ISO 3166-1 alpha-2 code. */
  'address',
  /** A PNG of the signature, answered as a file upload, with `signedName` when typed. */
  'signature',
  /** A consent checkbox: `true` when given, absent when not. */
  'consent',
  /** Text shown to the respondent (paragraphs and links); never answered. */
  'statement',
  /**
   * A payment through Stripe Checkout (docs/payments.md): never answered; at most one per form,
   * whose responses are stored once the payment is made.
   */
  'payment',
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
export const OPTION_FIELD_TYPES = [
  'select',
  'radio',
  'checkbox',
  'picture_choice',
  'ranking',
] as const satisfies readonly FieldType[];

/** The field types beyond the original ten (docs/form-model.md "Question types"). */
export const QUESTION_TYPES = [
  'rating',
  'nps',
  'scale',
  'slider',
  'matrix',
  'ranking',
  'picture_choice',
  'phone',
  'url',
  'time',
  'datetime',
  'address',
  'signature',
  'consent',
  'statement',
  'payment',
] as const satisfies readonly FieldType[];
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Field types whose answer is one integer or number on a bounded scale (`min`/`max` rules apply). */
export const SCALE_FIELD_TYPES = ['rating', 'nps', 'scale', 'slider'] as const satisfies readonly FieldType[];
export type ScaleFieldType = (typeof SCALE_FIELD_TYPES)[number];

export function isScaleFieldType(type: string): type is ScaleFieldType {
  return (SCALE_FIELD_TYPES as readonly string[]).includes(type);
}
