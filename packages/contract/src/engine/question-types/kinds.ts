import type { ConditionOperator } from '../../models/conditional-logic.js';
import type { QuestionType } from '../../models/field.js';
import { type KindRule, QUESTION_BASICS, type QuestionFamily } from './basics.js';

export type { KindRule, QuestionFamily } from './basics.js';

/**
 * What every part of a form needs to know of a question type before its code is loaded: the
 * renderers' family, the figure, the condition operators and the rules. The family and the rules
 * (basics.ts) are in every browser bundle of the engine; the figure and the operators only where
 * the integrity checks, the builder or the server read them. The type's checks and texts
 * (table.ts) load on demand in a browser (`loadQuestionTypes`).
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
  readonly rules: readonly KindRule[];
}

/**
 * `distribution`: counts per value, mean and median; `nps`: the score and its three groups;
 * `matrix`: a row × column table of counts; `ranking`: mean rank per option; `choices`: counts
 * per option, as for checkbox; `countries`: answers per country; `hours`: answers per hour of
 * day; `answered`: how many answered, as for text.
 */
export type QuestionFigure =
  | 'distribution'
  | 'nps'
  | 'matrix'
  | 'ranking'
  | 'choices'
  | 'countries'
  | 'hours'
  | 'answered';

const COMPARING: readonly ConditionOperator[] = [
  'equals',
  'notEquals',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
];
const TIMED: readonly ConditionOperator[] = ['equals', 'before', 'after'];

/** Each type's figure and operators, beside its family and rules. */
const FIGURES_AND_OPERATORS: {
  readonly [T in QuestionType]: readonly [figure: QuestionFigure, operators: readonly ConditionOperator[]];
} = {
  rating: ['distribution', COMPARING],
  nps: ['nps', COMPARING],
  scale: ['distribution', COMPARING],
  slider: ['distribution', COMPARING],
  matrix: ['matrix', ['equals', 'notEquals', 'contains', 'notContains']],
  ranking: ['ranking', ['contains', 'notContains', 'equals']],
  picture_choice: [
    'choices',
    ['equals', 'notEquals', 'contains', 'notContains', 'isChecked', 'isNotChecked'],
  ],
  phone: ['countries', ['equals', 'notEquals', 'startsWith']],
  url: ['answered', ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'endsWith']],
  time: ['hours', TIMED],
  datetime: ['hours', TIMED],
  // A condition on an address names its `part` ("country").
  address: ['countries', ['equals']],
  signature: ['answered', []],
  consent: ['answered', ['isChecked', 'isNotChecked']],
  statement: ['answered', []],
  payment: ['answered', []],
};

export const QUESTION_KINDS: { readonly [T in QuestionType]: QuestionKind & { readonly type: T } } =
  /* @__PURE__ */ (() => {
    const kinds: Record<string, QuestionKind> = {};
    for (const type of Object.keys(QUESTION_BASICS) as QuestionType[]) {
      const [family, rules] = QUESTION_BASICS[type];
      const [figure, operators] = FIGURES_AND_OPERATORS[type];
      kinds[type] = { type, family, figure, operators, rules };
    }
    return kinds as { readonly [T in QuestionType]: QuestionKind & { readonly type: T } };
  })();

/** The kind of a question type; `undefined` for the original ten types. */
export function questionKind(type: string): QuestionKind | undefined {
  return Object.hasOwn(QUESTION_KINDS, type) ? QUESTION_KINDS[type as QuestionType] : undefined;
}
