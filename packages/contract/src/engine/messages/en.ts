import type { MessageTable, QuestionTypeMessageKey } from './message-table.js';

/** English, but for the question types' messages (en-question-types.ts), which come with their code. */
export const en: Omit<MessageTable, QuestionTypeMessageKey> = {
  required: 'This field is required.',
  text: 'Enter text.',
  number: 'Enter a number.',
  email: 'Enter a valid email address.',
  option: 'Choose one of the listed options.',
  options: 'Choose only from the listed options.',
  duplicateOption: 'Each option can be chosen only once.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  file: 'This is not a valid uploaded file.',
  fileType: 'This file type is not allowed. Allowed: {types}.',
  fileSize: 'The file is too large. The limit is {maxMB} MB.',
  tooLong: { one: 'Use at most {max} character.', other: 'Use at most {max} characters.' },
  minLength: { one: 'Use at least {min} character.', other: 'Use at least {min} characters.' },
  maxLength: { one: 'Use at most {max} character.', other: 'Use at most {max} characters.' },
  minSelected: { one: 'Choose at least {min} option.', other: 'Choose at least {min} options.' },
  maxSelected: { one: 'Choose at most {max} option.', other: 'Choose at most {max} options.' },
  min: 'Enter a number greater than or equal to {min}.',
  max: 'Enter a number less than or equal to {max}.',
  pattern: 'The value is not in the expected format.',
  unknownField: 'This form has no such field.',
  notAnObject: 'Answers must be an object keyed by field id.',
};
