import type { Language } from '@formloom/contract';
import { detectLanguage, foldText } from '../../../ai/language.js';
import { keyOf } from './draft-ids.js';
import { niceStep } from './draft-questions.js';
import type { FieldDraft } from './form-draft.js';
import { AND_WORDS, CUES, FORM_NOUNS, OR_WORDS } from './prompt-words.js';
import { NONE_WORDS, OTHER_WORDS, QUESTION_TEXTS, UNITS, QUESTION_WORDS as W } from './question-words.js';

/**
 * The offline provider's question types (docs/ai.md "Question types offline"): the sentences of a
 * prompt that ask one question of a type beyond the original ten (an NPS, a scale, a slider, a
 * matrix, a ranking, a picture choice, a long multiple choice, a rating) become that field; the
 * rest of the prompt is read as before (`readPrompt`). Flat, word by word, like prompt-reading.ts.
 */

type MakeField = (
  key: string,
  type: FieldDraft['type'],
  label: string,
  extra?: Partial<FieldDraft>,
) => FieldDraft;

/** More options than this make a searchable multi-select; fewer stay checkboxes. */
const LONG_LIST = 7;
const MAX_ITEMS = 20;
const MAX_LABEL = 200;
/**
 * Sentences (and items of a list) read for a question type: a prompt of more is not a list of
 * questions, and the cap keeps a long adversarial prompt's reading short.
 */
const MAX_READ = 30;

/** The folded words of a text; `%`, `€`, `$` and `£` are words of their own. */
function words(text: string): string[] {
  return foldText(text)
    .replace(/([%€$£])/g, ' $1 ')
    .split(/[^a-z0-9%€$£]+/)
    .filter((w) => w !== '');
}

function wordMatches(word: string, pattern: string): boolean {
  return pattern.length > 1 && pattern.endsWith('*')
    ? word.startsWith(pattern.slice(0, -1))
    : word === pattern;
}

const phraseWords = new Map<string, string[]>();

/** Whether any phrase of `list` occurs in `ws`. */
function has(ws: readonly string[], list: readonly string[]): boolean {
  return list.some((phrase) => {
    let p = phraseWords.get(phrase);
    if (p === undefined) {
      p = phrase.split(' ');
      phraseWords.set(phrase, p);
    }
    for (let i = 0; i + p.length <= ws.length; i++)
      if (p.every((w, k) => wordMatches(ws[i + k]!, w))) return true;
    return false;
  });
}

const NUMBER = String.raw`[%€$£]?\s?(\d{1,6}(?:[.,]\d{1,3})?)\s?[%€$£]?`;
const RANGE_JOIN = '(?:-|–|to|bis|a|al|tot|ile|and|und|y|e|en|ve|/|up to)';
const RANGE = new RegExp(String.raw`(?:^|[^\d.,])${NUMBER}\s?${RANGE_JOIN}\s?${NUMBER}`);

/** Two numbers that bound a range: "1 to 7", "0-100", "between 0 and 500", "%0 ile %100". */
export function rangeIn(text: string): [number, number] | null {
  const m = RANGE.exec(foldText(text));
  if (m === null) return null;
  const [low, high] = [Number(m[1]!.replace(',', '.')), Number(m[2]!.replace(',', '.'))];
  return low < high ? [low, high] : null;
}

/** The question a sentence asks, as a label: up to its question mark, or before its list. */
function labelOf(text: string): string {
  const q = text.indexOf('?');
  let label = q >= 0 ? text.slice(0, q + 1) : text;
  const colon = label.search(/:\s|:$/);
  if (colon >= 0 && q < 0) label = label.slice(0, colon);
  label = label.replace(/\s+/g, ' ').replace(/^[\s,;:-]+|[\s,;:.-]+$/g, '');
  return (label.charAt(0).toUpperCase() + label.slice(1)).slice(0, MAX_LABEL);
}

const splitters = new Map<string, RegExp>();
/** What separates a list's items in the prompt's language and the form's: commas, "and", "or". */
function listSplitter(detected: Language, language: Language): RegExp {
  const key = `${detected}:${language}`;
  let splitter = splitters.get(key);
  if (splitter === undefined) {
    const joins = [...new Set([detected, language])]
      .flatMap((l) => [...AND_WORDS[l], ...OR_WORDS[l]])
      .filter((w) => w !== '&' && w !== '/');
    splitter = new RegExp(String.raw`\s*[,;]\s*|\s+(?:${joins.join('|')})\s+|\s*\/\s*`, 'i');
    splitters.set(key, splitter);
  }
  return splitter;
}

/** A list after the sentence's last colon or inside its parentheses: "rank these: a, b and c". */
function listIn(text: string, language: Language): { head: string; items: string[]; colon: boolean } {
  let head = text;
  let body = '';
  const colon = text.lastIndexOf(': ');
  const open = text.lastIndexOf('(');
  if (colon >= 0) [head, body] = [text.slice(0, colon), text.slice(colon + 2)];
  else if (open >= 0 && text.indexOf(')', open) > open)
    [head, body] = [text.slice(0, open), text.slice(open + 1, text.indexOf(')', open))];
  if (body === '') return { head, items: [], colon: false };
  const items = body
    .replace(/[?.!)]+\s*$/, '')
    .split(listSplitter(detectLanguage(text, language), language))
    .map((s) => s.replace(/^[\s,;]+|[\s,;.?]+$/g, ''))
    .filter((s) => s !== '' && s.length <= 80);
  const distinct = [...new Map(items.map((s) => [s.toLowerCase(), s])).values()];
  return { head, items: distinct.slice(0, MAX_ITEMS), colon: colon >= 0 };
}

/**
 * Splits a prompt into sentences, a question joined to the sentence after it when that one only
 * gives its list or its range ("Which do you use? Select all that apply: ...").
 */
function sentencesOf(prompt: string): string[] {
  const pieces = prompt
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const next = pieces[i + 1];
    if (
      piece.endsWith('?') &&
      next !== undefined &&
      !next.includes('?') &&
      (/:\s|\(/.test(next) || rangeIn(next) !== null)
    ) {
      out.push(`${piece} ${next}`);
      i++;
    } else out.push(piece);
  }
  return out;
}

function unitIn(ws: readonly string[]): string | null {
  return UNITS.find(([, names]) => has(ws, names))?.[0] ?? null;
}

/** "Other" and "None of the above" out of a list of options, into their own parts. */
function choiceParts(items: readonly string[]): Partial<FieldDraft> & { options: string[] } {
  let other: string | null = null;
  let exclusiveOption: string | null = null;
  const options: string[] = [];
  for (const item of items) {
    const ws = words(item);
    if (other === null && ws.length <= 3 && ws.length > 0 && wordMatches(ws[0]!, 'other')) other = item;
    else if (other === null && ws.length <= 2 && has(ws.slice(0, 1), OTHER_WORDS)) other = item;
    else if (exclusiveOption === null && ws.length <= 4 && has(ws.slice(0, 1), NONE_WORDS)) {
      exclusiveOption = item;
      options.push(item);
    } else options.push(item);
  }
  return { options, other, exclusiveOption };
}

/** The field one sentence asks for, when it asks for one of the question types. */
function questionOf(sentence: string, language: Language, make: MakeField): FieldDraft | null {
  const texts = QUESTION_TEXTS[language];
  const ws = words(sentence);
  const label = labelOf(sentence);
  const field = (type: FieldDraft['type'], extra: Partial<FieldDraft>, text = label) =>
    make(keyOf(text, type), type, text || texts.picture, { required: true, ...extra });
  const urls = sentence.match(/https:\/\/[^\s,;()<>"']+[^\s,;()<>"'.]/g) ?? [];
  if (urls.length >= 2) return pictureChoice(sentence, urls, ws, field, texts.picture);
  // "I agree to the terms" asks for a consent (read with the fields), not an agreement scale.
  if (has(ws, CUES.consent)) return null;
  const range = rangeIn(sentence);
  const isNps =
    has(ws, ['nps', 'net promoter']) ||
    (has(ws, W.recommend) && (has(ws, W.likely) || range?.join() === '0,10'));
  if (isNps) return field('nps', {}, has(ws, W.recommend) ? label : texts.nps);
  const { head, items, colon } = listIn(sentence, language);
  const headWs = words(head);
  const titled = has(headWs, FORM_NOUNS);
  if (items.length >= 2 && has(ws, W.rank)) {
    const top = /\btop\s?(\d{1,2})\b/i.exec(foldText(sentence))?.[1];
    const n = top === undefined ? null : Number(top);
    return field(
      'ranking',
      {
        options: items,
        ranking: n !== null && n >= 1 && n < items.length ? { top: n } : null,
      },
      labelOf(head),
    );
  }
  if (items.length >= 2 && has(ws, W.multi)) {
    if (items.length > LONG_LIST)
      return field('select', { ...choiceParts(items), multiple: true }, labelOf(head));
    if (!titled) return field('checkbox', choiceParts(items), labelOf(head));
  }
  const agree = has(headWs, W.agree);
  const each = has(headWs, W.each);
  // "Rate ... (yes/no)" is a yes/no question; "Rate the venue (1-10), dinner (yes/no)" a list.
  const yesNo =
    items.length === 2 && has(words(items.join(' ')), ['yes', 'ja', 'si', 'evet', 'no', 'nein', 'nee']);
  if (
    items.length >= 2 &&
    !titled &&
    !yesNo &&
    (colon || each || agree) &&
    (each || agree || has(headWs, W.rating))
  ) {
    const numbers = range !== null && Number.isInteger(range[0]) && range[1] - range[0] <= 10 ? range : null;
    const columns = agree
      ? [...texts.agree]
      : numbers !== null
        ? Array.from({ length: numbers[1] - numbers[0] + 1 }, (_, i) => String(numbers[0] + i))
        : [...texts.quality];
    return field('matrix', { matrix: { rows: items, columns, multiple: null } }, labelOf(head));
  }
  if (agree && items.length === 0) {
    const [low, , mid, , high] = texts.agree;
    return field('scale', { scale: { min: 1, max: 5, lowLabel: low, midLabel: mid, highLabel: high } });
  }
  const unit = unitIn(ws);
  if (range !== null && has(ws, W.scale) && unit === null) {
    const [min, max] = range;
    if ((min === 0 || min === 1) && Number.isInteger(max) && max >= 2 && max <= 10)
      return field('scale', { scale: { min, max, lowLabel: null, midLabel: null, highLabel: null } });
  }
  if (range !== null && (unit !== null || has(ws, W.slider)) && !titled) {
    const [min, max] = range;
    return field('slider', { slider: { min, max, step: niceStep(max - min), unit } });
  }
  if (
    has(ws, W.rating) &&
    !titled &&
    items.length === 0 &&
    (range !== null || sentence.includes('?') || has(ws, ['star*']))
  ) {
    if (range === null) return field('rating', { rating: { max: 5, icon: null } });
    const [min, max] = range;
    if (min === 1 && max >= 3 && max <= 10) return field('rating', { rating: { max, icon: null } });
    if (min === 0 && max >= 2 && max <= 10)
      return field('scale', { scale: { min: 0, max, lowLabel: null, midLabel: null, highLabel: null } });
  }
  return null;
}

/** A picture choice: each URL an option, labelled by the words just before it. */
function pictureChoice(
  sentence: string,
  urls: readonly string[],
  ws: readonly string[],
  field: (type: FieldDraft['type'], extra: Partial<FieldDraft>, text?: string) => FieldDraft,
  fallback: string,
): FieldDraft {
  const options: string[] = [];
  let from = 0;
  const start = sentence.indexOf(urls[0]!);
  urls.forEach((url, i) => {
    const at = sentence.indexOf(url, from);
    const before = sentence
      .slice(from, at)
      .replace(/[\s:(–-]+$/, '')
      .split(/[,;?:(]|\s(?:and|or|und|oder|y|o|e|en|of|ve|veya)\s/)
      .at(-1)!
      .trim();
    from = at + url.length;
    // The first URL's words may be the question's ("Choose a logo: https://..."): only a short name.
    const short = before !== '' && before.split(' ').length <= (i === 0 ? 2 : 3);
    options.push(!short || options.includes(before) ? `${i + 1}` : before);
  });
  const question = labelOf(sentence.slice(0, start).replace(/[\s:(–-]+$/, ''));
  const multiple = has(ws, W.multi) ? true : null;
  return field('picture_choice', { options, imageUrls: [...urls], multiple }, question || fallback);
}

/** The types one item of a list of fields may ask for here; a listed rating is read with the list. */
const ITEM_TYPES: ReadonlySet<string> = new Set(['nps', 'scale', 'slider']);

const AND_SPLITTERS = new Map<Language, RegExp>();
function andSplitter(language: Language): RegExp {
  let splitter = AND_SPLITTERS.get(language);
  if (splitter === undefined) {
    const and = AND_WORDS[language].filter((w) => /^[a-z]+$/.test(w)).join('|');
    splitter = new RegExp(String.raw`\s(?:${and})\s(?!\d)`, 'i');
    AND_SPLITTERS.set(language, splitter);
  }
  return splitter;
}

/** Splits at commas and at the language's "and" outside parentheses; "between 0 and 10" stays. */
function clausesOf(sentence: string, language: Language): string[] {
  const and = andSplitter(language);
  const clauses: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === ',') {
      clauses.push(sentence.slice(start, i));
      start = i + 1;
    }
  }
  clauses.push(sentence.slice(start));
  return clauses
    .flatMap((c) => c.split(and))
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/**
 * A sentence that lists fields ("a survey with name, email and how likely they are to recommend
 * us from 0 to 10"): the items that ask for a question type become those fields, the others stay
 * the list. Null when the sentence is not such a list or none of its items asks for one.
 */
function listedQuestions(
  sentence: string,
  language: Language,
  make: MakeField,
): { fields: FieldDraft[]; rest: string } | null {
  if (sentence.includes('?') || sentence.includes(': ')) return null;
  const clauses = clausesOf(sentence, language);
  if (clauses.length < 2 || clauses.length > MAX_READ) return null;
  const fields: FieldDraft[] = [];
  const rest: string[] = [];
  for (const clause of clauses) {
    const asked = questionOf(clause, language, make);
    if (asked !== null && ITEM_TYPES.has(asked.type)) fields.push(asked);
    else rest.push(clause);
  }
  return fields.length === 0 ? null : { fields, rest: `${rest.join(', ')}.` };
}

/**
 * The question-type fields a prompt asks for, in its order, and the prompt without the sentences
 * they came from (a sentence that names the form, "Customer survey: ...", leaves that name).
 */
export function readQuestions(
  prompt: string,
  language: Language,
  make: MakeField,
): { fields: FieldDraft[]; rest: string } {
  const fields: FieldDraft[] = [];
  const rest: string[] = [];
  const sentences = sentencesOf(prompt);
  if (sentences.length > MAX_READ) return { fields, rest: prompt };
  for (const sentence of sentences) {
    const listed = listedQuestions(sentence, language, make);
    if (listed !== null) {
      fields.push(...listed.fields);
      rest.push(listed.rest);
      continue;
    }
    const colon = sentence.indexOf(': ');
    const head = colon > 0 ? sentence.slice(0, colon) : '';
    // "Ordini in ORDINE di preferenza: ..." asks for a ranking, it does not name an order form.
    const named =
      head !== '' && has(words(head), FORM_NOUNS) && !has(words(head), W.rank) && words(head).length <= 6;
    const asked = questionOf(named ? sentence.slice(colon + 2) : sentence, language, make);
    if (asked === null) rest.push(sentence);
    else {
      fields.push(asked);
      if (named) rest.push(`${head}.`);
    }
  }
  return { fields, rest: rest.join(' ') };
}
