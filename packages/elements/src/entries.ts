import type { Field, Section } from '@formloom/contract';
import { repeatTexts } from '@formloom/contract/engine/repeat-texts';
import type { FormState } from '@formloom/runtime';
import {
  addEntry,
  entriesOf,
  entryBounds,
  entryText,
  hiddenInEntry,
  moveEntry,
  removeEntry,
  setEntryAnswer,
} from '@formloom/runtime/repeat';
import type { ShadowRenderer } from './element.js';
import type { Families } from './markup/family.js';
import { SafeHtml } from './markup/html.js';
import { ids } from './markup/ids.js';
import {
  ENTRY_SLOT,
  type EntriesView,
  type EntryAction,
  entriesMarkup,
  entryField,
  entryFieldsOf,
  entryList,
  entryName,
  parseEntryAction,
  REPEAT_STYLE,
  repeatIds,
  tally,
} from './markup/repeat.js';
import type { UploadHost } from './upload.js';

/**
 * `<formloom-form>`'s repeating sections (docs/form-model.md "Repeating sections"): its own chunk,
 * loaded with a form that has one. The entries are drawn with the markup the server's page uses
 * (./markup/repeat.ts), their fields under their entry paths (`guests[1].name`) and registered
 * with the element as fields of their own, so the element writes their errors, reads their
 * controls and focuses the first in error like any field's; an edit sets the entry's answer
 * through `@formloom/runtime/repeat` (the field's `set`). Add, Remove, Move up and Move down act
 * on the runtime's entries and the list is drawn anew from them, focus kept on the right control
 * and each change said in a polite live region.
 */

/** What the entries need of the element, handed over on mount. */
export interface EntriesHost extends UploadHost {
  /** The element's fields by id: each entry's fields join under their entry paths. */
  fields: Map<string, Field>;
  /** Names the `::part()`s of markup drawn anew. */
  parts(root: ParentNode): void;
  /** The element's own renderer (absent where it took the server's markup over: the template serves). */
  render: ShadowRenderer | undefined;
  families: Families;
  seed: string;
}

/** A field of an entry as the element knows it: its `set` stores an edit in the entry. */
type EntryFieldOf = Field & { set(value: unknown): boolean };

interface Drawn {
  section: Section;
  fields: Field[];
  /** An entry's fields' markup, numbered `ENTRY_SLOT`. */
  template: string;
  /** The entry paths registered with the element for the entries drawn now. */
  paths: string[];
  /** How many entries are drawn (-1: none yet). */
  count: number;
  /** Set before a move: the entries are drawn anew though their count stays. */
  moved?: boolean;
}

/** The entries drawn in each form (its `<form>`): a form drawn anew starts over. */
const drawnIn = new WeakMap<HTMLElement, Map<string, Drawn>>();

export function mount(host: EntriesHost): void {
  const { runtime, dom } = host;
  const schema = runtime.getState().schema!;
  // The element's start loads this chunk for a quiz too (one import there costs less than two):
  // the quiz's buttons and marks are a chunk of their own that this one loads.
  if (schema.settings?.quiz) void import('./quiz.js').then((m) => m.mount(host));
  if (!schema.sections.some((s) => s.repeat)) return;
  const form = dom.byId(ids.form)!;
  const root = form.getRootNode();
  if (root instanceof ShadowRoot) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(REPEAT_STYLE);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  const drawn = new Map<string, Drawn>();
  drawnIn.set(form, drawn);
  for (const section of schema.sections) {
    const el = dom.byId(ids.section(section.id));
    if (section.repeat === undefined || el === null) continue;
    const fields = entryFieldsOf(schema, section.id);
    const render = host.render?.field;
    const template =
      render === undefined
        ? (dom.byId<HTMLTemplateElement>(repeatIds.template(section.id))?.innerHTML ?? '')
        : fields
            .map(
              (f) =>
                render(schema, entryField(f, section.id, ENTRY_SLOT), false, host.texts, undefined, {
                  families: host.families,
                  seed: host.seed,
                }).value,
            )
            .join('');
    const { min } = entryBounds(section);
    for (let n = entriesOf(runtime.getState(), section.id).length; n < min; n++)
      if (!addEntry(runtime, section.id)) break;
    const entry: Drawn = { section, fields, template, paths: [], count: -1 };
    drawn.set(section.id, entry);
    // The server's entries (its page works without a script) give way to the element's.
    dom.byId(repeatIds.repeat(section.id))?.remove();
    el.insertAdjacentHTML('beforeend', entriesMarkup(view(host, entry, 0)).value);
    host.parts(el);
  }
  form.onclick = (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
    const action = parseEntryAction(button?.dataset.action);
    if (action === undefined) return;
    // Not a submission: the buttons are plain ones, yet a click must not reach the form's own.
    event.preventDefault();
    act(host, drawn, action);
  };
  runtime.subscribe((state) => {
    if (drawnIn.get(form) === drawn) draw(host, drawn, state);
  });
  draw(host, drawn, runtime.getState());
}

function view(host: EntriesHost, entry: Drawn, count: number): EntriesView {
  const { runtime } = host;
  const { section } = entry;
  const { min, max } = entryBounds(section);
  const addLabel = section.repeat?.addLabel;
  const slot = `${section.id}[${ENTRY_SLOT}]`;
  return {
    section,
    title: runtime.text(section.title),
    texts: repeatTexts(runtime.getState().schema!.meta.language),
    count,
    min,
    max,
    posts: false,
    description: (index) => section.description && entryText(runtime, section.description, section.id, index),
    fields: (index) => new SafeHtml(entry.template.replaceAll(slot, `${section.id}[${index}]`)),
    ...(addLabel ? { addLabel: runtime.text(addLabel) } : {}),
  };
}

/** An entry's button pressed: the runtime's entries change, the list follows, and the change is said. */
function act(host: EntriesHost, drawn: Map<string, Drawn>, action: EntryAction) {
  const { runtime, dom } = host;
  const entry = drawn.get(action.sectionId);
  if (entry === undefined) return;
  const { section } = entry;
  const sid = section.id;
  const count = entriesOf(runtime.getState(), sid).length;
  const { min, max } = entryBounds(section);
  const texts = repeatTexts(runtime.getState().schema!.meta.language);
  const title = runtime.text(section.title);
  const i = action.index;
  let said: string;
  /** What takes focus once the list is drawn: an entry's first control or one of its buttons; none: Add. */
  let focus: [entry: number, button?: string] | undefined;
  if (action.kind === 'add') {
    if (count >= max || !addEntry(runtime, sid)) return;
    said = tally(texts.added, entryName(texts, title, count), count + 1, max);
    focus = [count];
  } else if (action.kind === 'remove') {
    if (count <= min || !removeEntry(runtime, sid, i)) return;
    said = tally(texts.removed, entryName(texts, title, i), count - 1, max);
    // The entry now at that place, else the one before, else Add.
    focus = count === 1 ? undefined : [Math.min(i, count - 2)];
  } else {
    const to = action.kind === 'up' ? i - 1 : i + 1;
    entry.moved = true;
    if (!moveEntry(runtime, sid, i, to)) {
      entry.moved = false;
      return;
    }
    said = texts.moved
      .replace('{entry}', entryName(texts, title, i))
      .replace('{place}', String(to + 1))
      .replace('{count}', String(count));
    focus = [to, `fl-entry-${action.kind}`];
  }
  dom.byId(repeatIds.said(sid))!.textContent = said;
  const at =
    focus === undefined
      ? undefined
      : dom.byId(repeatIds.entries(sid))?.querySelectorAll<HTMLElement>('.fl-entry')[focus[0]];
  const target =
    at === undefined
      ? undefined
      : focus?.[1] === undefined
        ? dom.firstControlIn(at)
        : at.querySelector<HTMLElement>(`.${focus[1]}`);
  (target ?? dom.byId(repeatIds.add(sid)))?.focus();
}

/** The list drawn anew from the entries: their markup, their fields registered, their answers written in. */
function redraw(host: EntriesHost, entry: Drawn, list: HTMLElement, state: FormState) {
  const { runtime, dom, fields } = host;
  const sid = entry.section.id;
  const entries = entriesOf(state, sid);
  for (const path of entry.paths) fields.delete(path);
  entry.paths = [];
  list.innerHTML = entryList(view(host, entry, entries.length)).value;
  host.parts(list);
  entries.forEach((answers, i) => {
    for (const f of entry.fields) {
      const field = entryField(f, sid, i) as EntryFieldOf;
      field.set = (value) => setEntryAnswer(runtime, sid, i, f.id, value);
      fields.set(field.id, field);
      entry.paths.push(field.id);
      const drawn = dom.drawn(field);
      drawn?.[0].mount?.(field, drawn[1], { upload: () => undefined });
      if (answers[f.id] !== undefined) dom.write(field, answers[f.id]);
      const messages = state.errors[field.id];
      dom.setError(field, messages === undefined ? null : messages.join(' '));
    }
  });
  entry.count = entries.length;
  entry.moved = false;
}

/**
 * Draws the entries for the runtime's state: the list anew when its count changed or an entry
 * moved, then what shows in each entry (its conditions), its texts' recall, the section's error,
 * and Add's state at the most entries.
 */
function draw(host: EntriesHost, drawn: Map<string, Drawn>, state: FormState) {
  const { runtime, dom } = host;
  for (const entry of drawn.values()) {
    const { section } = entry;
    const sid = section.id;
    const list = dom.byId(repeatIds.entries(sid));
    if (list === null) continue;
    const count = entriesOf(state, sid).length;
    if (entry.count !== count || entry.moved) redraw(host, entry, list, state);
    for (let i = 0; i < count; i++) {
      const description = dom.byId(repeatIds.description(sid, i));
      if (description !== null && section.description?.includes('{{'))
        description.textContent = entryText(runtime, section.description, sid, i);
      for (const f of entry.fields) {
        const path = `${sid}[${i}].${f.id}`;
        const wrapper = dom.byId(ids.wrapper(path));
        if (wrapper !== null) wrapper.hidden = hiddenInEntry(state, sid, i, f.id);
        for (const [id, template] of [
          [ids.labelText(path), f.label],
          [ids.help(path), f.helpText],
        ] as const) {
          const el = template?.includes('{{') ? dom.byId(id) : null;
          if (el !== null) el.textContent = entryText(runtime, template!, sid, i);
        }
      }
    }
    const error = state.errors[sid]?.join(' ');
    const slot = dom.byId(ids.error(sid))!;
    slot.textContent = error ?? '';
    slot.hidden = error === undefined;
    const full = count >= entryBounds(section).max;
    const add = dom.byId(repeatIds.add(sid))!;
    if (full) {
      add.setAttribute('aria-disabled', 'true');
      add.setAttribute('aria-describedby', repeatIds.full(sid));
    } else {
      add.removeAttribute('aria-disabled');
      add.removeAttribute('aria-describedby');
    }
    dom.byId(repeatIds.full(sid))!.hidden = !full;
  }
}
