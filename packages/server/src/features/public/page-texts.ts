import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@formloom/contract';
import { acceptedLanguages, type FormTexts, formTextsFor } from '@formloom/contract/engine';

/** The public page's texts: the renderers' own, from the engine (one table for every renderer). */
export type PageTexts = FormTexts;
export const pageTextsFor: (language: string) => PageTexts = formTextsFor;

/**
 * The language of a page without a form (404, 429): the first of the visitor's
 * `Accept-Language` entries we have, by quality (the engine's `acceptedLanguages`), else English.
 */
export function negotiateLanguage(header: string | undefined): Language {
  return (acceptedLanguages(header).find(isLanguage) as Language | undefined) ?? FALLBACK_LANGUAGE;
}
