import type { QuestionType } from '../../models/field.js';
import { QUESTION_KINDS } from './kinds.js';
import { type QuestionTypeEntry, questionTypeEntries } from './table.js';

/** Every question type's entry (kind and code), in the order of `QUESTION_TYPES`. */
export const QUESTION_TYPE_ENTRIES: readonly QuestionTypeEntry[] = questionTypeEntries(QUESTION_KINDS);

const BY_TYPE = new Map<string, QuestionTypeEntry>(QUESTION_TYPE_ENTRIES.map((e) => [e.type, e]));

/** The entry of a question type; `undefined` for the original ten types. */
export function questionType(type: string): QuestionTypeEntry | undefined {
  return BY_TYPE.get(type as QuestionType);
}
