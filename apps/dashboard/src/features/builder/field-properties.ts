import type { Field } from '@formloom/contract';

/**
 * Which part of the panel edits each property of a field. Typed against the field model, so a
 * property added to the model and forgotten here fails the type check (and the test that
 * compares it with the zod schema's keys).
 */
export const FIELD_PROPERTY_EDITORS = {
  id: 'shown, fixed (answers are stored under it)',
  sectionId: 'the structure list: drag or move to another section',
  type: 'type select',
  label: 'label input',
  order: 'the structure list: drag, or move up and down',
  required: 'required checkbox (not on a statement, which is never answered)',
  placeholder: 'placeholder input (typed fields, phone and url)',
  helpText: 'help text',
  options: 'option rows (choice types; a picture choice with an image URL each)',
  fileConfig: 'file size and types (file)',
  validation: 'rules editor',
  conditionalLogic: 'condition editor',
  prefill: 'prefill checkbox, parameter and editable (hidden fields always)',
  multiple: 'several options may be chosen checkbox (select, picture choice)',
  other: 'offer "Other" checkbox and its label (choice types)',
  exclusiveValue: '"None of the above" select (multiple choices)',
  shuffle: 'shuffle checkbox (choice types, matrix)',
  rating: 'rating settings: highest rating and icon',
  nps: 'NPS settings: labels under 0 and 10',
  scale: 'scale settings: lowest, highest and the three labels',
  slider: 'slider settings: minimum, maximum, step and unit',
  matrix: 'matrix settings: rows, columns and several per row',
  ranking: 'ranking settings: rank only the best',
  phone: 'phone settings: default country select (countries by name)',
  address: 'address settings: a checkbox per part an answer must fill in',
  consent: 'consent settings: the text agreed to (links as [label](https://…))',
  statement: 'statement settings: the text shown (links as [label](https://…))',
  payment: 'payment settings: the amount (fixed or a number variable), the currency, the description',
} as const satisfies Record<keyof Field, string>;
