import type { Field, Section } from '@formloom/contract';
import { repeatTexts } from '@formloom/contract/engine/parts';
import type { FormRuntime, FormState } from '@formloom/runtime';
import {
  addEntry,
  entriesOf,
  entryAnswer,
  entryBounds,
  entryPath,
  entryText,
  hiddenInEntry,
  moveEntry,
  removeEntry,
  setEntryAnswer,
} from '@formloom/runtime/repeat';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CONTROLS, ids } from '../internal/parts.js';

/**
 * The entries of a repeating section (docs/form-model.md "Repeating sections"), loaded only for a
 * form that has one (docs/embedding.md "React: repeating sections"): a group named by the section's
 * title with one fieldset per entry ("Guests 2"), its fields drawn by the form's own components,
 * bound to that entry's answers through `@formloom/runtime/repeat`; Move up, Move down and Remove
 * per entry, Add below, and a polite live region that says each change and the count.
 */

/** Where the form draws one field: its value, its setter, its texts' recall, whether it shows. */
export interface FieldSlot {
  /** The field's path in the answers and in `state.errors` (`guests[1].name`). */
  path: string;
  value: unknown;
  onChange(value: unknown): void;
  /** Hidden by its conditions in this entry. */
  hidden: boolean;
  /** A text of the field with recall of this entry's answers. */
  text(template: string): string;
}

export interface RepeatProps {
  section: Section;
  /** The section's fields in display order. */
  fields: readonly Field[];
  form: FormRuntime;
  state: FormState;
  language: string;
  /** The id of the section's title, which names the group, and the start of the group's ids. */
  titleId: string;
  /** The section's title as shown. */
  title: string;
  /** Draws a field of an entry the way the form draws any field. */
  draw(field: Field, slot: FieldSlot): ReactNode;
}

/** What gets focus after a change: an entry's first control or one of its buttons, or Add. */
type Focus = { entry: number; button?: string } | 'add';

export function RepeatSection({ section, fields, form, state, language, titleId, title, draw }: RepeatProps) {
  const texts = repeatTexts(language);
  const sid = section.id;
  const entries = entriesOf(state, sid);
  const count = entries.length;
  const { min, max } = entryBounds(section);
  const [said, say] = useState('');
  const root = useRef<HTMLFieldSetElement>(null);
  const focus = useRef<Focus | undefined>(undefined);
  /** A key per entry that follows it through moves and removals (React keeps its controls). */
  const keys = useRef<number[]>([]);
  const made = useRef(0);
  while (keys.current.length < count) keys.current.push(made.current++);
  keys.current.length = count;

  // At least `min` entries from the start; counting anew each time, a second run adds none.
  useEffect(() => {
    for (let n = entriesOf(form.getState(), sid).length; n < min; n++) if (!addEntry(form, sid)) break;
  }, [form, sid, min]);

  useEffect(() => {
    const target = focus.current;
    focus.current = undefined;
    const el = root.current;
    if (target === undefined || el === null) return;
    const entry = target === 'add' ? undefined : el.querySelectorAll(':scope > .fl-entry')[target.entry];
    const button = target === 'add' ? undefined : target.button;
    const found = entry?.querySelector<HTMLElement>(button === undefined ? CONTROLS : `.${button}`);
    (found ?? el.querySelector<HTMLElement>('.fl-repeat-add'))?.focus();
  });

  const name = (i: number) => texts.entry.replace('{title}', title).replace('{number}', String(i + 1));
  const tally = (template: string, entry: string, n: number) =>
    template.replace('{entry}', entry).replace('{count}', String(n)).replace('{max}', String(max));

  function add() {
    if (count >= max || !addEntry(form, sid)) return;
    focus.current = { entry: count };
    say(tally(texts.added, name(count), count + 1));
  }

  function remove(i: number) {
    if (count <= min || !removeEntry(form, sid, i)) return;
    keys.current.splice(i, 1);
    // The entry now at that place, else the one before, else Add.
    focus.current = count === 1 ? 'add' : { entry: Math.min(i, count - 2) };
    say(tally(texts.removed, name(i), count - 1));
  }

  function move(i: number, to: number, button: string) {
    if (!moveEntry(form, sid, i, to)) return;
    const [key] = keys.current.splice(i, 1);
    keys.current.splice(to, 0, key!);
    focus.current = { entry: to, button };
    say(
      texts.moved
        .replace('{entry}', name(i))
        .replace('{place}', String(to + 1))
        .replace('{count}', String(count)),
    );
  }

  const errors = state.errors[sid];
  const errorId = `${titleId}-error`;
  const fullId = `${titleId}-full`;
  const full = count >= max;
  const description = section.description;
  const button = (label: string, entry: string, className: string, off: boolean, act: () => void) => (
    <button
      type="button"
      className={`fl-button fl-secondary ${className}`}
      aria-label={`${label}: ${entry}`}
      // aria-disabled, not disabled: a button keeps focus after its last move and says why it is off.
      aria-disabled={off || undefined}
      onClick={off ? undefined : act}
    >
      {label}
    </button>
  );

  return (
    <fieldset
      ref={root}
      className="fl-repeat"
      aria-labelledby={titleId}
      aria-describedby={errors ? errorId : undefined}
      aria-invalid={errors ? true : undefined}
    >
      {entries.map((_, i) => {
        const entry = name(i);
        return (
          <fieldset className="fl-entry" key={keys.current[i]}>
            <legend className="fl-label">{entry}</legend>
            {description ? (
              <p className="fl-section-description">{entryText(form, description, sid, i)}</p>
            ) : null}
            {fields.map((f) =>
              draw(f, {
                path: entryPath(sid, i, f.id),
                value: entryAnswer(state, sid, i, f.id),
                onChange: (value) => setEntryAnswer(form, sid, i, f.id, value),
                hidden: hiddenInEntry(state, sid, i, f.id),
                text: (template) => entryText(form, template, sid, i),
              }),
            )}
            <div className="fl-entry-actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
              {button(texts.up, entry, 'fl-entry-up', i === 0, () => move(i, i - 1, 'fl-entry-up'))}
              {button(texts.down, entry, 'fl-entry-down', i === count - 1, () =>
                move(i, i + 1, 'fl-entry-down'),
              )}
              {button(texts.remove, entry, 'fl-entry-remove', count <= min, () => remove(i))}
            </div>
          </fieldset>
        );
      })}
      {errors ? (
        <p className="fl-error" id={errorId}>
          {errors.join(' ')}
        </p>
      ) : null}
      <button
        type="button"
        className="fl-button fl-secondary fl-repeat-add"
        aria-disabled={full || undefined}
        aria-describedby={ids(full && fullId)}
        onClick={add}
      >
        {section.repeat?.addLabel ? form.text(section.repeat.addLabel) : texts.add}
      </button>
      {full ? (
        <p className="fl-help" id={fullId}>
          {texts.full.replace('{max}', String(max))}
        </p>
      ) : null}
      <p className="fl-sr" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}
