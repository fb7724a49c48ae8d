import type { Field, QuestionType } from '../../models/field.js';

/**
 * What a browser's start needs of each question type before its code is loaded (table.ts, on
 * demand): the renderers' family that draws it and the validation rules that apply to it. The rest
 * of a type's kind (its figure, its condition operators: kinds.ts) is read by the integrity checks,
 * the builder and the server, so a browser's start leaves it out.
 */
export type QuestionFamily =
  | 'scales'
  | 'matrix'
  | 'ranking'
  | 'choices'
  | 'inputs'
  | 'address'
  | 'signature'
  | 'notices';

/** A validation rule besides `required` that a type may take. */
export type KindRule = 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern';

const SCALE_RULES: readonly KindRule[] = ['min', 'max'];
const COUNT_RULES: readonly KindRule[] = ['minLength', 'maxLength'];

/** Each question type's family and rules (`min`/`max` on scales, counts on choices, `pattern` on inputs). */
export const QUESTION_BASICS: {
  readonly [T in QuestionType]: readonly [family: QuestionFamily, rules: readonly KindRule[]];
} = {
  rating: ['scales', SCALE_RULES],
  nps: ['scales', SCALE_RULES],
  scale: ['scales', SCALE_RULES],
  slider: ['scales', SCALE_RULES],
  matrix: ['matrix', []],
  ranking: ['ranking', []],
  picture_choice: ['choices', COUNT_RULES],
  phone: ['inputs', ['pattern']],
  url: ['inputs', [...COUNT_RULES, 'pattern']],
  time: ['inputs', []],
  datetime: ['inputs', []],
  address: ['address', []],
  signature: ['signature', []],
  consent: ['notices', []],
  statement: ['notices', []],
  // Drawn as a line with the amount at most; the renderers leave the rest to Stripe Checkout.
  payment: ['notices', []],
};

/** The family that draws a question type; `undefined` for the original ten types. */
export function questionFamily(type: string): QuestionFamily | undefined {
  return Object.hasOwn(QUESTION_BASICS, type) ? QUESTION_BASICS[type as QuestionType][0] : undefined;
}

/** A check's verdict that a well-formed answer holds nothing (a matrix with no row answered). */
export const EMPTY_ANSWER: unique symbol = Symbol('empty answer');

/** Several choices: checkbox, and select or picture choice with `multiple`. */
export function isMultipleChoice(field: Pick<Field, 'type' | 'multiple'>): boolean {
  return (
    field.type === 'checkbox' ||
    ((field.type === 'select' || field.type === 'picture_choice') && field.multiple === true)
  );
}

/** Does a field need the generic choice check rather than the select / radio / checkbox fast paths? */
export function needsChoiceCheck(field: Field): boolean {
  return (
    field.type === 'picture_choice' ||
    field.other !== undefined ||
    field.exclusiveValue !== undefined ||
    (field.type === 'select' && field.multiple === true)
  );
}

/**
 * Whether a field needs the question types' code (table.ts): a question type, or a choice with
 * `other`, `exclusiveValue` or `multiple`. A browser loads that code (`loadQuestionTypes`) before
 * it compiles such a form.
 */
export function usesQuestionTypes(field: Field): boolean {
  return questionFamily(field.type) !== undefined || needsChoiceCheck(field);
}
