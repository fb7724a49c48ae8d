import type { Field } from '@formloom/contract';
import { type QuestionFamily, questionFamily } from '@formloom/contract/engine';
import type { SafeHtml } from './html.js';

/**
 * The question types beyond the original ten are drawn by a family module each (`scales`,
 * `matrix`, `ranking`, `choices`: the engine's `questionFamily(type)`), which the element loads
 * only when its form has such a field (docs/embedding.md "Question types"). A module renders the
 * field's controls as markup (the server's page renders them too, with and without JavaScript),
 * reads and writes its answer in the DOM, and reads it back from a plain post.
 */
export interface FieldView {
  field: Field;
  required: boolean;
  error: string | undefined;
  /** The answer shown (a plain post's, after it; else none: the script writes answers in). */
  answer: unknown;
  /** The respondent's shuffle seed (`shuffled`). */
  seed: string;
  language: string;
  /** `aria-describedby` (help, error) and `aria-invalid` of each control. */
  aria: SafeHtml | '';
  /** The wrapper's attributes (id, data-field-id, hidden). */
  wrapper: SafeHtml;
  /** The label's content (recalls wrapped, the required mark), its help and its error slot. */
  label: SafeHtml;
  help: SafeHtml | '';
  errorSlot: SafeHtml;
  /** "required", said to screen readers in a group's legend. */
  requiredText: string;
}

export interface Family {
  /** The field's markup: its wrapper (`shell`), label, help, controls and error slot. */
  field(view: FieldView): SafeHtml;
  /** The controls that take `aria-invalid` and focus, in order. */
  controls(field: Field, wrapper: HTMLElement): HTMLElement[];
  /** The answer the controls hold, as the engine reads it; `undefined` when empty. */
  read(field: Field, wrapper: HTMLElement): unknown;
  write(field: Field, wrapper: HTMLElement, value: unknown): void;
  /** What the script adds once it takes the field over. */
  mount?(field: Field, wrapper: HTMLElement, host: FamilyHost): void;
  /** What an input, change or click inside the field does besides changing the answer. */
  edit?(field: Field, wrapper: HTMLElement, event: Event): void;
  /** The name/value pairs an answer posts as (a plain post; a page's hidden inputs). */
  post(field: Field, value: unknown): [name: string, value: string][];
  /** A plain post's answer, read from its parts by name. */
  posted(field: Field, get: (name: string) => string[]): unknown;
  /** The family's rules, for the element's shadow root (the server's page has them in its sheet). */
  style: string;
}

/** What the element does for a family that makes its answer itself. */
export interface FamilyHost {
  /**
   * Uploads `file` as the field's answer, as a file field's choice is (`extra` joins the stored
   * file answer; the element waits for the upload before submitting, and says a refusal at the
   * field). A file that resolves to `undefined`, or none, clears the answer; a later call
   * supersedes an earlier one. The family is then given the stored answer by `write`.
   */
  upload(file: Blob | Promise<Blob | undefined> | undefined, name: string, extra?: object): unknown;
}

export type Families = Partial<Record<QuestionFamily, Family>>;

/** A plain post's shuffle seed (a hidden input), so a page rendered after it keeps the order. */
export const SEED_FIELD = 'fl_seed';

/**
 * The family that draws a field: its question type's; a choice field with a choice option of the
 * new types (`multiple`, `other`, `exclusiveValue`, `shuffle`) is drawn by `choices`. `undefined`:
 * the element's own markup draws it.
 */
export function familyOf(field: Field): QuestionFamily | undefined {
  const family = questionFamily(field.type);
  if (family !== undefined) return family;
  if (field.type !== 'radio' && field.type !== 'checkbox' && field.type !== 'select') return undefined;
  return field.multiple || field.other || field.exclusiveValue !== undefined || field.shuffle
    ? 'choices'
    : undefined;
}
