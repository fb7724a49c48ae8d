/**
 * Limits of a form schema (docs/decisions.md "Form schema and engine"). The engine enforces them in
 * `checkSchema`; the server reads the same numbers, so a limit is changed in one place.
 */
export const SCHEMA_LIMITS = {
  maxFields: 200,
  maxSections: 50,
  maxOptionsPerField: 100,
  /** Columns of a matrix question. */
  maxMatrixColumns: 20,
  /** UTF-8 bytes of the schema serialised as JSON. */
  maxSchemaBytes: 64 * 1024,
  /** Default and ceiling for one uploaded file, in MB, unless `fileConfig.maxSizeMB` is lower. */
  maxUploadMB: 10,
  maxIdLength: 100,
  maxLabelLength: 1000,
  maxPatternLength: 500,
  maxRulesPerField: 20,
  maxConditionGroups: 20,
  maxConditionsPerGroup: 20,
  maxVariables: 50,
  /** Entries of a repeating section (`repeat.max` at most, and its default). */
  maxRepeatEntries: 50,
  /** Operations in one variable's expression, counted over its whole tree. */
  maxExpressionNodes: 500,
  /** Characters of one translated text. */
  maxTranslationLength: 5000,
} as const;

export const TEXT_LIMITS = {
  formTitle: 200,
  formDescription: 500,
  aiPrompt: 400,
  chatMessage: 500,
  smartFormPurposeMin: 10,
  smartFormPurposeMax: 3000,
  smartFormTitle: 200,
  smartFormTargetAudience: 200,
  smartFormDescription: 500,
} as const;

export const LANGUAGES = ['en', 'tr', 'es', 'it', 'de', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of every text when a form names none we have: the engine's messages, the page. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Is `value` one of the languages we have texts for? */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language to use for `value` (a form's `meta.language`, a visitor's choice): itself when we
 * have it, else `FALLBACK_LANGUAGE`.
 *
 * ```ts
 * supportedLanguage('de'); // 'de'
 * supportedLanguage('fr'); // 'en'
 * ```
 */
export function supportedLanguage(value: unknown): Language {
  return isLanguage(value) ? value : FALLBACK_LANGUAGE;
}
