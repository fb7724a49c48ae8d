/**
 * `@formloom/runtime/repeat`: the entries of a repeating section (docs/form-model.md "Repeating
 * sections"), edited through a runtime. The section's answer is a list of objects, one per entry,
 * by the section's id; these functions replace it with `setAnswer`, so visibility, variables and
 * the errors on show follow as for any answer. Kept apart from the runtime so that a renderer
 * loads it only for a form that has a repeating section.
 *
 * ```ts
 * addEntry(form, 'guests');
 * setEntryAnswer(form, 'guests', 0, 'name', 'Ada');
 * entryText(form, 'Guest {{name}}', 'guests', 0); // 'Guest Ada'
 * ```
 */
import type { Section } from '@formloom/contract';
import { SCHEMA_LIMITS } from '@formloom/contract/engine/parts';
import type { FormRuntime, FormState } from './runtime.js';

type Entry = Readonly<Record<string, unknown>>;

/** The section of the form with this id when it repeats. */
export function repeatingSection(state: FormState, sectionId: string): Section | undefined {
  return state.schema?.sections.find((s) => s.id === sectionId && s.repeat !== undefined);
}

/** The entries of a repeating section now (an empty list when there are none). */
export function entriesOf(state: FormState, sectionId: string): readonly Entry[] {
  const value = state.answers[sectionId];
  return Array.isArray(value) ? (value as Entry[]) : [];
}

/** The most entries the section takes (its `repeat.max`, else the schema's limit) and the fewest (`min`, else 0). */
export function entryBounds(section: Section): { min: number; max: number } {
  return { min: section.repeat?.min ?? 0, max: section.repeat?.max ?? SCHEMA_LIMITS.maxRepeatEntries };
}

function write(form: FormRuntime, sectionId: string, entries: Entry[]): boolean {
  return form.setAnswer(sectionId, entries.length === 0 ? undefined : entries);
}

/** Adds an empty entry at the end; false at the section's `max` or when it is not a repeating one. */
export function addEntry(form: FormRuntime, sectionId: string): boolean {
  const state = form.getState();
  const section = repeatingSection(state, sectionId);
  const entries = entriesOf(state, sectionId);
  if (section === undefined || entries.length >= entryBounds(section).max) return false;
  return write(form, sectionId, [...entries, {}]);
}

/** Removes the entry at `index`; false when there is none. */
export function removeEntry(form: FormRuntime, sectionId: string, index: number): boolean {
  const entries = entriesOf(form.getState(), sectionId);
  if (index < 0 || index >= entries.length) return false;
  return write(
    form,
    sectionId,
    entries.filter((_, i) => i !== index),
  );
}

/** Moves the entry at `from` to `to` (both counted from 0); false when either is out of range. */
export function moveEntry(form: FormRuntime, sectionId: string, from: number, to: number): boolean {
  const entries = [...entriesOf(form.getState(), sectionId)];
  if (from === to || from < 0 || to < 0 || from >= entries.length || to >= entries.length) return false;
  const [moved] = entries.splice(from, 1);
  entries.splice(to, 0, moved!);
  return write(form, sectionId, entries);
}

/**
 * Sets (or with `undefined`, clears) the answer of one field in one entry; false when the entry
 * does not exist or the field is not the section's.
 */
export function setEntryAnswer(
  form: FormRuntime,
  sectionId: string,
  index: number,
  fieldId: string,
  value: unknown,
): boolean {
  const state = form.getState();
  const entries = [...entriesOf(state, sectionId)];
  const own = state.schema?.fields.some((f) => f.id === fieldId && f.sectionId === sectionId);
  if (!own || index < 0 || index >= entries.length) return false;
  const entry: Record<string, unknown> = { ...entries[index] };
  if (value === undefined) delete entry[fieldId];
  else entry[fieldId] = value;
  entries[index] = entry;
  return write(form, sectionId, entries);
}

/** The answer of a field in an entry. */
export function entryAnswer(state: FormState, sectionId: string, index: number, fieldId: string): unknown {
  const entry = entriesOf(state, sectionId)[index];
  return entry !== undefined && Object.hasOwn(entry, fieldId) ? entry[fieldId] : undefined;
}

/** Whether a field is hidden in an entry by its conditions (that entry's answers). */
export function hiddenInEntry(state: FormState, sectionId: string, index: number, fieldId: string): boolean {
  return state.hiddenInEntries[sectionId]?.[index]?.has(fieldId) ?? false;
}

/** The path that names a field of an entry in `state.errors` and in the server's issues. */
export function entryPath(sectionId: string, index: number, fieldId: string): string {
  return `${sectionId}[${index}].${fieldId}`;
}

/** A text shown in an entry, with `{{id}}` recall of that entry's answers (and the form's). */
export function entryText(form: FormRuntime, template: string, sectionId: string, index: number): string {
  // The engine's `entryAnswers` (the entry's answers on top of the form's), spelled out here: a
  // renderer's entries chunk imports this module, and an engine module from it would be split out
  // of the renderer's start (docs/embedding.md "Sizes").
  return form.text(template, { ...form.visibleAnswers(), ...entriesOf(form.getState(), sectionId)[index] });
}
