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
  phone: 'Enter a phone number, with its country code (+44…) unless it is local.',
  url: 'Enter a web address that starts with https:// or http://.',
  urlScheme: 'Start the web address with https:// (or http://).',
  time: 'Enter a time as HH:MM (24-hour clock).',
  datetime: 'Enter a date and time with its UTC offset, such as 2026-12-01T09:30:00+01:00.',
  address: 'Enter the address as its parts, with a two-letter country code.',
  addressPart: 'Fill in every required part of the address.',
  consent: 'Give your consent by ticking the box.',
  signedName: 'Type your name in at most 200 characters.',
  entries: 'Answer this section as a list of entries, each an object keyed by field id.',
  minEntries: { one: 'Add at least {min} entry.', other: 'Add at least {min} entries.' },
  maxEntries: { one: 'Add at most {max} entry.', other: 'Add at most {max} entries.' },
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressCity: 'City',
  addressRegion: 'State / region',
  addressPostalCode: 'Postal code',
  addressCountry: 'Country',
};
