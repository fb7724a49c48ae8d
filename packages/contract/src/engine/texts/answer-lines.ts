import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import { isEntry } from '../logic/answer-values.js';
import { byDisplayOrder } from '../logic/display.js';
import { answerDisplayText } from '../question-types/table.js';
import { entryAnswers } from './entry-answers.js';
import { type RecallContext, recallText } from './recall.js';

/** One answered field as a person reads it: its label, its answer's display text, the field. */
export interface AnswerLine {
  readonly field: Field;
  readonly label: string;
  readonly value: string;
}

/** One entry of a repeating section: "Guests 2" (the section's title and its number from 1), its answered fields. */
export interface EntryLines {
  readonly label: string;
  readonly lines: readonly AnswerLine[];
}

/** A field's answer, or a repeating section's entries under its title, in the order the form shows them. */
export type AnswerItem =
  | { readonly kind: 'field'; readonly line: AnswerLine }
  | {
      readonly kind: 'entries';
      readonly section: Section;
      readonly title: string;
      readonly entries: readonly EntryLines[];
    };

export interface AnswerLinesOptions {
  variables?: RecallContext['variables'];
  /** Which answered fields to show (all unless this says no). */
  include?: (field: Field) => boolean;
}

/**
 * The entries of a repeating section (`answers[sectionId] = [{fieldId: value}, …]`) as labelled
 * display text: each entry numbered from 1 after the section's title ("Guests 1"), its answered
 * fields in the form's order with their labels (recalled with that entry's answers on top of the
 * response's); an answer that is not a list gives no entries. Plain text: insert it as text, never
 * as HTML.
 */
export function entryLines(
  schema: FormSchema,
  section: Section,
  answers: Readonly<Record<string, unknown>>,
  options: AnswerLinesOptions = {},
): EntryLines[] {
  const answer = Object.hasOwn(answers, section.id) ? answers[section.id] : undefined;
  if (!Array.isArray(answer)) return [];
  const fields = byDisplayOrder(schema.fields.filter((f) => f.sectionId === section.id));
  return answer.map((entry, index) => {
    const own = isEntry(entry) ? entry : {};
    const context = {
      schema,
      answers: entryAnswers(answers, section.id, index),
      variables: options.variables,
    };
    const recall = (text: string) => recallText(text, context);
    const lines: AnswerLine[] = [];
    for (const field of fields) {
      if (options.include?.(field) === false || !Object.hasOwn(own, field.id)) continue;
      const value = answerDisplayText(field, own[field.id]);
      if (value === '') continue;
      lines.push({ field, label: recall(field.label), value });
    }
    return { label: `${recall(section.title)} ${index + 1}`, lines };
  });
}

/**
 * An entry on one line: `Guests 1: Guest name: Ada; Age: 40` (just its label when nothing in it
 * was answered).
 */
export function entryLineText(entry: EntryLines): string {
  if (entry.lines.length === 0) return entry.label;
  return `${entry.label}: ${entry.lines.map((l) => `${l.label}: ${l.value}`).join('; ')}`;
}

/**
 * The answers of a response as a person reads them (docs/form-model.md "Repeating sections"), in
 * the order the form shows its fields: each answered field with its label and display text
 * (`answerDisplayText`), a repeating section's answer as its numbered entries (`entryLines`) where
 * its first field would be. Unanswered fields and sections are left out; a repeating section
 * answered with an empty list is there with no entries.
 *
 * ```ts
 * answerItems(schema, { host: 'Ada', guests: [{ name: 'Bo', age: 40 }] });
 * // [{kind: 'field', line: {label: 'Your name', value: 'Ada', …}},
 * //  {kind: 'entries', title: 'Guests', entries: [{label: 'Guests 1', lines: [Guest name: Bo, Age: 40]}], …}]
 * ```
 */
export function answerItems(
  schema: FormSchema,
  answers: Readonly<Record<string, unknown>>,
  options: AnswerLinesOptions = {},
): AnswerItem[] {
  const context = { schema, answers, variables: options.variables };
  const sections = byDisplayOrder(schema.sections);
  const sectionRank = new Map(sections.map((s, i) => [s.id, i] as const));
  const repeating = new Map(sections.filter((s) => s.repeat !== undefined).map((s) => [s.id, s] as const));
  const fields = [...schema.fields].sort(
    (a, b) => (sectionRank.get(a.sectionId) ?? 0) - (sectionRank.get(b.sectionId) ?? 0) || a.order - b.order,
  );
  const items: AnswerItem[] = [];
  const shown = new Set<string>();
  for (const field of fields) {
    const section = repeating.get(field.sectionId);
    if (section !== undefined) {
      if (shown.has(section.id) || !Object.hasOwn(answers, section.id)) continue;
      shown.add(section.id);
      const entries = entryLines(schema, section, answers, options);
      items.push({ kind: 'entries', section, title: recallText(section.title, context), entries });
      continue;
    }
    if (options.include?.(field) === false || !Object.hasOwn(answers, field.id)) continue;
    const value = answerDisplayText(field, answers[field.id]);
    if (value === '') continue;
    items.push({ kind: 'field', line: { field, label: recallText(field.label, context), value } });
  }
  return items;
}
