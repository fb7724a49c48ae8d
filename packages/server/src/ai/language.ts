import { LANGUAGES, type Language } from '@formloom/contract';

/** The languages' names, for prompts ("Write in Turkish"). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  tr: 'Turkish',
  es: 'Spanish',
  it: 'Italian',
  de: 'German',
  nl: 'Dutch',
};

/** Frequent short words of each language (accents folded, see `foldText`). */
const STOPWORDS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'the',
    'and',
    'for',
    'with',
    'a',
    'an',
    'to',
    'of',
    'our',
    'your',
    'we',
    'about',
    'form',
    'survey',
    'how',
  ],
  tr: [
    've',
    'bir',
    'icin',
    'ile',
    'bu',
    'anket',
    'formu',
    'form',
    'musteri',
    'olan',
    'da',
    'de',
    'nasil',
    'icin',
  ],
  es: [
    'el',
    'la',
    'de',
    'y',
    'para',
    'con',
    'los',
    'las',
    'una',
    'un',
    'encuesta',
    'formulario',
    'que',
    'del',
  ],
  it: ['il', 'lo', 'di', 'e', 'per', 'con', 'una', 'un', 'modulo', 'sondaggio', 'che', 'del', 'della', 'gli'],
  de: [
    'der',
    'die',
    'das',
    'und',
    'fur',
    'mit',
    'ein',
    'eine',
    'umfrage',
    'formular',
    'zu',
    'den',
    'ihre',
    'wie',
  ],
  nl: [
    'de',
    'het',
    'en',
    'voor',
    'met',
    'een',
    'van',
    'enquete',
    'formulier',
    'wij',
    'onze',
    'uw',
    'hoe',
    'naar',
  ],
};

/** Lower case, accents and Turkish dotless i folded: `Müşteri Ödülü` -> `musteri odulu`. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Letters the other five languages do not use much: strong evidence, weighed above stopwords. */
const MARKERS: Readonly<Partial<Record<Language, RegExp>>> = {
  tr: /[ğışİ]/i,
  de: /[ß]|\b(?:und|für|mit)\b/i,
  es: /[ñ¿¡]|ci[oó]n(?:es)?\b/i,
  it: /zion[ei]\b/i,
};

/**
 * The language of a text among the six the service speaks, by counting frequent words: good
 * enough to pick a form's language from a prompt or an interview's from an answer, deterministic,
 * and `fallback` when nothing matches.
 */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  const words = foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let best: Language = fallback;
  let bestScore = 0;
  for (const language of LANGUAGES) {
    const stop = new Set(STOPWORDS[language]);
    let score = words.filter((w) => stop.has(w)).length;
    if (MARKERS[language]?.test(text)) score += 3;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}
