import type { Field, FileAnswer, FormSchema } from '@formloom/contract';
import {
  formPages,
  type PrefilledAnswer,
  pageOfField,
  prefillAnswers,
  prefillTargets,
  recallText,
  validatePage,
} from '@formloom/contract/engine';
import { repeatTexts } from '@formloom/contract/engine/repeat-texts';
import {
  type EntryAction,
  entriesIn,
  entryCountName,
  entryField,
  entryFieldsOf,
  entryName,
  entryPairs,
  HONEYPOT_INPUT_NAME,
  PLAIN_ACTION_FIELD,
  type PlainAction,
  type PlainPost,
  parseEntryAction,
  postedAnswer,
  postedPairs,
  SEED_FIELD,
  tally,
} from '@formloom/elements/markup';
import { entryBounds } from '@formloom/runtime/repeat';
import type { Request } from 'express';
import { compileServerForm } from '../../util/server-form.js';
import type { PlainPostBody } from './plain-post-body.js';
import { TOKEN_FIELD } from './plain-post-body.js';

/** The page a plain post was sent from (a paged form's section id). */
export const PAGE_FIELD = 'fl_page';

/** The query string's prefill (`/f/:code?name=Ann`), as the page's script reads it. */
export function prefillOf(schema: FormSchema, req: Request): Record<string, PrefilledAnswer> {
  const query = req.originalUrl.split('?')[1] ?? '';
  return prefillAnswers(schema, new URLSearchParams(query));
}

function isFileAnswer(value: unknown): value is FileAnswer {
  const v = value as Partial<FileAnswer> | null;
  return typeof v === 'object' && v !== null && typeof v.uploadId === 'string' && v.uploadId !== '';
}

/** A stored upload carried from an earlier press: the claim is checked again on submission. */
function carriedFile(text: string | undefined): FileAnswer | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isFileAnswer(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answers of a plain post, as the page's script would send them (strings, a list for a
 * checkbox, the stored upload for a file): a field's controls and its carried hidden input post
 * under the field's id; a file chosen now replaces the one carried. Prefill that may not be edited
 * comes from the page's URL (the post's action keeps its query), whatever was posted.
 */
export function answersOf(schema: FormSchema, body: PlainPostBody, req: Request): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const get = (name: string) => body.fields.get(name) ?? [];
  const repeating = schema.sections.filter((s) => s.repeat !== undefined);
  const inEntries = new Set(repeating.map((s) => s.id));
  for (const field of schema.fields) {
    if (inEntries.has(field.sectionId)) continue;
    const value = answerOf(field, body, get);
    if (value !== undefined) answers[field.id] = value;
  }
  // A repeating section's entries: as many as its count input says (within its bounds), each
  // entry's fields posted under their entry paths (`guests[1].name`). Files are not taken in entries.
  for (const section of repeating) {
    const posted = Number.parseInt(get(entryCountName(section.id))[0] ?? '', 10);
    const count = Math.min(Number.isFinite(posted) ? Math.max(posted, 0) : 0, entryBounds(section).max);
    const entries: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const entry: Record<string, unknown> = {};
      for (const field of entryFieldsOf(schema, section.id)) {
        if (field.type === 'file' || field.type === 'signature') continue;
        const value = answerOf(entryField(field, section.id, i), body, get);
        if (value !== undefined) entry[field.id] = value;
      }
      entries.push(entry);
    }
    if (entries.length > 0) answers[section.id] = entries;
  }
  const prefill = prefillOf(schema, req);
  for (const target of prefillTargets(schema)) {
    const value = prefill[target.fieldId];
    if (!target.editable && value !== undefined) answers[target.fieldId] = value;
  }
  return answers;
}

/** One field's answer as posted under its id (an entry's field: under its entry path). */
function answerOf(field: Field, body: PlainPostBody, get: (name: string) => string[]): unknown {
  const posted = get(field.id).filter((v) => v !== '');
  // A question type's answer is its family's to read (numbers, matrix rows, ranked places, Other).
  const typed = postedAnswer(field, get);
  if (typed !== null) return typed;
  if (field.type === 'file') return body.files.get(field.id) ?? carriedFile(posted.at(-1));
  if (field.type === 'checkbox') return posted.length > 0 ? [...new Set(posted)] : undefined;
  return posted[0];
}

/** An entry's button a plain post pressed (Add, Remove, Move up, Move down), when it was one. */
export function entryActionOf(schema: FormSchema, body: PlainPostBody): EntryAction | undefined {
  const action = parseEntryAction(body.fields.get(PLAIN_ACTION_FIELD)?.[0]);
  return action !== undefined && schema.sections.some((s) => s.id === action.sectionId && s.repeat)
    ? action
    : undefined;
}

/**
 * The answers after an entry's button (the page showed at least the section's fewest entries):
 * an empty entry added at the end, one removed, or one moved; and what the change was, to say.
 * Past the section's bounds, or for an entry that is not there, nothing changes.
 */
export function applyEntryAction(
  schema: FormSchema,
  answers: Record<string, unknown>,
  action: EntryAction,
): { answers: Record<string, unknown>; said: string | undefined } {
  const section = schema.sections.find((s) => s.id === action.sectionId)!;
  const { min, max } = entryBounds(section);
  const entries = entriesIn(answers, section.id);
  while (entries.length < min) entries.push({});
  const count = entries.length;
  const texts = repeatTexts(schema.meta.language);
  const title = recallText(section.title, { schema, answers: {} });
  const i = action.index;
  let said: string | undefined;
  if (action.kind === 'add' && count < max) {
    entries.push({});
    said = tally(texts.added, entryName(texts, title, count), count + 1, max);
  } else if (action.kind === 'remove' && count > min && i < count) {
    entries.splice(i, 1);
    said = tally(texts.removed, entryName(texts, title, i), count - 1, max);
  } else if ((action.kind === 'up' && i > 0 && i < count) || (action.kind === 'down' && i < count - 1)) {
    const to = action.kind === 'up' ? i - 1 : i + 1;
    const [moved] = entries.splice(i, 1);
    entries.splice(to, 0, moved!);
    said = texts.moved
      .replace('{entry}', entryName(texts, title, i))
      .replace('{place}', String(to + 1))
      .replace('{count}', String(count));
  }
  const next = { ...answers };
  if (entries.length > 0) next[section.id] = entries;
  else delete next[section.id];
  return { answers: next, said };
}

/** The respondent's shuffle seed a plain post carries (docs/embedding.md "Question types"). */
export function seedOf(body: PlainPostBody): string | undefined {
  return body.fields.get(SEED_FIELD)?.[0] || undefined;
}

/**
 * The answers the engine counts: those of fields its logic shows, on pages of the path the jumps
 * take (the script sends the same).
 */
export function visibleOnly(schema: FormSchema, answers: Record<string, unknown>): Record<string, unknown> {
  // The compiled form's view: a condition may read a repeating section's entries (`entry: any`),
  // and a section a jump skips is hidden.
  const { hiddenFields } = compileServerForm(schema).visibility(answers);
  return Object.fromEntries(Object.entries(answers).filter(([id]) => !hiddenFields.has(id)));
}

export function actionOf(body: PlainPostBody): PlainAction | undefined {
  const action = body.fields.get(PLAIN_ACTION_FIELD)?.[0];
  return action === 'next' || action === 'back' || action === 'submit' || action === 'update'
    ? action
    : undefined;
}

export function honeypotPosted(body: PlainPostBody): boolean {
  return (body.fields.get(HONEYPOT_INPUT_NAME) ?? []).some((v) => v.trim() !== '');
}

/** Where a post lands: the page to render next, or the submission. */
export type Step =
  | { kind: 'page'; page: string | undefined; errors: Map<string, string> }
  | { kind: 'submit' };

/**
 * The step a press of a button takes: Update shows the same page again for its answers (fields
 * they show appear), judging and storing nothing; Back moves without judging; Next judges this
 * page alone (`validatePage`, as the script does) and moves on; Submit, or Enter, on the last page
 * submits (and the submission judges everything). The pages follow the answers, so a page that a
 * condition removed gives way to the one before it, as in the script.
 */
export function stepOf(
  schema: FormSchema,
  answers: Record<string, unknown>,
  posted: string | undefined,
  action: PlainAction | undefined,
): Step {
  const paged = schema.settings?.layout === 'paged';
  if (!paged && action === 'update') return { kind: 'page', page: undefined, errors: new Map() };
  if (!paged) return { kind: 'submit' };
  const pages = formPages(schema, answers);
  const at = posted === undefined ? 0 : Math.max(pages.indexOf(posted), 0);
  const current = pages[at];
  if (action === 'update') return { kind: 'page', page: current, errors: new Map() };
  if (action === 'back') return { kind: 'page', page: pages[Math.max(at - 1, 0)], errors: new Map() };
  if (current === undefined || (at >= pages.length - 1 && action !== 'next')) return { kind: 'submit' };
  const checked = validatePage(compileServerForm(schema), answers, current);
  if (!checked.ok) return { kind: 'page', page: current, errors: messagesByField(checked.errors) };
  if (at >= pages.length - 1) return { kind: 'submit' };
  return { kind: 'page', page: pages[at + 1], errors: new Map() };
}

/** Messages per field, joined when several rules fail at once (the script shows the same). */
export function messagesByField(
  issues: readonly { fieldId?: string | undefined; message: string }[],
): Map<string, string> {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    if (issue.fieldId === undefined) continue;
    const before = byField.get(issue.fieldId);
    byField.set(issue.fieldId, before === undefined ? issue.message : `${before} ${issue.message}`);
  }
  return byField;
}

/** The page of the first field in error (a submission's errors may be on any page). */
export function pageOfFirstError(
  schema: FormSchema,
  errors: ReadonlyMap<string, string>,
): string | undefined {
  // A field's id, an entry's path (`guests[1].name`) or a repeating section's id: each on a page.
  const first = [...errors.keys()].find(
    (id) =>
      !schema.fields.some((f) => f.id === id && f.type === 'hidden') && pageOfField(schema, id) !== undefined,
  );
  return first === undefined ? undefined : pageOfField(schema, first);
}

/**
 * The markup's plain-post part for a page: the token, the page, and as hidden inputs every answer
 * whose control is not on it (other pages' answers), so the next press posts all. Hidden fields
 * are never rendered: their values stay in the page's URL, which the post's action keeps, and
 * `answersOf` reads them from there.
 */
export function plainPostOf(
  schema: FormSchema,
  token: string,
  answers: Record<string, unknown>,
  update: PlainPost['update'],
  state?: PlainPost['state'],
): PlainPost {
  const paged = schema.settings?.layout === 'paged';
  const hidden: [string, string][] = [[TOKEN_FIELD, token]];
  if (state?.page !== undefined) hidden.push([PAGE_FIELD, state.page]);
  const repeating = new Set(schema.sections.filter((s) => s.repeat).map((s) => s.id));
  for (const field of schema.fields) {
    if (field.type === 'hidden' || state === undefined || !paged || field.sectionId === state.page) continue;
    if (!repeating.has(field.sectionId)) hidden.push(...postedPairs(field, answers[field.id]));
  }
  // Another page's repeating section: its entries, as their own controls would post them.
  for (const section of schema.sections) {
    if (repeating.has(section.id) && state !== undefined && paged && section.id !== state.page)
      hidden.push(...entryPairs(schema, section, answers));
  }
  const visibility = repeating.size === 0 ? undefined : compileServerForm(schema).visibility(answers);
  const post: PlainPost = { hidden, answers, update, visibility };
  return state === undefined ? post : { ...post, state };
}
