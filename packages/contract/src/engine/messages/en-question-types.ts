import type { MessageTable, QuestionTypeMessageKey } from './message-table.js';

/**
 * The question types' answer messages in English. Node has them built in (`#engine/languages`); a
 * browser bundle gets them with the question types' code (`loadQuestionTypes`), so a form of the
 * original ten types never downloads them. Other languages' packs carry their own.
 */
export const enQuestionTypes: Pick<MessageTable, QuestionTypeMessageKey> = {
  scaleValue: 'Choose a whole number from {min} to {max}.',
  sliderValue: 'Choose a value from {min} to {max} in steps of {step}.',
  matrix: 'Answer each row with one of the listed columns.',
  matrixRows: 'Answer every row.',
  ranking: 'Rank each listed option once.',
  rankCount: { one: 'Rank {max} option.', other: 'Rank {max} options.' },
  otherText: 'Describe your other answer in at most {max} characters.',
  exclusive: 'This option cannot be combined with others.',
};
