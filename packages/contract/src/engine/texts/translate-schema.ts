import { questionHooks } from '#engine/question-types';
import type { Field } from '../../models/field.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Language } from '../../models/limits.js';
import { RESPONDENT_COPY_SUBJECT } from './translation-keys.js';

/**
 * The schema as a respondent in `language` sees it: every text that `translations.<language>`
 * has replaced, every other text kept in the base language (a missing or empty translation falls
 * back to the base text), `meta.language` set to `language` so the built-in messages follow, and
 * `translations` left out: the result is a form in one language, and its base texts are no longer
 * those the other translations were made from. Option values, ids and rules are untouched, so
 * answers validate the same in every language. The input is not changed.
 *
 * Pass a language of `formLanguages(schema)` (`pickLanguage` answers one); for the base language
 * the texts stay as they are.
 *
 * @example
 * ```ts
 * const german = translateSchema(schema, 'de');
 * german.meta.language; // 'de'
 * german.fields[0]?.label; // 'Ihr Name' (from translations.de["fields.name.label"])
 * ```
 */
export function translateSchema(schema: FormSchema, language: Language): FormSchema {
  const { translations, ...rest } = schema;
  const table = language === schema.meta.language ? undefined : translations?.[language];
  const t = (key: string, base: string): string => {
    const text = table?.[key];
    return text === undefined || text === '' ? base : text;
  };
  const opt = (key: string, base: string | undefined): string | undefined =>
    base === undefined ? undefined : t(key, base);

  const meta = { ...schema.meta, language, title: t('meta.title', schema.meta.title) };
  if (schema.meta.description !== undefined)
    meta.description = t('meta.description', schema.meta.description);
  if (schema.meta.submitLabel !== undefined)
    meta.submitLabel = t('meta.submitLabel', schema.meta.submitLabel);

  const result: FormSchema = {
    ...rest,
    meta,
    sections: schema.sections.map((section) => ({
      ...section,
      title: t(`sections.${section.id}.title`, section.title),
      ...(section.description === undefined
        ? {}
        : { description: t(`sections.${section.id}.description`, section.description) }),
      ...(section.repeat?.addLabel === undefined
        ? {}
        : {
            repeat: {
              ...section.repeat,
              addLabel: t(`sections.${section.id}.repeat.addLabel`, section.repeat.addLabel),
            },
          }),
    })),
    fields: schema.fields.map((field) => translateField(field, t, opt)),
  };
  const completion = schema.settings?.completion;
  if (completion?.message !== undefined) {
    result.settings = {
      ...schema.settings,
      completion: { ...completion, message: t('completion.message', completion.message) },
    };
  }
  const endings = schema.settings?.endings;
  if (endings !== undefined && table !== undefined) {
    result.settings = {
      ...(result.settings ?? schema.settings),
      endings: endings.map((ending) => ({
        ...ending,
        ...(ending.title === undefined ? {} : { title: t(`endings.${ending.id}.title`, ending.title) }),
        ...(ending.message === undefined
          ? {}
          : { message: t(`endings.${ending.id}.message`, ending.message) }),
      })),
    };
  }
  const notifications = schema.settings?.notifications;
  const copy = notifications?.respondentCopy;
  if (copy?.subject !== undefined) {
    result.settings = {
      ...(result.settings ?? schema.settings),
      notifications: {
        ...notifications,
        respondentCopy: { ...copy, subject: t(RESPONDENT_COPY_SUBJECT, copy.subject) },
      },
    };
  }
  return result;
}

function translateField(
  field: Field,
  t: (key: string, base: string) => string,
  opt: (key: string, base: string | undefined) => string | undefined,
): Field {
  const base = `fields.${field.id}`;
  const out: Field = { ...field, label: t(`${base}.label`, field.label) };
  const placeholder = opt(`${base}.placeholder`, field.placeholder);
  if (placeholder !== undefined) out.placeholder = placeholder;
  const helpText = opt(`${base}.helpText`, field.helpText);
  if (helpText !== undefined) out.helpText = helpText;
  if (field.options) {
    out.options = field.options.map((o) => ({
      ...o,
      label: t(`${base}.options.${o.value}`, o.label),
      ...(o.feedback === undefined ? {} : { feedback: t(`${base}.feedback.${o.value}`, o.feedback) }),
    }));
  }
  let translated: Field = out;
  for (const text of questionHooks()?.fieldTexts(field) ?? []) {
    const replaced = t(`${base}.${text.key}`, text.text);
    if (replaced !== text.text) translated = withText(translated, text.path, replaced);
  }
  if (field.validation) {
    translated.validation = {
      ...field.validation,
      rules: field.validation.rules.map((rule, r) =>
        rule.message === undefined
          ? rule
          : { ...rule, message: t(`${base}.rules.${r}.message`, rule.message) },
      ),
    };
  }
  return translated;
}

/** A copy of `value` with the text at `path` replaced, copying only the objects along the path. */
function withText<T>(value: T, path: readonly (string | number)[], text: string): T {
  const [key, ...rest] = path;
  if (key === undefined) return text as T;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  copy[key] = withText(copy[key], rest, text);
  return copy as T;
}
