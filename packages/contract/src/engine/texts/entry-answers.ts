import { isEntry } from '../logic/answer-values.js';

/**
 * What a text shown in one entry of a repeating section recalls from: the form's answers with that
 * entry's answers on top, so that `{{guest}}` in the section's texts is the entry's guest
 * (docs/form-model.md "Repeating sections"). Outside an entry the section's fields recall nothing,
 * as their answers are not keys of the form's answers.
 *
 * ```ts
 * recallText('Guest {{guest}}', { schema, answers: entryAnswers(answers, 'g', 1) });
 * ```
 */
export function entryAnswers(
  answers: Readonly<Record<string, unknown>>,
  sectionId: string,
  index: number,
): Readonly<Record<string, unknown>> {
  const entries = Object.hasOwn(answers, sectionId) ? answers[sectionId] : undefined;
  const entry = Array.isArray(entries) ? entries[index] : undefined;
  return isEntry(entry) ? { ...answers, ...entry } : answers;
}
