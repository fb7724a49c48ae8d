import {
  addLanguagePack,
  hasLanguagePack,
  type LanguagePack,
  supportedLanguage,
} from '@formloom/contract/engine';

/** Where a server serves a language's texts (the public page router's `/embed/languages/:file`). */
export const LANGUAGE_PATH = '/embed/languages/:language.json';

/**
 * Makes sure the engine has a language's texts before a form in it is shown. A browser bundle of
 * the engine carries English only (the six languages would be about a seventh of an embedded
 * form's weight), so the one language a form shows is fetched once from its server and added
 * (`addLanguagePack`). Where the engine has it already (Node, English, a second form) nothing is
 * fetched. A failed fetch leaves English, which is what an unknown language shows too.
 *
 * ```ts
 * await loadLanguage('https://forms.example.com', 'de');
 * formTextsFor('de').submit; // 'Absenden'
 * ```
 */
export async function loadLanguage(
  api: string,
  language: string,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<boolean> {
  if (hasLanguagePack(language)) return true;
  if (supportedLanguage(language) !== language) return false;
  const url = `${api.replace(/\/+$/, '')}${LANGUAGE_PATH.replace(':language', language)}`;
  try {
    const res = await (options.fetch ?? fetch)(url, { signal: options.signal ?? null });
    if (!res.ok) return false;
    addLanguagePack(language, (await res.json()) as Partial<LanguagePack>);
    return true;
  } catch {
    return false;
  }
}
