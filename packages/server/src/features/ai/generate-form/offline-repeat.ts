import type { Language } from '@formloom/contract';
import { detectLanguage, foldText } from '../../../ai/language.js';
import { AND_WORDS } from './prompt-words.js';

/**
 * A prompt that asks for a repeating section ("... and for each guest their name and age", "list
 * your previous jobs with employer, role and years", "one row per item ordered: product and
 * quantity"): what is repeated, the words that list each entry's fields, and the prompt without
 * that clause. Words folded (`foldText`), whole words; read in linear time.
 */
export interface RepeatRequest {
  /** What each entry is, as the prompt writes it: "guest", "previous jobs". */
  noun: string;
  /** The clause's words after the noun: the fields of an entry ("their name and age"), or ''. */
  fields: string;
  /** The prompt without the clause: the rest of the form. */
  rest: string;
}

/**
 * Phrases that open a repeated thing, per language; the noun follows them. `*` ends a word start.
 * Turkish puts the noun first: see TR_BEFORE and TR_AROUND.
 */
const OPENERS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'for each',
    'for every',
    'add each',
    'add every',
    'list your',
    'list all your',
    'list each',
    'one row per',
    'one row for each',
    'a row for each',
    'a row per',
    'one entry per',
    'one entry for each',
  ],
  de: [
    'fur jeden',
    'fur jede',
    'fur jedes',
    'fugen sie jeden',
    'fugen sie jede',
    'fugen sie jedes',
    'listen sie ihre',
    'listen sie alle',
    'liste deine',
    'eine zeile pro',
    'eine zeile je',
    'einen eintrag pro',
    'einen eintrag je',
  ],
  es: [
    'para cada',
    'por cada',
    'anada cada',
    'agregue cada',
    'anade cada',
    'enumere sus',
    'enumera tus',
    'liste sus',
    'una fila por',
    'una fila para cada',
    'una linea por',
  ],
  it: [
    'per ogni',
    'per ciascun',
    'per ciascuna',
    'aggiunga ogni',
    'aggiungi ogni',
    'elenchi i suoi',
    'elenchi le sue',
    'elenca i tuoi',
    'elenca le tue',
    'una riga per',
    'una riga per ogni',
  ],
  nl: [
    'voor elke',
    'voor iedere',
    'voeg elke',
    'som uw',
    'som al uw',
    'vermeld al uw',
    'vermeld uw',
    'een regel per',
    'een rij per',
    'een regel voor elke',
  ],
  tr: [],
};

/** Turkish: "her misafir İÇİN ad ve yaş" (each X for) and "önceki işlerinizi LİSTELEYİN" (list X). */
const TR_EACH = 'her';
const TR_FOR = 'icin';
const TR_LIST = ['listeleyin', 'listeleyiniz', 'listele'];

/** Words that end the noun: what comes after names the fields of an entry. */
const NOUN_ENDS: readonly string[] = [
  'with',
  'their',
  'its',
  'his',
  'her',
  'asking',
  'including',
  'mit',
  'ihr',
  'ihre',
  'ihren',
  'seine',
  'seinen',
  'hinzu',
  'auf',
  'an',
  'con',
  'su',
  'sus',
  'il',
  'la',
  'i',
  'le',
  'met',
  'zijn',
  'haar',
  'hun',
  'op',
];

/**
 * Nouns that never make a repeating section: "for each question" and "for each statement" ask
 * for one answer per question of the form (a matrix, a quiz), not a list the respondent makes.
 */
const NOT_REPEATED: readonly string[] = [
  'question',
  'questions',
  'statement',
  'statements',
  'option',
  'options',
  'answer',
  'frage',
  'fragen',
  'aussage',
  'aussagen',
  'pregunta',
  'preguntas',
  'afirmacion',
  'afirmaciones',
  'opcion',
  'domanda',
  'domande',
  'affermazione',
  'affermazioni',
  'vraag',
  'vragen',
  'stelling',
  'stellingen',
  'soru',
  'sorular',
];

/** The most words a noun has: "item ordered", "previous jobs". */
const NOUN_WORDS = 3;

interface Word {
  raw: string;
  fold: string;
  /** The word closes a sentence (`.`, `!`, `?`, `;`) or a list head (`:`, `,`). */
  ends: '' | 'sentence' | 'list';
}

function wordsOf(text: string): Word[] {
  return text
    .split(/\s+/)
    .filter((raw) => raw !== '')
    .map((raw) => {
      const fold = foldText(raw).replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
      const last = raw.at(-1) ?? '';
      const ends = '.!?;'.includes(last) ? 'sentence' : ':,('.includes(last) ? 'list' : '';
      return { raw, fold, ends };
    });
}

const join = (words: readonly Word[]) => words.map((w) => w.raw).join(' ');

/** The raw text of a noun, its punctuation off. */
const nounText = (words: readonly Word[]) => join(words).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Where `phrase` (folded words) matches at `at`, the number of words it covers; 0 when not. */
function phraseAt(words: readonly Word[], at: number, phrase: string): number {
  const parts = phrase.split(' ');
  for (let i = 0; i < parts.length; i++) {
    const word = words[at + i];
    if (word === undefined || word.fold !== parts[i]) return 0;
    // A phrase does not run over a sentence's end.
    if (i < parts.length - 1 && word.ends !== '') return 0;
  }
  return parts.length;
}

/** The clause's end: the word after the one that closes its sentence, or the prompt's end. */
function sentenceEnd(words: readonly Word[], from: number): number {
  for (let i = from; i < words.length; i++) if (words[i]!.ends === 'sentence') return i + 1;
  return words.length;
}

/** The words before the clause, an "and" or a comma left hanging at their end taken off. */
function before(words: readonly Word[], at: number, ands: readonly string[]): string {
  let end = at;
  while (end > 0 && ands.includes(words[end - 1]!.fold)) end--;
  return join(words.slice(0, end)).replace(/[,;:]\s*$/, '');
}

function request(
  words: readonly Word[],
  start: number,
  noun: readonly Word[],
  fieldsFrom: number,
  ands: readonly string[],
): RepeatRequest | null {
  const text = nounText(noun);
  if (text === '' || noun.some((w) => NOT_REPEATED.includes(w.fold))) return null;
  const end = sentenceEnd(words, Math.max(fieldsFrom - 1, start));
  const fields = join(words.slice(fieldsFrom, end)).replace(/^[(:,\s]+|[.!?;)\s]+$/g, '');
  const rest = [before(words, start, ands), join(words.slice(end))].filter((p) => p !== '').join(' ');
  return { noun: text, fields, rest };
}

/**
 * Where the noun after an opener ends: at punctuation (its word included), at a word of NOUN_ENDS,
 * a parenthesis or the prompt's end, within NOUN_WORDS words; else (an "and" or a longer run of
 * words: "für jeden Gast Name und Alter") it is one word and the fields follow it.
 */
function nounAfter(words: readonly Word[], from: number, ands: readonly string[]): number {
  for (let end = from; end < from + NOUN_WORDS; end++) {
    const word = words[end];
    if (word === undefined || NOUN_ENDS.includes(word.fold) || word.raw.startsWith('(')) return end;
    if (ands.includes(word.fold)) break;
    if (word.ends !== '') return end + 1;
  }
  return Math.min(from + 1, words.length);
}

/**
 * The repeating section a prompt asks for, or null. Languages: the prompt's (a guess for a short
 * one) and the form's, as `readPrompt` reads lists.
 */
export function readRepeat(prompt: string, language: Language): RepeatRequest | null {
  const languages = [...new Set([detectLanguage(prompt, language), language])];
  const ands = languages.flatMap((l) => AND_WORDS[l]);
  const openers = languages.flatMap((l) => OPENERS[l]);
  const words = wordsOf(prompt);
  for (let i = 0; i < words.length; i++) {
    const width = Math.max(0, ...openers.map((o) => phraseAt(words, i, o)));
    if (width > 0) {
      const end = nounAfter(words, i + width, ands);
      if (end === i + width) continue;
      let fieldsFrom = end;
      while (fieldsFrom < words.length && NOUN_ENDS.includes(words[fieldsFrom]!.fold)) fieldsFrom++;
      const found = request(words, i, words.slice(i + width, end), fieldsFrom, ands);
      if (found !== null) return found;
    }
    if (!languages.includes('tr')) continue;
    // "her misafir için ad ve yaş": the noun between "her" and "için".
    if (words[i]!.fold === TR_EACH) {
      let stop = i + 2;
      while (stop <= i + NOUN_WORDS && stop < words.length && words[stop]!.fold !== TR_FOR) stop++;
      if (words[stop]?.fold === TR_FOR && stop <= i + NOUN_WORDS) {
        const found = request(words, i, words.slice(i + 1, stop), stop + 1, ands);
        if (found !== null) return found;
      }
    }
    // "önceki işlerinizi listeleyin: işveren, pozisyon ve yıl": the noun before the verb.
    if (TR_LIST.includes(words[i]!.fold) && i > 0) {
      let start = i;
      while (
        start > 0 &&
        i - start < NOUN_WORDS - 1 &&
        words[start - 1]!.ends === '' &&
        !ands.includes(words[start - 1]!.fold)
      )
        start--;
      const found = request(words, start, words.slice(start, i), i + 1, ands);
      if (found !== null) return found;
    }
  }
  return null;
}
