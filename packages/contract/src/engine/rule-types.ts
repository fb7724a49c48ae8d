import { FIELD_TYPES, type FieldType, TEXT_FIELD_TYPES } from '../models/field-types.js';
import { type KindRule, QUESTION_BASICS } from './question-types/basics.js';

// Apart from the condition operators (operators.ts): a browser's start checks rules, and this
// reads only the question types' basics, not their whole kinds.
export const TEXTUAL: readonly FieldType[] = TEXT_FIELD_TYPES;
export const SCALAR: readonly FieldType[] = [...TEXTUAL, 'number', 'select', 'radio', 'date'];
export const ALL: readonly FieldType[] = FIELD_TYPES;

const ruleTypes = (rule: KindRule, original: readonly FieldType[]): readonly FieldType[] => [
  ...original,
  ...(Object.keys(QUESTION_BASICS) as (keyof typeof QUESTION_BASICS)[]).filter((type) =>
    QUESTION_BASICS[type][1].includes(rule),
  ),
];

/** Which validation rules apply to which field types. `required` applies to every type. */
export const RULE_FIELD_TYPES = {
  required: ALL,
  // On choices they count the options chosen: checkbox, and select / picture choice with `multiple`.
  minLength: ruleTypes('minLength', [...TEXTUAL, 'checkbox', 'select']),
  maxLength: ruleTypes('maxLength', [...TEXTUAL, 'checkbox', 'select']),
  min: ruleTypes('min', ['number']),
  max: ruleTypes('max', ['number']),
  pattern: ruleTypes('pattern', TEXTUAL),
} satisfies Record<string, readonly FieldType[]>;
