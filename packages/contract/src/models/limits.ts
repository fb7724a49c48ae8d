/**
 * Limits the spec leaves open, settled in decisions.md. The engine enforces them in `checkSchema`;
 * the server reads the same numbers, so a limit is changed in one place.
 */
export const SCHEMA_LIMITS = {
  maxFields: 200,
  maxSections: 50,
  maxOptionsPerField: 100,
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
