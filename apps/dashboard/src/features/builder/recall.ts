import type { FormSchema } from '@formloom/contract';
import { recallReferences } from '@formloom/contract/engine';

/**
 * The recall menu's pure parts: what a text box may recall, the `{{…` being typed at the caret,
 * the text with a choice put in, and what in a text will not recall (an unknown name, a single
 * brace). The engine's `recallText` decides what recalls; these follow its syntax.
 */

/** Something a text may recall: a field's answer or a variable's value. */
export interface RecallOption {
  id: string;
  /** The field's label, or the word the builder uses for a variable. */
  label: string;
  kind: 'field' | 'variable';
}

/** The characters of an id (`ID_PATTERN`), as the engine's recall reads them. */
const ID_CHARS = /^[A-Za-z0-9_.:-]*$/;

/**
 * What a text in `inside` (a repeating section's id, or none) may recall: the fields with an
 * answer outside repeating sections, that section's own fields, then the variables. A field of a
 * repeating section has an answer per entry, so only its own section's texts can name it.
 */
export function recallOptions(schema: FormSchema, inside?: string): RecallOption[] {
  const repeating = new Set(schema.sections.filter((s) => s.repeat !== undefined).map((s) => s.id));
  const fields: RecallOption[] = schema.fields
    .filter((f) => f.type !== 'statement' && (!repeating.has(f.sectionId) || f.sectionId === inside))
    .map((f) => ({ id: f.id, label: f.label, kind: 'field' }));
  const variables: RecallOption[] = (schema.variables ?? []).map((v) => ({
    id: v.id,
    label: v.id,
    kind: 'variable',
  }));
  return [...fields, ...variables];
}

/** The options whose id or label holds `query` (any case), ids that start with it first. */
export function filterOptions(options: readonly RecallOption[], query: string): RecallOption[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...options];
  const starts = options.filter((o) => o.id.toLowerCase().startsWith(q));
  const holds = options.filter(
    (o) => !starts.includes(o) && (o.id.toLowerCase().includes(q) || o.label.toLowerCase().includes(q)),
  );
  return [...starts, ...holds];
}

/** A `{{` being typed: where it starts and what follows it up to the caret. */
export interface OpenRecall {
  /** The index of the first `{`. */
  start: number;
  query: string;
}

/**
 * The `{{` the caret is in, not closed before the caret, with only an id's characters (and
 * spaces before them) typed after it; undefined elsewhere.
 *
 * ```ts
 * openRecallAt('Hi {{na', 7); // { start: 3, query: 'na' }
 * openRecallAt('Hi {{name}} ', 12); // undefined
 * ```
 */
export function openRecallAt(text: string, caret: number): OpenRecall | undefined {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('{{');
  if (start === -1) return undefined;
  const typed = before.slice(start + 2);
  const query = typed.trimStart();
  return ID_CHARS.test(query) ? { start, query } : undefined;
}

/**
 * The text with the open recall at `open` (up to `caret`) replaced by `{{id}}`, and where the
 * caret goes (after it). A `}}` already right after the caret is taken as this recall's end.
 */
export function insertRecall(
  text: string,
  open: OpenRecall,
  caret: number,
  id: string,
): { text: string; caret: number } {
  const rest = text.slice(caret);
  const closing = /^[A-Za-z0-9_.:-]*\s*\}\}/.exec(rest);
  const after = closing === null ? rest : rest.slice(closing[0].length);
  const recall = `{{${id}}}`;
  return { text: text.slice(0, open.start) + recall + after, caret: open.start + recall.length };
}

/** What in a text will not recall as meant. */
export type RecallIssue =
  /** `{{name}}` naming neither a field nor a variable this text may recall. */
  | { kind: 'unknown'; id: string }
  /** `{name}`: shown as written; recall takes two braces. */
  | { kind: 'single'; id: string };

/** `{name}` with one brace each side (not part of `{{…}}`). */
const SINGLE = /(?<!\{)\{\s*([A-Za-z_][A-Za-z0-9_.:-]*)\s*\}(?!\})/g;

/**
 * The recalls of a text that name nothing it may recall, and the single-brace `{name}`s that look
 * like an attempt at one, each once, in order.
 *
 * ```ts
 * recallIssues('Hi {{nme}}, your {score}', new Set(['name', 'score']));
 * // [{ kind: 'unknown', id: 'nme' }, { kind: 'single', id: 'score' }]
 * ```
 */
export function recallIssues(text: string, known: ReadonlySet<string>): RecallIssue[] {
  const issues: RecallIssue[] = recallReferences(text)
    .filter((id) => !known.has(id))
    .map((id) => ({ kind: 'unknown', id }));
  if (!text.includes('{')) return issues;
  const singles = [...text.matchAll(SINGLE)].map((m) => m[1]!);
  for (const id of singles.filter((x, i) => singles.indexOf(x) === i)) issues.push({ kind: 'single', id });
  return issues;
}
