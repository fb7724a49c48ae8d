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
  required: 'required checkbox',
  placeholder: 'placeholder input (typed fields)',
  helpText: 'help text',
  options: 'option rows (select, radio, checkbox)',
  fileConfig: 'file size and types (file)',
  validation: 'rules editor',
  conditionalLogic: 'condition editor',
  prefill: 'prefill checkbox, parameter and editable (hidden fields always)',
  // Not yet edited in the builder (the question types' builder work is in progress):
  multiple: 'not yet in the builder',
  other: 'not yet in the builder',
  exclusiveValue: 'not yet in the builder',
  shuffle: 'not yet in the builder',
  rating: 'not yet in the builder',
  nps: 'not yet in the builder',
  scale: 'not yet in the builder',
  slider: 'not yet in the builder',
  matrix: 'not yet in the builder',
  ranking: 'not yet in the builder',
} as const satisfies Record<keyof Field, string>;
