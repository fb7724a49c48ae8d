import type {
  answerDisplayText,
  comparedAs,
  fieldTexts,
  prefillValue,
  questionCheck,
  scoredItems,
} from './table.js';

/**
 * The question types' code as the engine's own modules call it (compile-form, visibility,
 * variables, recall, translations): through `questionHooks()` of `#engine/question-types` rather
 * than an import of table.ts, so that a browser bundle of the engine leaves table.ts out of its
 * start. In Node the hooks are always there (load.ts); in a browser once `loadQuestionTypes()` has
 * answered (load.browser.ts). Before that, each caller treats a field as its own type.
 */
export interface QuestionHooks {
  readonly questionCheck: typeof questionCheck;
  readonly comparedAs: typeof comparedAs;
  readonly fieldTexts: typeof fieldTexts;
  readonly scoredItems: typeof scoredItems;
  readonly answerDisplayText: typeof answerDisplayText;
  readonly prefillValue: typeof prefillValue;
}
