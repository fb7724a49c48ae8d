import { questionHooks } from '#engine/question-types';
import type { FormSchema } from '../../models/form-schema.js';
import { numberText } from '../logic/answer-values.js';

/** `{{id}}`, spaces inside the braces allowed; ids use the characters of `ID_PATTERN`. */
const RECALL = /\{\{\s*([A-Za-z0-9_.:-]+)\s*\}\}/g;

/** What `recallText` reads: the schema (in the language shown), the answers and the variables. */
export interface RecallContext {
  schema: FormSchema;
  /** Normalised answers keyed by field id (what `validateResponse` returns, or the page's state). */
  answers: Readonly<Record<string, unknown>>;
  /** Computed variables keyed by id. */
  variables?: Readonly<Record<string, number | string>> | undefined;
}

/**
 * The ids a text recalls, in order of appearance, each once.
 *
 * ```ts
 * recallReferences('Thanks {{name}}, you scored {{ score }}.'); // ['name', 'score']
 * ```
 */
export function recallReferences(text: string): string[] {
  if (!text.includes('{{')) return [];
  const ids = [...text.matchAll(RECALL)].map((m) => m[1]!);
  return ids.filter((id, i) => ids.indexOf(id) === i);
}

/**
 * Replaces every `{{id}}` in a text with the display text of that field's answer (an option's label
 * for select and radio, the labels joined by ", " for checkbox, the file name for a file, a number
 * as written) or that variable's value; an unanswered field, a hidden one or an unknown id gives
 * the empty string. Applies to labels, placeholders, help texts, section titles,
 * `meta.description` and the completion message.
 *
 * The result is plain text, and the answers in it are whatever the respondent typed: insert it as
 * text (`textContent`, a React text child), never as HTML.
 *
 * @example
 * ```ts
 * recallText('Thanks {{name}}! Your plan: {{plan}}. Score: {{total}}.', {
 *   schema,
 *   answers: { name: 'Ada', plan: 'pro' },
 *   variables: { total: 7 },
 * }); // 'Thanks Ada! Your plan: Professional. Score: 7.'
 * ```
 */
export function recallText(text: string, context: RecallContext): string {
  if (!text.includes('{{')) return text;
  return text.replace(RECALL, (_whole, id: string) => recallValue(id, context));
}

function recallValue(id: string, { schema, answers, variables }: RecallContext): string {
  const field = schema.fields.find((f) => f.id === id);
  if (field) {
    const answer = Object.hasOwn(answers, id) ? answers[id] : undefined;
    const hooks = questionHooks();
    if (hooks !== undefined) return hooks.answerDisplayText(field, answer);
    // Before the question types' code is loaded (a browser, a form of the original ten types).
    if (answer === undefined || answer === null) return '';
    const label = (value: string) => field.options?.find((o) => o.value === value)?.label ?? value;
    if (typeof answer === 'number') return numberText(answer);
    if (typeof answer === 'string') return field.options ? label(answer) : answer;
    if (Array.isArray(answer)) return answer.map((v) => label(String(v))).join(', ');
    const name = (answer as { name?: unknown }).name;
    return typeof name === 'string' ? name : '';
  }
  if (variables && Object.hasOwn(variables, id)) {
    const value = variables[id];
    return typeof value === 'number' ? numberText(value) : (value ?? '');
  }
  return '';
}
