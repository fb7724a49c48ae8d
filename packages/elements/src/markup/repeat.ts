import type { Field, FormSchema, Section } from '@formloom/contract';
import type { RepeatTexts } from '@formloom/contract/engine/repeat-texts';
import { html, type SafeHtml } from './html.js';
import { ids } from './ids.js';

/**
 * The entries of a repeating section (docs/form-model.md "Repeating sections") as markup: the
 * server's page renders them (they work as plain posts without JavaScript) and `<formloom-form>`
 * draws the same from its entries chunk (../entries.ts). Each entry is a fieldset named "Guests 2"
 * whose fields are the section's fields under their entry path (`guests[1].name`: their ids, names
 * and errors), then Move up, Move down and Remove; Add comes after the entries, and a polite live
 * region says each change. Not imported by the element's start (a form without a repeating
 * section loads none of it).
 */

/** What an entry's buttons do: `add:<section>`, `remove:<section>:<index>`, `up:…`, `down:…`. */
export type EntryAction = { kind: 'add' | 'remove' | 'up' | 'down'; sectionId: string; index: number };

export function entryActionText(action: EntryAction): string {
  return action.kind === 'add'
    ? `add:${action.sectionId}`
    : `${action.kind}:${action.sectionId}:${action.index}`;
}

/** A button's action read back (a plain post's `fl_action`, the element's click); `undefined` if it is none. */
export function parseEntryAction(text: string | undefined): EntryAction | undefined {
  const match = /^(add|remove|up|down):([^:]+)(?::(\d{1,3}))?$/.exec(text ?? '');
  if (match === null || (match[1] !== 'add') !== (match[3] !== undefined)) return undefined;
  return { kind: match[1] as EntryAction['kind'], sectionId: match[2]!, index: Number(match[3] ?? -1) };
}

/** The name of the hidden input that carries how many entries a section has (a plain post). */
export function entryCountName(sectionId: string): string {
  return `fl_entries_${sectionId}`;
}

/** A field of the section as drawn in entry `index`: its id is its entry path (`guests[1].name`). */
export function entryField(field: Field, sectionId: string, index: number | string): Field {
  return { ...field, id: `${sectionId}[${index}].${field.id}` };
}

/**
 * A repeating section's fields in display order (hidden-type fields are never drawn, in an entry
 * or not): `order`, then as listed, as the form's other fields.
 */
export function entryFieldsOf(schema: FormSchema, sectionId: string): Field[] {
  return schema.fields
    .filter((f) => f.sectionId === sectionId && f.type !== 'hidden')
    .sort((a, b) => a.order - b.order);
}

/** The index in an entry's markup before it is numbered (the element's template of an entry). */
export const ENTRY_SLOT = '#';

export const repeatIds = {
  repeat: (sectionId: string) => `fl-rp-${sectionId}`,
  entries: (sectionId: string) => `fl-en-${sectionId}`,
  template: (sectionId: string) => `fl-tp-${sectionId}`,
  add: (sectionId: string) => `fl-add-${sectionId}`,
  full: (sectionId: string) => `fl-full-${sectionId}`,
  said: (sectionId: string) => `fl-said-${sectionId}`,
  legend: (sectionId: string, index: number) => `fl-el-${sectionId}-${index}`,
  description: (sectionId: string, index: number) => `fl-ed-${sectionId}-${index}`,
};

/** "{title} {number}": an entry's name, in its legend and its buttons' labels. */
export function entryName(texts: RepeatTexts, title: string, index: number): string {
  return texts.entry.replace('{title}', title).replace('{number}', String(index + 1));
}

/** "Guests 2 added. Entries: 2 of 5." and the like. */
export function tally(template: string, entry: string, count: number, max: number): string {
  return template.replace('{entry}', entry).replace('{count}', String(count)).replace('{max}', String(max));
}

export interface EntriesView {
  section: Section;
  /** The section's title as shown (entries are named after it). */
  title: string;
  texts: RepeatTexts;
  count: number;
  min: number;
  max: number;
  /** The markup of entry `index`'s fields. */
  fields(index: number): SafeHtml;
  /** The section's description as entry `index` shows it (its recall reads that entry's answers). */
  description(index: number): string | undefined;
  /** The section's own error (too few or too many entries). */
  error?: string | undefined;
  /** The Add button's label as shown (`repeat.addLabel`, recalled), else the language's. */
  addLabel?: string | undefined;
  /**
   * Buttons that post the form (`fl_action`, without JavaScript: the server's page); else plain
   * buttons the element's script answers.
   */
  posts: boolean;
  /** What an entry's button just did, in the live region (a page after a plain post). */
  said?: string | undefined;
  /** An entry's fields numbered `ENTRY_SLOT`, which the element's script numbers for each entry it adds. */
  template?: SafeHtml | undefined;
}

/** An entry's or Add's button. `aria-disabled`, not `disabled`: it keeps focus and says why it is off. */
function button(
  view: EntriesView,
  action: EntryAction,
  label: string,
  off: boolean,
  name?: string,
  extra?: SafeHtml,
): SafeHtml {
  const value = entryActionText(action);
  const kind = view.posts
    ? html`type="submit" name="fl_action" value="${value}" formaction="#${ids.section(view.section.id)}"`
    : html`type="button" data-action="${value}"`;
  return html`<button ${kind} class="fl-button fl-secondary fl-entry-${action.kind}"${name === undefined ? '' : html` aria-label="${label}: ${name}"`}${off ? html` aria-disabled="true"` : ''}${extra ?? ''}>${label}</button>`;
}

function description(view: EntriesView, index: number): SafeHtml | '' {
  const text = view.description(index);
  return text
    ? html`<p class="fl-section-description" id="${repeatIds.description(view.section.id, index)}">${text}</p>\n`
    : '';
}

/** The entries with their buttons, and the count a plain post carries: what `.fl-entries` holds. */
export function entryList(view: EntriesView): SafeHtml {
  const { section, texts, count, min } = view;
  const sid = section.id;
  const entries: SafeHtml[] = [];
  for (let i = 0; i < count; i++) {
    const name = entryName(texts, view.title, i);
    const at = (kind: EntryAction['kind']): EntryAction => ({ kind, sectionId: sid, index: i });
    entries.push(html`<fieldset class="fl-entry" data-entry="${i}" aria-labelledby="${repeatIds.legend(sid, i)}">
<legend class="fl-label" id="${repeatIds.legend(sid, i)}">${name}</legend>
${description(view, i)}${view.fields(i)}<div class="fl-entry-actions">
${button(view, at('up'), texts.up, i === 0, name)}
${button(view, at('down'), texts.down, i === count - 1, name)}
${button(view, at('remove'), texts.remove, count <= min, name)}
</div>
</fieldset>
`);
  }
  return html`<input type="hidden" name="${entryCountName(sid)}" value="${count}">
${entries}`;
}

/** The entries, Add, the section's error and the live region: what a repeating section holds under its title. */
export function entriesMarkup(view: EntriesView): SafeHtml {
  const { section, texts, count, max } = view;
  const sid = section.id;
  const full = count >= max;
  const error = view.error;
  return html`<div class="fl-repeat" id="${repeatIds.repeat(sid)}">
<div class="fl-entries" id="${repeatIds.entries(sid)}">
${entryList(view)}</div>
<p class="fl-error" id="${ids.error(sid)}"${error === undefined ? html` hidden` : ''}>${error ?? ''}</p>
${button(view, { kind: 'add', sectionId: sid, index: -1 }, view.addLabel || texts.add, full, undefined, html` id="${repeatIds.add(sid)}"${full ? html` aria-describedby="${repeatIds.full(sid)}"` : ''}`)}
<p class="fl-help" id="${repeatIds.full(sid)}"${full ? '' : html` hidden`}>${texts.full.replace('{max}', String(max))}</p>
<p class="fl-sr" id="${repeatIds.said(sid)}" aria-live="polite">${view.said ?? ''}</p>
${view.template === undefined ? '' : html`<template id="${repeatIds.template(sid)}">${view.template}</template>\n`}</div>
`;
}

/** The entries' rules (the server's page has them in its sheet; the element adopts them with its chunk). */
export const REPEAT_STYLE =
  '.fl-entry{border:1px solid var(--fl-line);border-radius:var(--fl-radius);padding:1rem;margin:0 0 1rem;min-width:0}.fl-entry>legend{padding:0 .25rem}.fl-entry-actions{display:flex;flex-wrap:wrap;gap:.5rem}.fl-entry-actions .fl-button,.fl-entry-add{padding:.4rem 1rem;width:auto}.fl-button[aria-disabled=true]{opacity:.6;cursor:default}';
