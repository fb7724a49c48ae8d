import type { CreateSmartFormBody, SmartForm, UpdateSmartFormBody } from '@formloom/contract';
import { APIError } from '@formloom/sdk';

/**
 * Which control of the editor sets each property of the create and update bodies. Typed against
 * both bodies, so a property added to the contract and forgotten here fails the type check (and
 * the test that compares it with the zod schemas' keys).
 */
export const SMART_FORM_BODY_CONTROLS = {
  purpose: 'purpose textarea',
  title: 'title input',
  description: 'welcome text textarea',
  targetAudience: 'audience input',
  languages: 'language list: add, remove, move up and down (the first is the fallback)',
  maxQuestions: 'number of questions input',
  isPrivate: 'private checkbox',
  referenceJson: 'reference JSON textarea, checked as JSON',
} as const satisfies Record<keyof CreateSmartFormBody | keyof UpdateSmartFormBody, string>;

export type BodyKey = keyof typeof SMART_FORM_BODY_CONTROLS;

/** What the editor holds: every text as typed (empty = not given). */
export interface SmartFormDraft {
  purpose: string;
  title: string;
  description: string;
  targetAudience: string;
  languages: string[];
  maxQuestions: number;
  isPrivate: boolean;
  referenceJson: string;
}

export const EMPTY_DRAFT: SmartFormDraft = {
  purpose: '',
  title: '',
  description: '',
  targetAudience: '',
  languages: [],
  maxQuestions: 10,
  isPrivate: false,
  referenceJson: '',
};

export function draftOf(form: SmartForm): SmartFormDraft {
  return {
    purpose: form.purpose,
    title: form.title,
    description: form.description ?? '',
    targetAudience: form.targetAudience ?? '',
    languages: [...form.languages],
    maxQuestions: form.maxQuestions,
    isPrivate: form.isPrivate,
    referenceJson: form.referenceJson ?? '',
  };
}

/** The create body: empty optional texts are left out (the editor asks for a title first). */
export function createBody(draft: SmartFormDraft): CreateSmartFormBody {
  const text = (value: string) => (value.trim() === '' ? undefined : value);
  const body: CreateSmartFormBody = {
    purpose: draft.purpose,
    languages: draft.languages,
    maxQuestions: draft.maxQuestions,
    isPrivate: draft.isPrivate,
  };
  const title = text(draft.title);
  if (title !== undefined) body.title = title;
  const description = text(draft.description);
  if (description !== undefined) body.description = description;
  const targetAudience = text(draft.targetAudience);
  if (targetAudience !== undefined) body.targetAudience = targetAudience;
  const referenceJson = text(draft.referenceJson);
  if (referenceJson !== undefined) body.referenceJson = referenceJson;
  return body;
}

/** The update body: only what changed; an optional text emptied is sent as `null` (cleared). */
export function updateBody(before: SmartFormDraft, after: SmartFormDraft): UpdateSmartFormBody {
  const body: UpdateSmartFormBody = {};
  if (after.purpose !== before.purpose) body.purpose = after.purpose;
  if (after.title !== before.title && after.title.trim() !== '') body.title = after.title;
  const cleared = (value: string) => (value.trim() === '' ? null : value);
  if (after.description !== before.description) body.description = cleared(after.description);
  if (after.targetAudience !== before.targetAudience) body.targetAudience = cleared(after.targetAudience);
  if (after.referenceJson !== before.referenceJson) body.referenceJson = cleared(after.referenceJson);
  if (after.languages.join() !== before.languages.join()) body.languages = after.languages;
  if (after.maxQuestions !== before.maxQuestions) body.maxQuestions = after.maxQuestions;
  if (after.isPrivate !== before.isPrivate) body.isPrivate = after.isPrivate;
  return body;
}

/** Why a reference JSON text is not JSON (the parser's words), or undefined when it is (or empty). */
export function jsonProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `languages` with `code` added at the end (lower-cased; a duplicate is not added twice). */
export function addLanguage(languages: readonly string[], code: string): string[] {
  const clean = code.trim().toLowerCase();
  return clean === '' || languages.includes(clean) ? [...languages] : [...languages, clean];
}

export function removeLanguage(languages: readonly string[], index: number): string[] {
  return languages.filter((_, i) => i !== index);
}

/** `languages` with the entry at `index` moved by `by` (-1 up, +1 down), within bounds. */
export function moveLanguage(languages: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (target < 0 || target >= languages.length) return [...languages];
  const next = [...languages];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The server's validation problems by body property (`body.languages.1` -> `languages`), so each
 * shows at its control; problems of no known property are returned under `other`.
 */
export function issuesByProperty(error: unknown): {
  fields: Partial<Record<BodyKey, string>>;
  other: string[];
} {
  const fields: Partial<Record<BodyKey, string>> = {};
  const other: string[] = [];
  if (!(error instanceof APIError) || error.issues === undefined) return { fields, other };
  for (const issue of error.issues) {
    const key = issue.path.replace(/^body\.?/, '').split('.')[0] ?? '';
    if (key in SMART_FORM_BODY_CONTROLS) {
      const name = key as BodyKey;
      fields[name] = fields[name] === undefined ? issue.message : `${fields[name]} ${issue.message}`;
    } else other.push(issue.message);
  }
  return { fields, other };
}
