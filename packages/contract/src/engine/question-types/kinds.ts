import type { ConditionOperator } from '../../models/conditional-logic.js';
import type { Field, QuestionType } from '../../models/field.js';

/**
 * What every part of a form needs to know of a question type before its code is loaded: the
 * renderers' family, the figure, the condition operators and the rules. Small on purpose: it is
 * in every browser bundle of the engine, while the type's checks and texts (table.ts) load on
 * demand there (`loadQuestionTypes`).
 */
export interface QuestionKind {
  readonly type: QuestionType;
  /** The renderers' chunk that draws the type; a form without the family loads none of it. */
  readonly family: QuestionFamily;
  /** What the figures page shows of the type's answers. */
  readonly figure: QuestionFigure;
  /**
   * The condition operators besides isEmpty / isNotEmpty (docs/conditional-logic.md): a matrix's
   * name a `row`, a ranking's `equals` a `rank`.
   */
  readonly operators: readonly ConditionOperator[];
  /** The validation rules besides `required` that apply (`min`/`max` on scales, counts on choices). */
  readonly rules: readonly ('min' | 'max' | 'minLength' | 'maxLength' | 'pattern')[];
}

export type QuestionFamily =
  | 'scales'
  | 'matrix'
  | 'ranking'
  | 'choices'
  | 'inputs'
  | 'address'
  | 'signature'
  | 'notices';
/**
 * `distribution`: counts per value, mean and median; `nps`: the score and its three groups;
 * `matrix`: a row × column table of counts; `ranking`: mean rank per option; `choices`: counts
 * per option, as for checkbox; `answered`: how many answered, as for text.
 */
export type QuestionFigure = 'distribution' | 'nps' | 'matrix' | 'ranking' | 'choices' | 'answered';

const COMPARING: readonly ConditionOperator[] = [
  'equals',
  'notEquals',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
];
const SCALE_RULES = ['min', 'max'] as const;
const scale = <T extends 'rating' | 'nps' | 'scale' | 'slider'>(
  type: T,
  figure: QuestionFigure = 'distribution',
) => ({ type, family: 'scales', figure, operators: COMPARING, rules: SCALE_RULES }) as const;

const TIMED: readonly ConditionOperator[] = ['equals', 'before', 'after'];
const kind = <T extends QuestionType>(
  type: T,
  family: QuestionFamily,
  operators: readonly ConditionOperator[] = [],
  rules: QuestionKind['rules'] = [],
) => ({ type, family, figure: 'answered', operators, rules }) as const;

export const QUESTION_KINDS: { readonly [T in QuestionType]: QuestionKind & { readonly type: T } } = {
  rating: scale('rating'),
  nps: scale('nps', 'nps'),
  scale: scale('scale'),
  slider: scale('slider'),
  matrix: {
    type: 'matrix',
    family: 'matrix',
    figure: 'matrix',
    operators: ['equals', 'notEquals', 'contains', 'notContains'],
    rules: [],
  },
  ranking: {
    type: 'ranking',
    family: 'ranking',
    figure: 'ranking',
    operators: ['contains', 'notContains', 'equals'],
    rules: [],
  },
  picture_choice: {
    type: 'picture_choice',
    family: 'choices',
    figure: 'choices',
    operators: ['equals', 'notEquals', 'contains', 'notContains', 'isChecked', 'isNotChecked'],
    rules: ['minLength', 'maxLength'],
  },
  phone: kind('phone', 'inputs', ['equals', 'notEquals', 'startsWith'], ['pattern']),
  url: kind(
    'url',
    'inputs',
    ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith'],
    ['minLength', 'maxLength', 'pattern'],
  ),
  time: kind('time', 'inputs', TIMED),
  datetime: kind('datetime', 'inputs', TIMED),
  // A condition on an address names its `part` ("country").
  address: kind('address', 'address', ['equals']),
  signature: kind('signature', 'signature'),
  consent: kind('consent', 'notices', ['isChecked', 'isNotChecked']),
  statement: kind('statement', 'notices'),
};

/** The kind of a question type; `undefined` for the original ten types. */
export function questionKind(type: string): QuestionKind | undefined {
  return Object.hasOwn(QUESTION_KINDS, type) ? QUESTION_KINDS[type as QuestionType] : undefined;
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
  return questionKind(field.type) !== undefined || needsChoiceCheck(field);
}
