import type { Language } from '@formloom/contract';
import { detectLanguage, foldText } from '../../../ai/language.js';
import {
  AND_WORDS,
  CONNECTORS,
  CONNECTORS_AFTER,
  CUES,
  type Cue,
  FORM_NOUNS,
  KIND_WORDS,
  LEADING_FILLER,
  OPTIONAL_WORDS,
  OR_WORDS,
  OUR_WORDS,
  REQUEST_WORDS,
  REQUIRED_WORDS,
  TRAILING_FILLER,
  TYPE_MARKERS,
} from './prompt-words.js';

/**
 * Reads the fields a prompt names ("a signup form with name, email, years of experience as a
 * number and workshop (React, Node)"): their labels, kinds, options and required-ness, the form's
 * title and the groups it lists. No regular expression runs on the prompt beyond flat ones, and the
 * prompt is cut to MAX_PROMPT_CHARS, so any input is read in linear time.
 */

/** Longer prompts are cut: the contract allows 400 characters; this bounds direct callers too. */
export const MAX_PROMPT_CHARS = 2_000;
/** An item of more words than this is a sentence, not a field's name. */
const MAX_ITEM_WORDS = 8;
/** Cues checked in this order: the first that an item names decides its kind. */
const CUE_ORDER: readonly Cue[] = [
  'consent',
  'yesNo',
  'signature',
  'file',
  'email',
  'url',
  'identifier',
  'phone',
  'address',
  'datetime',
  'time',
  'date',
  'rating',
  'number',
  'long',
];
/** Words that may stand beside a kind's own word without adding to it: "email ADDRESS". */
const GENERIC_WORDS = [
  'address',
  'adresse',
  'adres',
  'direccion',
  'indirizzo',
  'adresi',
  'number',
  'nummer',
  'numero',
  'numarasi',
  'numarasini',
  'of',
  'de',
  'di',
  'van',
];

export interface ListedField {
  /** The label as the prompt writes it, cleaned; '' when it only names the kind ("email"). */
  label: string;
  cue: Cue | null;
  options: string[];
  /** True, false, or null when the prompt does not say. */
  required: boolean | null;
  /** A rating's scale when the prompt gives one ("1-10"). */
  scale: [number, number] | null;
  /** Several answers allowed ("select all", "mehrere"). */
  multi: boolean;
}
export interface ListedGroup {
  title: string | null;
  fields: ListedField[];
}
export interface PromptReading {
  title: string | null;
  groups: ListedGroup[];
}

/** The words that separate the items of a list and the options of a choice. */
interface ListWords {
  and: readonly string[];
  or: readonly string[];
}

interface Token {
  raw: string;
  fold: string;
}

function isWordChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '@' || c === '&' || c === '/';
}

/** A word folded, without the punctuation around it: `"E-Mail,"` -> `e-mail`. */
function foldWord(raw: string): string {
  const f = foldText(raw);
  let start = 0;
  let end = f.length;
  while (start < end && !isWordChar(f[start]!)) start++;
  while (end > start && !isWordChar(f[end - 1]!)) end--;
  return f.slice(start, end);
}

function tokens(text: string): Token[] {
  return text
    .split(' ')
    .filter((raw) => raw !== '')
    .map((raw) => ({ raw, fold: foldWord(raw) }));
}

const phraseCache = new Map<string, string[]>();
function phraseWords(phrase: string): string[] {
  let words = phraseCache.get(phrase);
  if (words === undefined) {
    words = phrase.split(' ');
    phraseCache.set(phrase, words);
  }
  return words;
}

function wordMatches(fold: string, pattern: string): boolean {
  if (pattern.length > 1 && pattern.endsWith('*')) return fold.startsWith(pattern.slice(0, -1));
  if (pattern.length > 1 && pattern.startsWith('*')) return fold.endsWith(pattern.slice(1));
  return fold === pattern;
}

/** How many tokens from `at` the longest phrase of `list` that matches there covers (0: none). */
function matchAt(toks: readonly Token[], at: number, list: readonly string[]): number {
  let longest = 0;
  for (const phrase of list) {
    const words = phraseWords(phrase);
    if (words.length <= longest || at + words.length > toks.length) continue;
    if (words.every((w, k) => wordMatches(toks[at + k]!.fold, w))) longest = words.length;
  }
  return longest;
}

function hasAny(toks: readonly Token[], list: readonly string[]): boolean {
  for (let i = 0; i < toks.length; i++) if (matchAt(toks, i, list) > 0) return true;
  return false;
}

function join(toks: readonly Token[]): string {
  return toks.map((t) => t.raw).join(' ');
}

/** Splits at any of `chars` outside parentheses. */
function splitTop(text: string, chars: string, sentence = false): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && chars.includes(c)) {
      // A full stop ends a sentence only before a space or the end: not in "e.g." nor "3.5".
      if (sentence && c === '.' && i + 1 < text.length && text[i + 1] !== ' ') continue;
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Splits at commas, semicolons and the given words, outside parentheses. */
function splitList(text: string, words: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of splitTop(text, ',;')) {
    const toks = tokens(part);
    let depth = 0;
    let current: Token[] = [];
    for (let i = 0; i < toks.length; i++) {
      // "date AND time" names one field (a date and time), not two.
      const joined = i > 0 && matchAt(toks, i - 1, CUES.datetime) > 0;
      const width = depth === 0 && !joined ? matchAt(toks, i, words) : 0;
      if (width > 0) {
        if (current.length > 0) out.push(join(current));
        current = [];
        i += width - 1;
        continue;
      }
      const tok = toks[i]!;
      for (const c of tok.raw) depth = c === '(' ? depth + 1 : c === ')' ? Math.max(0, depth - 1) : depth;
      current.push(tok);
    }
    if (current.length > 0) out.push(join(current));
  }
  return out;
}

/** The text outside parentheses and the text inside them. */
function outsideAndInside(text: string): [string, string] {
  let outside = '';
  let inside = '';
  let depth = 0;
  for (const c of text) {
    if (c === '(') {
      if (depth++ === 0) inside += inside === '' ? '' : ', ';
      else inside += c;
    } else if (c === ')') {
      if (depth > 0 && --depth > 0) inside += c;
    } else if (depth > 0) inside += c;
    else outside += c;
  }
  return [outside.replace(/\s+/g, ' ').trim(), inside.trim()];
}

/** Removes every occurrence of the phrases of `list`. */
function without(toks: readonly Token[], list: readonly string[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < toks.length; i++) {
    const width = matchAt(toks, i, list);
    if (width > 0) i += width - 1;
    else out.push(toks[i]!);
  }
  return out;
}

/** Strips filler words at the start (articles, "upload", "ask for") and at the end. */
function trimFiller(toks: Token[], leading: readonly string[]): Token[] {
  let out = toks.filter((t) => t.fold !== '');
  for (
    let width = matchAt(out, 0, leading);
    width > 0 && width < out.length;
    width = matchAt(out, 0, leading)
  )
    out = out.slice(width);
  while (out.length > 1 && matchAt(out, out.length - 1, TRAILING_FILLER) === 1) out = out.slice(0, -1);
  return out;
}

const EDGE = ' :,.;-';

/** The text without the punctuation at its edges, its first letter upper case. */
export function capitalised(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE.includes(text[start]!)) start++;
  while (end > start && EDGE.includes(text[end - 1]!) && text[end - 1] !== '.') end--;
  const t = text.slice(start, end);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** A rating's scale written as "1-10", "1 to 10", "1 bis 10"... */
function scaleIn(text: string): [number, number] | null {
  const m = /\b(\d{1,2}) ?(?:-|–|to|bis|a|al|tot|ile|\/) ?(\d{1,2})\b/.exec(text);
  if (m === null) return null;
  const [low, high] = [Number(m[1]), Number(m[2])];
  return low < high && high - low <= 10 ? [low, high] : null;
}

function cueOf(toks: readonly Token[]): Cue | null {
  for (const cue of CUE_ORDER) if (hasAny(toks, CUES[cue])) return cue;
  return null;
}

/** One item of a list: "years of experience as a number", "workshop (React, Node) required". */
function readItem(text: string, words: ListWords, options: string[] = []): ListedField {
  const [outside, inside] = outsideAndInside(text);
  const toks = tokens(outside);
  const insideToks = tokens(inside);
  const all = [...toks, ...insideToks];
  const optional = hasAny(all, OPTIONAL_WORDS);
  const required = optional ? false : hasAny(all, REQUIRED_WORDS) ? true : null;
  const cue = cueOf(all);
  const listed = [...options];
  if (inside !== '' && cue !== 'yesNo') {
    // "(select all that apply: tech, design)": the options follow the colon.
    const list = inside.slice(inside.lastIndexOf(':') + 1);
    for (const option of splitList(list, [...words.and, ...words.or])) {
      const optionToks = tokens(option);
      const onlyCue = without(optionToks, [
        ...REQUIRED_WORDS,
        ...OPTIONAL_WORDS,
        ...TYPE_MARKERS,
        ...CUES.multi,
      ]);
      if (onlyCue.length === optionToks.length && scaleIn(option) === null) listed.push(option);
    }
  }
  const scale = scaleIn(inside === '' ? outside : inside);
  // "rate the venue from 1 to 10": the scale makes the options, not the label.
  const named = scale === null ? toks : toks.filter((t) => !/\d/.test(t.fold));
  const labelToks = trimFiller(
    without(named, [...TYPE_MARKERS, ...REQUIRED_WORDS, ...OPTIONAL_WORDS, ...CUES.multi]),
    [...LEADING_FILLER, ...CUES.choice],
  );
  const options2 = [...new Set(listed.map((o) => o.trim()).filter((o) => o !== '' && o.length <= 80))];
  const kind = options2.length >= 2 && cue !== 'yesNo' ? 'choice' : cue;
  const kindWords = kind === null ? undefined : KIND_WORDS[kind];
  const onlyNamesKind =
    kindWords !== undefined && without(labelToks, [...kindWords, ...GENERIC_WORDS]).length === 0;
  const label = onlyNamesKind ? '' : capitalised(join(labelToks));
  return {
    label,
    cue: kind,
    options: options2.length >= 2 ? options2.slice(0, 20) : [],
    required,
    scale,
    multi: hasAny(all, CUES.multi),
  };
}

/** Whether an item is the respondent's name ("name", "your full name"), not "company name". */
export function isPersonName(field: ListedField): boolean {
  if (field.cue !== null && field.cue !== 'choice') return false;
  const toks = trimFiller(tokens(field.label), LEADING_FILLER);
  return toks.length > 0 && without(toks, CUES.name).length === 0;
}

interface Segment {
  head: string | null;
  kind: 'colon' | 'connector' | 'noun' | null;
  fields: ListedField[];
}

function hasFormNoun(text: string): boolean {
  return hasAny(tokens(text), FORM_NOUNS);
}

/** The fields of a list, if it is one: several short items, or one that names a kind. */
function fieldsOf(items: readonly string[], words: ListWords, extra: ListedField[] = []): ListedField[] {
  const short = items.filter((item) => tokens(outsideAndInside(item)[0]).length <= MAX_ITEM_WORDS);
  const fields = [...short.map((item) => readItem(item, words)), ...extra];
  if (fields.length >= 2) return fields;
  return fields.filter((f) => f.cue !== null);
}

function readSegment(text: string, words: ListWords): Segment {
  const andWords = words.and;
  const colon = splitTop(text, ':');
  if (colon.length >= 2) {
    const head = colon[0]!;
    const body = colon.slice(1).join(': ');
    const headParts = splitList(head, andWords);
    const last = headParts.at(-1) ?? head;
    if (headParts.length > 1 || hasAny(tokens(last), CUES.choice)) {
      // "..., choose a track: design, code or product": the body is that choice's options.
      const options = splitList(body, [...andWords, ...words.or]);
      const choice = readItem(last, words, options);
      const rest = headParts.slice(0, -1);
      const named = rest.length > 0 && hasFormNoun(rest[0]!) ? rest.shift()! : null;
      return {
        head: named,
        kind: named === null ? null : 'noun',
        fields: fieldsOf(rest, words, [choice]),
      };
    }
    return { head, kind: 'colon', fields: fieldsOf(splitList(body, andWords), words) };
  }
  const toks = tokens(text);
  // Whether a form noun comes before token i (nounBefore[i]) or from token i on (nounFrom[i]).
  const noun = toks.map((_, i) => matchAt(toks, i, FORM_NOUNS) > 0);
  const nounBefore = [false];
  for (let i = 0; i < toks.length; i++) nounBefore.push(nounBefore[i]! || noun[i]!);
  const nounFrom: boolean[] = new Array(toks.length + 1).fill(false);
  for (let i = toks.length - 1; i >= 0; i--) nounFrom[i] = nounFrom[i + 1]! || noun[i]!;
  for (let i = 1; i < toks.length; i++) {
    const width = matchAt(toks, i, CONNECTORS);
    // "with OUR customer service" says what the form is about, not what it asks.
    if (width > 0 && (nounBefore[i]! || i <= 3) && matchAt(toks, i + width, OUR_WORDS) === 0) {
      const body = splitList(join(toks.slice(i + width)), andWords);
      return { head: join(toks.slice(0, i)), kind: 'connector', fields: fieldsOf(body, words) };
    }
    const after = matchAt(toks, i, CONNECTORS_AFTER);
    if (after > 0 && nounFrom[i + after]!) {
      const body = splitList(join(toks.slice(0, i)), andWords);
      return { head: join(toks.slice(i + after)), kind: 'connector', fields: fieldsOf(body, words) };
    }
  }
  const items = splitList(text, andWords);
  const named = items.length > 0 && hasFormNoun(items[0]!) ? items.shift()! : null;
  return { head: named, kind: named === null ? null : 'noun', fields: fieldsOf(items, words) };
}

/** A short title from a head: request words and articles off, at most a noun and three words before it. */
function titleOf(head: string): string | null {
  let toks = trimFiller(tokens(head), [...REQUEST_WORDS, ...LEADING_FILLER]);
  if (toks.length > MAX_ITEM_WORDS) {
    const noun = toks.findIndex((_, i) => matchAt(toks, i, FORM_NOUNS) > 0);
    toks = noun < 0 ? [] : trimFiller(toks.slice(Math.max(0, noun - 3), noun + 1), LEADING_FILLER);
  }
  const title = capitalised(join(toks)).slice(0, 80);
  return title === '' ? null : title;
}

/** What a prompt lists: none of its groups has fields when it names none. */
export function readPrompt(prompt: string, language: Language): PromptReading {
  const text = prompt.slice(0, MAX_PROMPT_CHARS).replace(/\s+/g, ' ').trim();
  // The list words of the prompt's language and of the form's: a short prompt's language is a guess.
  const languages = [detectLanguage(text, language), language];
  const words: ListWords = {
    and: languages.flatMap((l) => AND_WORDS[l]),
    or: languages.flatMap((l) => OR_WORDS[l]),
  };
  const segments = splitTop(text, '.!\n', true).map((s) => readSegment(s, words));
  const withFields = segments.filter((s) => s.fields.length > 0);
  const sectioned = withFields.filter((s) => s.kind === 'colon').length >= 2;
  const titled = segments.find(
    (s) => s.head !== null && !(sectioned && s.kind === 'colon' && s.fields.length > 0),
  );
  return {
    title: titled ? titleOf(titled.head!) : null,
    groups: withFields.map((s) => ({
      title: s !== titled && s.kind === 'colon' ? capitalised(s.head!) : null,
      fields: s.fields,
    })),
  };
}
