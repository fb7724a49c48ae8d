import { questionHooks } from '#engine/question-types';
import type { FormSchema } from '../../models/form-schema.js';

/** The key of the respondent copy's custom mail subject. */
export const RESPONDENT_COPY_SUBJECT = 'notifications.respondentCopy.subject';

/** A text of a form that a translation may replace, under its key in `translations.<lang>`. */
export interface TranslatableText {
  /** `meta.title`, `sections.<id>.description`, `fields.<id>.label`... (docs/form-texts.md). */
  key: string;
  /** The base text, in `meta.language`. */
  text: string;
  /** Whether `{{id}}` in this text is replaced by an answer or a variable (`recallText`). */
  recall: boolean;
  /** Where the base text is, as JSON path segments from the schema root. */
  path: (string | number)[];
}

/**
 * Every text of a schema that a translation may replace, with its key and base text, in the
 * order a person reads the form. Only texts that exist are listed (a field without a placeholder
 * has no `placeholder` key); a field or section id used twice counts once, as everywhere else.
 *
 * @example
 * ```ts
 * translationKeys(schema).map((t) => t.key);
 * // ['meta.title', 'sections.about.title', 'fields.name.label', 'fields.plan.options.pro', ...]
 * ```
 */
export function translationKeys(schema: FormSchema): TranslatableText[] {
  const out: TranslatableText[] = [];
  const seen = new Set<string>();
  const add = (key: string, text: string | undefined, recall: boolean, path: (string | number)[]) => {
    if (text === undefined || seen.has(key)) return;
    seen.add(key);
    out.push({ key, text, recall, path });
  };
  add('meta.title', schema.meta.title, false, ['meta', 'title']);
  add('meta.description', schema.meta.description, true, ['meta', 'description']);
  add('meta.submitLabel', schema.meta.submitLabel, false, ['meta', 'submitLabel']);
  schema.sections.forEach((section, s) => {
    add(`sections.${section.id}.title`, section.title, true, ['sections', s, 'title']);
    // Recalled only in a repeating section's entries (each entry's answers); elsewhere shown as written.
    add(`sections.${section.id}.description`, section.description, section.repeat !== undefined, [
      'sections',
      s,
      'description',
    ]);
    add(`sections.${section.id}.repeat.addLabel`, section.repeat?.addLabel, false, [
      'sections',
      s,
      'repeat',
      'addLabel',
    ]);
  });
  schema.fields.forEach((field, f) => {
    const base = `fields.${field.id}`;
    add(`${base}.label`, field.label, true, ['fields', f, 'label']);
    add(`${base}.placeholder`, field.placeholder, true, ['fields', f, 'placeholder']);
    add(`${base}.helpText`, field.helpText, true, ['fields', f, 'helpText']);
    field.options?.forEach((option, o) => {
      add(`${base}.options.${option.value}`, option.label, false, ['fields', f, 'options', o, 'label']);
      add(`${base}.feedback.${option.value}`, option.feedback, false, [
        'fields',
        f,
        'options',
        o,
        'feedback',
      ]);
    });
    // The question types' texts (matrix rows and columns, scale labels...) and the "Other" label.
    for (const t of questionHooks()?.fieldTexts(field) ?? [])
      add(`${base}.${t.key}`, t.text, false, ['fields', f, ...t.path]);
    field.validation?.rules.forEach((rule, r) => {
      add(`${base}.rules.${r}.message`, rule.message, false, [
        'fields',
        f,
        'validation',
        'rules',
        r,
        'message',
      ]);
    });
  });
  add('completion.message', schema.settings?.completion?.message, true, [
    'settings',
    'completion',
    'message',
  ]);
  schema.settings?.endings?.forEach((ending, e) => {
    add(`endings.${ending.id}.title`, ending.title, true, ['settings', 'endings', e, 'title']);
    add(`endings.${ending.id}.message`, ending.message, true, ['settings', 'endings', e, 'message']);
  });
  // A mail header: never recalls an answer.
  add(RESPONDENT_COPY_SUBJECT, schema.settings?.notifications?.respondentCopy?.subject, false, [
    'settings',
    'notifications',
    'respondentCopy',
    'subject',
  ]);
  return out;
}
