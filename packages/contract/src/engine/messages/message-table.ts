/**
 * The shape of one language's built-in texts. The server and the public page read the same
 * tables, so a respondent sees the same sentence whichever side found the problem.
 *
 * Placeholders: `{min}`, `{max}`, `{step}` (numbers), `{maxMB}` (the effective upload limit in MB) and
 * `{types}` (the allowed MIME patterns, comma-separated). Texts that carry a count come in two
 * forms, `one` (the count is exactly 1) and `other`; that is enough for all six languages.
 */
export interface PluralText {
  readonly one: string;
  readonly other: string;
}

export interface MessageTable {
  /** An empty answer to a required field. */
  readonly required: string;
  /** A text, textarea or email answer that is not a string. */
  readonly text: string;
  /** A number answer that is neither a finite number nor a numeric string. */
  readonly number: string;
  readonly email: string;
  /** A select or radio answer that is not one of the option values. */
  readonly option: string;
  /** A checkbox answer that is not an array of option values. */
  readonly options: string;
  /** A checkbox answer that names the same option twice. */
  readonly duplicateOption: string;
  readonly date: string;
  /** A file answer that is not an `{uploadId, name, size, type}` object. */
  readonly file: string;
  /** `{types}` */
  readonly fileType: string;
  /** `{maxMB}` */
  readonly fileSize: string;
  /** The engine's own length cap on text (10,000) and textarea (100,000). `{max}` */
  readonly tooLong: PluralText;
  /** `{min}` */
  readonly minLength: PluralText;
  /** `{max}` */
  readonly maxLength: PluralText;
  /** minLength on a checkbox: fewer options chosen. `{min}` */
  readonly minSelected: PluralText;
  /** maxLength on a checkbox: more options chosen. `{max}` */
  readonly maxSelected: PluralText;
  /** `{min}` */
  readonly min: string;
  /** `{max}` */
  readonly max: string;
  readonly pattern: string;
  /** An answer keyed by an id the form does not have. */
  readonly unknownField: string;
  /** The answers themselves are not a JSON object. */
  readonly notAnObject: string;
  /** A rating, nps or scale answer that is not a whole number in range. `{min}` `{max}` */
  readonly scaleValue: string;
  /** A slider answer out of range or off its step grid. `{min}` `{max}` `{step}` */
  readonly sliderValue: string;
  /** A matrix answer naming an unknown row or column, or repeating a column. */
  readonly matrix: string;
  /** A required matrix with a row unanswered. */
  readonly matrixRows: string;
  /** A ranking entry that is not an option, or an option ranked twice. */
  readonly ranking: string;
  /** A ranking of the wrong length: all options, or exactly `ranking.top`. `{max}` */
  readonly rankCount: PluralText;
  /** An "Other" answer whose text is blank or too long. `{max}` */
  readonly otherText: string;
  /** The exclusive option ("None of the above") chosen with another. */
  readonly exclusive: string;
  /** A phone answer that is not a valid number (E.164, or national with the default country). */
  readonly phone: string;
  /** A url answer that is not an absolute http or https URL. */
  readonly url: string;
  /** A url answer without a scheme ("example.com"). */
  readonly urlScheme: string;
  /** A time answer that is not `HH:MM`. */
  readonly time: string;
  /** A datetime answer that is not ISO 8601 with an offset. */
  readonly datetime: string;
  /** An address answer that is not an object of text parts with a two-letter country. */
  readonly address: string;
  /** An address without one of its required parts. */
  readonly addressPart: string;
  /** A consent answer other than `true`. */
  readonly consent: string;
  /** A signature's typed name that is not text or too long. */
  readonly signedName: string;
  /** A repeating section's answer that is not a list of objects. */
  readonly entries: string;
  /** A repeating section with fewer entries than its `repeat.min`. `{min}` */
  readonly minEntries: PluralText;
  /** A repeating section with more entries than its `repeat.max`. `{max}` */
  readonly maxEntries: PluralText;
  /** The label of an address part, as the renderers and exports show it. */
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly addressCity: string;
  readonly addressRegion: string;
  readonly addressPostalCode: string;
  readonly addressCountry: string;
}

export type MessageKey = keyof MessageTable;

/** The question types' messages (en-question-types.ts), which a browser loads with their code. */
export type QuestionTypeMessageKey =
  | 'scaleValue'
  | 'sliderValue'
  | 'matrix'
  | 'matrixRows'
  | 'ranking'
  | 'rankCount'
  | 'otherText'
  | 'exclusive'
  | 'phone'
  | 'url'
  | 'urlScheme'
  | 'time'
  | 'datetime'
  | 'address'
  | 'addressPart'
  | 'consent'
  | 'signedName'
  | 'entries'
  | 'minEntries'
  | 'maxEntries'
  | 'addressLine1'
  | 'addressLine2'
  | 'addressCity'
  | 'addressRegion'
  | 'addressPostalCode'
  | 'addressCountry';
