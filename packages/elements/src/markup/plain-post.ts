import type { Field, FormSchema, Section } from '@formloom/contract';
import {
  entryAnswers,
  type FormTexts,
  formPages,
  hasSamePageLogic,
  isEntry,
  recallText,
  submitText,
  type Visibility,
} from '@formloom/contract/engine';
import { repeatTexts } from '@formloom/contract/engine/repeat-texts';
import { entryBounds } from '@formloom/runtime/repeat';
import { ALL_FAMILIES } from './families/index.js';
import { familyOf } from './family.js';
import type { PlainMarkup, Shown } from './form.js';
import { renderField, unanswered } from './form.js';
import { html, type SafeHtml } from './html.js';
import { ids } from './ids.js';
import {
  ENTRY_SLOT,
  entriesMarkup,
  entryCountName,
  entryField,
  entryFieldsOf,
  entryName,
  repeatIds,
} from './repeat.js';

/**
 * The server's page as a plain HTML form (docs/embedding.md "The page without JavaScript"). Kept apart from
 * form.ts, so `<formloom-form>`'s bundle, which never posts a form, does not carry it.
 */

/**
 * The action a plain post's button names (`fl_action`), read by the server's page. `update` shows
 * the same page again for the answers given (fields their logic shows), judging and storing nothing.
 */
export type PlainAction = 'next' | 'back' | 'submit' | 'update';
export const PLAIN_ACTION_FIELD = 'fl_action';
/** The sentence before Update saying what it does (here, not in ids.ts: the element never shows it). */
const UPDATE_NOTE_ID = 'fl-update-note';

/**
 * A form that posts itself (`method="post"`, multipart) to its page. Without `state` (the page as
 * first served, which its script takes over) the script's controls stay as they are and
 * `<noscript>` adds enabled buttons; with `state` (a page the server rendered after a post, which
 * has no script) the markup is the state: the current page's sections only, answers filled in,
 * errors at their fields and summed up at the top.
 */
export interface PlainPost {
  /** Hidden inputs posted with every press of a button (the signed token, the page, other pages' answers). */
  hidden: readonly (readonly [name: string, value: string])[];
  /** Answers to show in the controls (prefill on first render; what was posted after). */
  answers?: Record<string, unknown>;
  state?: PostedState;
  /** The Update button's texts (its label, and the sentence before it saying what it does). */
  update?: { label: string; note: string } | undefined;
  /**
   * What the answers hide, worked out by the server's compiled form (a form with repeating sections:
   * a condition may read their entries), with the fields hidden in each entry by section id.
   */
  visibility?: Visibility | undefined;
}

export interface PostedState {
  /** The page on show (a section id) of a paged form. */
  page: string | undefined;
  /** Messages per field id, in the order the fields are shown. */
  errors: ReadonlyMap<string, string>;
  /** A message for the whole form (a captcha that needs JavaScript). */
  status?: string | undefined;
  /** The respondent's shuffle seed as posted, so the page shows the same order again. */
  seed?: string | undefined;
  /** What an entry's button just did ("Guests 2 added."), said in its section. */
  said?: { sectionId: string; text: string } | undefined;
}

/** The entries of a repeating section in the answers (a list of objects; anything else is none). */
export function entriesIn(answers: Record<string, unknown>, sectionId: string): Record<string, unknown>[] {
  const value = answers[sectionId];
  return Array.isArray(value) ? value.filter(isEntry) : [];
}

/**
 * The name/value pairs a repeating section's entries post as: how many there are, then each
 * entry's answers under their entry paths (a page's hidden inputs for another page's entries).
 */
export function entryPairs(
  schema: FormSchema,
  section: Section,
  answers: Record<string, unknown>,
): [string, string][] {
  const entries = entriesIn(answers, section.id);
  const pairs: [string, string][] = [[entryCountName(section.id), String(entries.length)]];
  entries.forEach((entry, i) => {
    for (const f of entryFieldsOf(schema, section.id))
      pairs.push(...postedPairs(entryField(f, section.id, i), entry[f.id]));
  });
  return pairs;
}

/** The values an answer posts as under its field's name: a stored upload as its JSON. */
export function postedValues(field: Field, value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (field.type === 'file') return typeof value === 'object' ? [JSON.stringify(value)] : [];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'object' ? [] : [String(value)];
}

/**
 * The name/value pairs an answer posts as: a question type's as its family posts it (matrix rows,
 * ranked places, the Other text), any other under its field's id (`postedValues`).
 */
export function postedPairs(field: Field, value: unknown): [name: string, value: string][] {
  const family = familyOf(field);
  const drawn = family === undefined ? undefined : ALL_FAMILIES[family];
  if (drawn !== undefined) return value === undefined ? [] : drawn.post(field, value);
  return postedValues(field, value).map((v) => [field.id, v]);
}

/**
 * A question type's answer read back from a plain post's parts (numbers, matrix rows, ranked
 * places, the Other text); `null` for a field its family does not draw (the caller reads it).
 */
export function postedAnswer(field: Field, get: (name: string) => string[]): unknown {
  const family = familyOf(field);
  const drawn = family === undefined ? undefined : ALL_FAMILIES[family];
  return drawn === undefined ? null : drawn.posted(field, get);
}

/** The button Enter in a field presses: Submit on the last page (or a form of one), else Next. */
function primaryAction(paged: boolean, at: number, pages: number): 'submit' | 'next' {
  return !paged || at >= pages - 1 ? 'submit' : 'next';
}

/** `secondary`: Back and Update; `unseen`: the copy of Next or Submit that Enter presses (see plainUpdate). */
function plainButton(action: PlainAction, label: string, kind?: 'secondary' | 'unseen'): SafeHtml {
  const attributes =
    kind === 'unseen'
      ? html`class="fl-sr" tabindex="-1" aria-hidden="true"`
      : html`class="fl-button${kind === 'secondary' ? ' fl-secondary' : ''}"`;
  return html`<button type="submit" ${attributes} name="${PLAIN_ACTION_FIELD}" value="${action}">${label}</button>`;
}

/**
 * The buttons: enabled, no ids (the script's own stay as they are), each naming its action. Next
 * or Submit comes first, so Enter in a field presses it rather than Back.
 */
function plainActions(
  schema: FormSchema,
  texts: FormTexts,
  paged: boolean,
  at: number,
  pages: number,
): SafeHtml {
  const primary = primaryAction(paged, at, pages);
  return html`<div class="fl-actions fl-plain-actions">
${primary === 'submit' ? plainButton('submit', submitText(schema, texts)) : plainButton('next', texts.next)}
${paged && at > 0 ? plainButton('back', texts.back, 'secondary') : ''}
</div>`;
}

/**
 * Update, on a page with a field its own answers show or hide (`hasSamePageLogic`): without a
 * script such a field appears only after a post, so this one shows the page again for the answers
 * given. After the fields, before the buttons, so the keyboard meets it before Next. Enter in a
 * field presses a form's first submit button, so a copy of Next (or Submit) comes first, hidden
 * from sight, the keyboard and screen readers: Enter keeps meaning Next.
 */
function plainUpdate(
  schema: FormSchema,
  texts: FormTexts,
  update: NonNullable<PlainPost['update']>,
  paged: boolean,
  at: number,
  pages: number,
): SafeHtml {
  const primary = primaryAction(paged, at, pages);
  const label = primary === 'submit' ? submitText(schema, texts) : texts.next;
  return html`<div class="fl-plain-update">
${plainButton(primary, label, 'unseen')}
<p class="fl-help" id="${UPDATE_NOTE_ID}">${update.note}</p>
<button type="submit" class="fl-button fl-secondary" name="${PLAIN_ACTION_FIELD}" value="update" aria-describedby="${UPDATE_NOTE_ID}">${update.label}</button>
</div>`;
}

/**
 * The errors at the top: each the field's label as a link to the field, then its message as a
 * second part (a label ending in "?" read badly joined to the message by ": ").
 */
function errorSummary(schema: FormSchema, errors: ReadonlyMap<string, string>, texts: FormTexts): SafeHtml {
  const fields = new Map(schema.fields.map((f) => [f.id, f]));
  const repeating = new Map(schema.sections.filter((s) => s.repeat).map((s) => [s.id, s]));
  const items = [...errors].flatMap(([key, message]) => {
    // A repeating section's own error (too few or too many entries) links to its Add.
    const section = repeating.get(key);
    if (section !== undefined)
      return [
        html`<li><a href="#${repeatIds.add(key)}">${unanswered(schema, section.title)}</a> — ${message}</li>\n`,
      ];
    // A field of an entry (`guests[1].name`): "Guests 2: Name".
    const inEntry = /^(.+)\[(\d+)\]\.([^.[\]]+)$/.exec(key);
    const of = inEntry === null ? undefined : repeating.get(inEntry[1]!);
    const fieldId = of === undefined ? key : inEntry![3]!;
    const field = fields.get(fieldId);
    if (field === undefined || field.type === 'hidden') return [];
    const prefix =
      of === undefined
        ? ''
        : `${entryName(repeatTexts(schema.meta.language), unanswered(schema, of.title), Number(inEntry![2]))}: `;
    const shownField = of === undefined ? field : entryField(field, of.id, Number(inEntry![2]));
    const grouped = field.type === 'radio' || field.type === 'checkbox';
    // A question type's first control is its family's: the link goes to the field.
    const target =
      familyOf(field) !== undefined
        ? ids.wrapper(shownField.id)
        : grouped
          ? ids.option(shownField.id, 0)
          : ids.control(shownField.id);
    return [
      html`<li><a href="#${target}">${prefix}${unanswered(schema, field.label)}</a> — ${message}</li>\n`,
    ];
  });
  return html`<div class="fl-alert fl-summary" id="${ids.summary}" role="alert">
<p>${texts.fixErrors}</p>
<ul>
${items}</ul>
</div>`;
}

/**
 * A form with repeating sections has buttons of its entries (Move up, Remove, Add) before Next or
 * Submit, and Enter in a field presses a form's first submit button: a copy of Next (or Submit)
 * comes first, hidden from sight, the keyboard and screen readers, so Enter keeps meaning Next.
 */
function enterPresses(
  schema: FormSchema,
  texts: FormTexts,
  answers: Record<string, unknown>,
  page: string | undefined,
): SafeHtml | '' {
  if (!schema.sections.some((s) => s.repeat)) return '';
  const paged = schema.settings?.layout === 'paged';
  const pages = formPages(schema, answers);
  const at = page === undefined ? 0 : Math.max(pages.indexOf(page), 0);
  const primary = primaryAction(paged, at, pages.length);
  return plainButton(primary, primary === 'submit' ? submitText(schema, texts) : texts.next, 'unseen');
}

/** The parts `renderForm` places for a plain post (its `plain` option). */
export function plainPostMarkup(schema: FormSchema, texts: FormTexts, post: PlainPost): PlainMarkup {
  const { state } = post;
  const answers = post.answers ?? {};
  const errors = state?.errors ?? new Map<string, string>();
  return {
    answers,
    visibility: post.visibility,
    posted: state !== undefined,
    page: state?.page,
    start: html`${post.hidden.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">\n`)}${enterPresses(schema, texts, answers, state?.page)}`,
    summary: errors.size > 0 ? errorSummary(schema, errors, texts) : '',
    status: state?.status,
    shown(field): Shown {
      const value = answers[field.id];
      const values = postedValues(field, value);
      const name = (value as { name?: unknown } | undefined)?.name;
      // A stored upload (an earlier press) stays the answer unless another file is chosen.
      const extra =
        field.type === 'file' && values[0] !== undefined
          ? html`<p class="fl-upload-status" id="${ids.uploadKept(field.id)}">${texts.uploaded.replace('{name}', String(name ?? ''))}</p>
<input type="hidden" name="${field.id}" value="${values[0]}">`
          : undefined;
      return { values, answer: value, error: errors.get(field.id), extra };
    },
    entries(section, fields, options) {
      const sid = section.id;
      const entries = entriesIn(answers, sid);
      const { min, max } = entryBounds(section);
      const hidden = post.visibility?.entries?.[sid];
      const said = state?.said?.sectionId === sid ? state.said.text : undefined;
      const addLabel = section.repeat?.addLabel;
      return entriesMarkup({
        section,
        title: unanswered(schema, section.title),
        texts: repeatTexts(schema.meta.language),
        count: Math.min(Math.max(entries.length, min), max),
        min,
        max,
        posts: true,
        error: errors.get(sid),
        said,
        ...(addLabel ? { addLabel: unanswered(schema, addLabel) } : {}),
        // Each entry shows the section's description, recalling that entry's answers.
        description: (i) =>
          section.description &&
          recallText(section.description, { schema, answers: entryAnswers(answers, sid, i) }),
        fields: (i) =>
          html`${fields.map((f) => {
            const field = entryField(f, sid, i);
            const value = entries[i]?.[f.id];
            const shown = { values: postedValues(field, value), answer: value, error: errors.get(field.id) };
            return renderField(schema, field, hidden?.[i]?.has(f.id) ?? false, texts, shown, options);
          })}`,
        template: html`${fields.map((f) => renderField(schema, entryField(f, sid, ENTRY_SLOT), false, texts, undefined, options))}`,
      });
    },
    controls(paged, at, pages) {
      const page = formPages(schema, answers)[at];
      const update =
        post.update === undefined || page === undefined || !hasSamePageLogic(schema, page)
          ? undefined
          : plainUpdate(schema, texts, post.update, paged, at, pages);
      const actions = plainActions(schema, texts, paged, at, pages);
      // After a post the page has no script; before, the script's own controls serve when it runs.
      if (state !== undefined) return update === undefined ? actions : html`${update}\n${actions}`;
      return html`${update === undefined ? '' : html`<noscript>${update}</noscript>\n`}<noscript>${actions}</noscript>\n`;
    },
  };
}
