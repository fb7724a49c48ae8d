import type { FileAnswer, FormSchema } from '@formloom/contract';
import {
  compiledFormFor,
  formPages,
  type PrefilledAnswer,
  pageOfField,
  prefillAnswers,
  prefillTargets,
  validatePage,
} from '@formloom/contract/engine';
import {
  HONEYPOT_INPUT_NAME,
  PLAIN_ACTION_FIELD,
  type PlainAction,
  type PlainPost,
  postedAnswer,
  postedPairs,
  SEED_FIELD,
} from '@formloom/elements/markup';
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
  for (const field of schema.fields) {
    const posted = get(field.id).filter((v) => v !== '');
    // A question type's answer is its family's to read (numbers, matrix rows, ranked places, Other).
    const typed = postedAnswer(field, get);
    if (typed !== null) {
      if (typed !== undefined) answers[field.id] = typed;
    } else if (field.type === 'file') {
      const file = body.files.get(field.id) ?? carriedFile(posted.at(-1));
      if (file !== undefined) answers[field.id] = file;
    } else if (field.type === 'checkbox') {
      if (posted.length > 0) answers[field.id] = [...new Set(posted)];
    } else if (posted[0] !== undefined) {
      answers[field.id] = posted[0];
    }
  }
  const prefill = prefillOf(schema, req);
  for (const target of prefillTargets(schema)) {
    const value = prefill[target.fieldId];
    if (!target.editable && value !== undefined) answers[target.fieldId] = value;
  }
  return answers;
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
  const { hiddenFields } = compiledFormFor(schema).visibility(answers);
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
  const first = [...errors.keys()].find((id) =>
    schema.fields.some((f) => f.id === id && f.type !== 'hidden'),
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
  for (const field of schema.fields) {
    if (field.type === 'hidden' || state === undefined || !paged || field.sectionId === state.page) continue;
    hidden.push(...postedPairs(field, answers[field.id]));
  }
  return state === undefined ? { hidden, answers, update } : { hidden, answers, update, state };
}
