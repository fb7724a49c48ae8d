import { translationKeys } from '../engine/texts/translation-keys.js';
import type { Field } from '../models/field.js';
import type {
  FormMeta,
  FormSchema,
  FormSettings,
  FormTranslations,
  FormVariable,
} from '../models/form-schema.js';
import { LANGUAGES, type Language } from '../models/limits.js';
import type { Section } from '../models/section.js';
import type { TemplateCategory } from '../models/template.js';

/** One text in each of the six languages; the English one is the template's base text. */
export class Texts {
  constructor(
    readonly en: string,
    readonly tr: string,
    readonly es: string,
    readonly it: string,
    readonly de: string,
    readonly nl: string,
  ) {}
}

/** A text in the six languages, in the order of `LANGUAGES`: en, tr, es, it, de, nl. */
export function t(en: string, tr: string, es: string, it: string, de: string, nl: string): Texts {
  return new Texts(en, tr, es, it, de, nl);
}

/** A schema part whose strings may be a `Texts` (every text a person reads is one). */
type Localised<T> = T extends string
  ? T | Texts
  : T extends readonly (infer U)[]
    ? Localised<U>[]
    : T extends object
      ? { [K in keyof T]: Localised<T[K]> }
      : T;

export type SourceField = Omit<Localised<Field>, 'order' | 'sectionId'>;
export interface SourceSection extends Omit<Localised<Section>, 'order'> {
  fields: SourceField[];
}

/**
 * A template as written: sections hold their fields (their `sectionId` and every `order` follow
 * from where they are written) and every text is a `Texts`, so a template's six languages sit
 * side by side and `buildTemplate` makes the English schema and the five translation tables.
 */
export interface TemplateSource {
  id: string;
  category: TemplateCategory;
  name: Texts;
  description: Texts;
  meta: Omit<Localised<FormMeta>, 'language'>;
  settings?: Localised<FormSettings>;
  sections: SourceSection[];
  variables?: FormVariable[];
}

/** A ready template: its names by language and its schema (English, with the other five as translations). */
export interface BuiltTemplate {
  id: string;
  category: TemplateCategory;
  name: Record<Language, string>;
  description: Record<Language, string>;
  schema: FormSchema;
}

function resolve(value: unknown, language: Language): unknown {
  if (value instanceof Texts) return value[language];
  if (Array.isArray(value)) return value.map((item) => resolve(item, language));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, language)]));
  }
  return value;
}

/** The schema in one language, without translations: the base when `language` is English. */
function schemaIn(source: TemplateSource, language: Language): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { ...(resolve(source.meta, language) as FormMeta), language: 'en' },
    ...(source.settings === undefined
      ? {}
      : { settings: resolve(source.settings, language) as FormSettings }),
    sections: source.sections.map(({ fields: _fields, ...section }, order) => ({
      ...(resolve(section, language) as Omit<Section, 'order'>),
      order,
    })),
    fields: source.sections.flatMap((section) =>
      section.fields.map((field, order) => ({
        ...(resolve(field, language) as Omit<Field, 'order' | 'sectionId'>),
        sectionId: resolve(section.id, language) as string,
        order,
      })),
    ),
    ...(source.variables === undefined ? {} : { variables: source.variables }),
  };
}

function textAt(schema: unknown, path: (string | number)[]): unknown {
  let at: unknown = schema;
  for (const segment of path) at = (at as Record<string | number, unknown> | undefined)?.[segment];
  return at;
}

function nameOf(texts: Texts): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, texts[language]])) as Record<
    Language,
    string
  >;
}

/**
 * The English schema with a translation table for each other language, holding every key
 * `translationKeys` lists (each read at the same place in that language's schema).
 */
export function buildTemplate(source: TemplateSource): BuiltTemplate {
  const base = schemaIn(source, 'en');
  const keys = translationKeys(base);
  const translations: FormTranslations = {};
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    const shown = schemaIn(source, language);
    const table: Record<string, string> = {};
    for (const { key, path } of keys) {
      const text = textAt(shown, path);
      if (typeof text === 'string') table[key] = text;
    }
    translations[language] = table;
  }
  return {
    id: source.id,
    category: source.category,
    name: nameOf(source.name),
    description: nameOf(source.description),
    schema: { ...base, translations },
  };
}
