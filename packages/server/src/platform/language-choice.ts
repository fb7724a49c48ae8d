import { acceptedLanguages } from '@formloom/contract/engine';

/**
 * The interview's language (docs/ai.md "Smart-form interviews"): one entry locks it; several let the
 * respondent choose (their choice, else their browser's, else the first); none detects it: the respondent's
 * choice or browser, else the first answer decides (`detected`: English until then).
 */
export function chooseLanguage(
  allowed: readonly string[],
  chosen: string | undefined,
  acceptLanguage: string | undefined,
): { language: string; detected: boolean } {
  const accepted = acceptedLanguages(acceptLanguage);
  if (allowed.length === 1) return { language: allowed[0]!, detected: false };
  if (allowed.length > 1) {
    const pick = [chosen, ...accepted].find((l) => l !== undefined && allowed.includes(l));
    return { language: pick ?? allowed[0]!, detected: false };
  }
  const given = chosen ?? accepted[0];
  return given === undefined ? { language: 'en', detected: true } : { language: given, detected: false };
}
