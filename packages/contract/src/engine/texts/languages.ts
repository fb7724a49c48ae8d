import type { FormSchema } from '../../models/form-schema.js';
import { isLanguage, type Language } from '../../models/limits.js';

/**
 * The base language of a form first, then every language it has translations for.
 *
 * ```ts
 * formLanguages(schema); // ['en', 'de', 'nl']
 * ```
 */
export function formLanguages(schema: FormSchema): Language[] {
  const base = schema.meta.language;
  const translated = Object.keys(schema.translations ?? {}).filter(
    (lang): lang is Language => isLanguage(lang) && lang !== base,
  );
  return [base, ...translated];
}

/**
 * The primary language subtags of an `Accept-Language` header, best first by quality (ties keep
 * the header's order), each once; `q=0` entries and `*` are left out.
 *
 * ```ts
 * acceptedLanguages('de-CH,de;q=0.9,en;q=0.5'); // ['de', 'en']
 * ```
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', q: quality, order };
    })
    .filter((l) => /^[a-z]{2,3}$/.test(l.code) && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((l) => l.code);
  return ranked.filter((code, i) => ranked.indexOf(code) === i);
}

/** What a request says about the respondent's language. */
export interface LanguageRequest {
  /** An explicit choice: `?lang=` on the page or the public route, `language` in a submission. */
  requested?: string | undefined;
  /** The request's `Accept-Language` header. */
  acceptLanguage?: string | undefined;
}

/**
 * The respondent's language for a form: the requested one when the form has it, else the best
 * `Accept-Language` entry the form has (by quality; `de-CH` counts as `de`), else the form's base
 * language (`meta.language`). Always one of `formLanguages(schema)`.
 *
 * @example
 * ```ts
 * // A form in English with German texts:
 * pickLanguage(schema, { requested: 'de' }); // 'de'
 * pickLanguage(schema, { requested: 'fr', acceptLanguage: 'nl, de-CH;q=0.8' }); // 'de'
 * pickLanguage(schema, { acceptLanguage: 'es' }); // 'en'
 * ```
 */
export function pickLanguage(schema: FormSchema, request: LanguageRequest = {}): Language {
  const languages: readonly string[] = formLanguages(schema);
  const { requested, acceptLanguage } = request;
  if (requested !== undefined && languages.includes(requested)) return requested as Language;
  const accepted = acceptedLanguages(acceptLanguage).find((code) => languages.includes(code));
  return (accepted as Language | undefined) ?? schema.meta.language;
}
