/**
 * The form engine, shared by the server and the browser page: schema integrity checks, conditional
 * logic, response validation and the built-in messages. Pure functions; no I/O, no Node built-ins.
 *
 * The schema integrity check (`checkSchema`, `inspectSchema`, `checkPatternSafety`) is its own entry,
 * `@formloom/contract/integrity`: its ReDoS check needs recheck (an optional peer dependency), which
 * neither the SDK nor the browser page should install or bundle.
 */

export { endingScreen, loadPath, pathCode } from '#engine/path';
export { loadQuestionTypes, type QuestionTypeNeeds, questionHooks } from '#engine/question-types';
export { loadRepeat, repeatCode } from '#engine/repeat';
export { loadTranslator, translator } from '#engine/translate';
export { loadVariables, variablesCode } from '#engine/variables';
export {
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  SCHEMA_LIMITS,
  supportedLanguage,
} from '../models/limits.js';
export { jsonPath } from './integrity/paths.js';
export { RESERVED_IDS } from './integrity/references.js';
export { schemaByteLength } from './integrity/size-limits.js';
export { isIsoDate } from './integrity/values.js';
export {
  calendarDay,
  codePointLength,
  isEmptyAnswer,
  isEntry,
  toNumber,
} from './logic/answer-values.js';
export type {
  CompiledCondition,
  ConditionTarget,
} from './logic/conditions.js';
export { compileCondition, compileWhen } from './logic/conditions.js';
export { byDisplayOrder, isFieldRequired } from './logic/display.js';
export { EXPRESSION_OPERATIONS, type ExpressionOperation } from './logic/expression-operations.js';
export {
  fieldOrder,
  formPages,
  formPath,
  hasSamePageLogic,
  type PageValidation,
  pageOfField,
  pageOrder,
  validatePage,
} from './logic/pages.js';
export type { EndingScreen } from './logic/path.js';
export { type FormPath, needsPathCode } from './logic/path-basics.js';
export {
  type PrefilledAnswer,
  type PrefillParams,
  type PrefillTarget,
  prefillAnswers,
  prefillTargets,
} from './logic/prefill.js';
export type { VisibilityPlan } from './logic/visibility.js';
export { compileVisibility, evaluateVisibility, visibilityPlanFor } from './logic/visibility.js';
export type { FormTexts } from './messages/form-texts.js';
export type { MessageKey, MessageParams, MessageTable, PluralText } from './messages/index.js';
export { fillPlaceholders, formatMessage } from './messages/index.js';
export {
  addLanguagePack,
  formTextsFor,
  hasLanguagePack,
  type LanguagePack,
  languagePack,
  messagesFor,
  submitText,
} from './messages/packs.js';
export {
  EMPTY_ANSWER,
  isMultipleChoice,
  type QuestionFamily,
  questionFamily,
  usesQuestionTypes,
} from './question-types/basics.js';
export type { QuestionFigure, QuestionKind } from './question-types/kinds.js';
export { type PhoneNumbering, phoneNumbering } from './question-types/phone-numbering.js';
export type {
  ComparedAs,
  ConditionPart,
  ExportColumn,
  FieldText,
  QuestionTypeEntry,
} from './question-types/table.js';
export { RULE_FIELD_TYPES } from './rule-types.js';
export { entryAnswers } from './texts/entry-answers.js';
export { acceptedLanguages, formLanguages, type LanguageRequest, pickLanguage } from './texts/languages.js';
export { type RecallContext, recallReferences, recallText } from './texts/recall.js';
export { RESPONDENT_COPY_SUBJECT, type TranslatableText, translationKeys } from './texts/translation-keys.js';
export type {
  Answers,
  AnswerValue,
  FileAnswer,
  SchemaProblem,
  SchemaProblemCode,
  ValidationIssue,
  ValidationResult,
  VariableValue,
  VariableValues,
  Visibility,
} from './types.js';
export {
  ANSWER_LENGTH_LIMITS,
  effectiveMaxUploadMB,
  isEmailAddress,
  mimeTypeAllowed,
  SIGNATURE_MAX_MB,
  takesUpload,
  type UploadTarget,
  uploadTypes,
} from './validate/answer-checks.js';
export type { CompiledForm, CompileOptions } from './validate/compile-form.js';
export { compileForm } from './validate/compile-form.js';
export type { PatternCompiler, PatternMatcher } from './validate/rule-checks.js';
// the form model's logic (docs/form-model.md "Variables and scores"): variables, expressions
export {
  checkAnswerTypes,
  compiledFormFor,
  computeVariables,
  validateResponse,
} from './validate/validate-response.js';
