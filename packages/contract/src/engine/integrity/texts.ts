import { recallReferences } from '../texts/recall.js';
import { RESPONDENT_COPY_SUBJECT, translationKeys } from '../texts/translation-keys.js';
import type { SchemaProblem } from '../types.js';
import { type PathSegment, problem } from './paths.js';
import type { SchemaIndex } from './schema-index.js';

/**
 * Recall and translations: a `{{id}}` naming neither a field nor a variable (in a base text or a
 * translated one), a translation key that names no text of the form, and translations in the
 * form's own base language.
 */
export function checkTexts(index: SchemaIndex): SchemaProblem[] {
  const { schema } = index;
  const recallable = new Set([...index.fields.keys(), ...(schema.variables ?? []).map((v) => v.id)]);
  const texts = translationKeys(schema);
  const byKey = new Map(texts.map((t) => [t.key, t]));
  const problems: SchemaProblem[] = [];

  const checkRecall = (text: string, path: PathSegment[], where: string) => {
    for (const id of recallReferences(text)) {
      if (recallable.has(id)) continue;
      const hint = index.sections.has(id)
        ? `; "${id}" is a section, and only fields and variables can be recalled`
        : '';
      problems.push(
        problem(
          'unknown_recall_reference',
          path,
          `${where} recalls "{{${id}}}", but "${id}" is neither a field nor a variable of this form${hint}.`,
        ),
      );
    }
  };

  for (const text of texts)
    if (text.recall) checkRecall(text.text, text.path, capitalise(describeText(text.key)));

  for (const [language, table] of Object.entries(schema.translations ?? {})) {
    if (language === schema.meta.language) {
      problems.push(
        problem(
          'translation_of_base_language',
          ['translations', language],
          `The form's base language is "${language}", so its own texts are the "${language}" texts; ` +
            `edit them directly and remove translations.${language}.`,
        ),
      );
      continue;
    }
    for (const [key, text] of Object.entries(table ?? {})) {
      const path = ['translations', language, key];
      const known = byKey.get(key);
      if (!known) problems.push(problem('unknown_translation_key', path, unknownKeyMessage(index, key)));
      else if (known.recall) checkRecall(text, path, `The "${language}" text of ${describeText(key)}`);
    }
  }
  return problems;
}

const FIELD_TEXTS = new Set(['label', 'placeholder', 'helpText']);

/** `the label of field "name"`: how messages name a translatable text. */
function describeText(key: string): string {
  if (key === 'completion.message') return 'the completion message';
  if (key === RESPONDENT_COPY_SUBJECT) return "the respondent copy's subject";
  if (key.startsWith('meta.')) return `the form's ${key.slice(5)}`;
  const fieldText = /^fields\.(.+)\.(label|placeholder|helpText)$/.exec(key);
  if (fieldText) return `the ${fieldText[2]} of field "${fieldText[1]}"`;
  const section = /^sections\.(.+)\.(title|description)$/.exec(key);
  if (section) return `the ${section[2]} of section "${section[1]}"`;
  const ending = /^endings\.(.+)\.(title|message)$/.exec(key);
  if (ending) return `the ${ending[2]} of ending "${ending[1]}"`;
  return `text "${key}"`;
}

/** Why a key names nothing, as precisely as the key allows (ids may contain dots). */
function unknownKeyMessage(index: SchemaIndex, key: string): string {
  const start = `Translation key "${key}"`;
  const owner = (prefix: string, ids: Iterable<string>) =>
    [...ids].filter((id) => key.startsWith(`${prefix}.${id}.`)).sort((a, b) => b.length - a.length)[0];

  if (key.startsWith('sections.')) {
    const id = owner('sections', index.sections.keys());
    if (id === undefined) return `${start} names no section of this form.`;
    if (key === `sections.${id}.description`)
      return `${start}: section "${id}" has no description to translate; add the base text first.`;
    return `${start} names no text of section "${id}"; a section's translatable texts are "sections.${id}.title", "sections.${id}.description" when it has one and, when it repeats with an add label, "sections.${id}.repeat.addLabel".`;
  }
  if (key.startsWith('fields.')) {
    const id = owner('fields', index.fields.keys());
    if (id === undefined) return `${start} names no field of this form.`;
    const field = index.fields.get(id)!;
    const rest = key.slice(`fields.${id}.`.length);
    if (FIELD_TEXTS.has(rest)) return `${start}: field "${id}" has no ${rest} to translate.`;
    if (rest.startsWith('options.')) {
      const value = rest.slice('options.'.length);
      return `${start}: field "${id}" has no option with the value "${value}".`;
    }
    const rule = /^rules\.(\d+)\.message$/.exec(rest);
    if (rule) {
      const r = Number(rule[1]);
      const count = field.validation?.rules.length ?? 0;
      return r < count
        ? `${start}: rule ${r} of field "${id}" has no custom message to translate.`
        : `${start}: field "${id}" has no rule ${r} (it has ${count}).`;
    }
    return `${start} names no text of field "${id}"; use label, placeholder, helpText, options.<value> or rules.<index>.message.`;
  }
  if (
    key === 'completion.message' ||
    key === 'meta.description' ||
    key === 'meta.submitLabel' ||
    key === RESPONDENT_COPY_SUBJECT
  ) {
    return `${start} names a text this form does not have; add the base text first.`;
  }
  return (
    `${start} names nothing translatable; keys are meta.title, meta.description, meta.submitLabel, ` +
    'sections.<id>.title|description, fields.<id>.label|placeholder|helpText, fields.<id>.options.<value>, ' +
    'fields.<id>.rules.<index>.message, completion.message, endings.<id>.title|message and ' +
    `${RESPONDENT_COPY_SUBJECT}.`
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
