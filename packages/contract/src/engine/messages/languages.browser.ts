import type { Language } from '../../models/limits.js';
import type { enQuestionTypes } from './en-question-types.js';
import type { LanguagePack } from './packs.js';

/**
 * A browser bundle's built-in languages besides English: none. The one a form shows is fetched
 * (`addLanguagePack`), so the six languages' texts (about 3.5 KB gzipped) stay out of the bundle.
 */
export const TRANSLATED: readonly (readonly [Language, LanguagePack])[] = [];

/** Not built in: `loadQuestionTypes()` adds them (`addQuestionTypeMessages`) with the question types' code. */
export const ENGLISH_QUESTION_TYPES: typeof enQuestionTypes | undefined = undefined;
