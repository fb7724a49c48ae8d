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
  | 'exclusive';
