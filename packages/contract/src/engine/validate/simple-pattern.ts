/**
 * Matchers written out as JavaScript for the simplest `pattern` rules, so the generated check of a
 * form need not call a RegExp for them. A RegExp call costs some 20 ns even on a six-character
 * answer, nearly all of it the call itself; a `charCodeAt` scan costs a nanosecond or two per
 * character. Only anchored sequences of character sets with greedy quantifiers are handled, and
 * only those that a scan without backtracking decides exactly as the RegExp does (see
 * `isDeterministic`); for anything else `simplePatternMatcher` returns null and the RegExp stays.
 *
 * The source of a pattern never reaches the emitted code: it is parsed into code-unit sets and
 * counts, and only decimal integers are written out, so no pattern can inject code.
 */

/** One `[...]`, `\d`, escaped or literal character, as membership by ASCII code. */
type CharSet = readonly boolean[];

/** One atom with its quantifier: `max` is Infinity for `*`, `+` and `{n,}`. */
interface Item {
  readonly set: CharSet;
  readonly min: number;
  readonly max: number;
}

/** The largest count a `{n,m}` may give; larger ones are left to the RegExp. */
const MAX_COUNT = 1000;
/** A fixed count up to this is read in straight-line code, a larger one in a loop. */
const MAX_UNROLLED = 8;

const SPECIAL = '.^$|?*+()[]{}\\';
const DIGITS: CharSet = setOf([[48, 57]]);
const WORD: CharSet = setOf([
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
]);

function setOf(ranges: readonly (readonly [number, number])[]): boolean[] {
  const set = new Array<boolean>(128).fill(false);
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) set[c] = true;
  return set;
}

function isPrintable(c: number): boolean {
  return c >= 0x20 && c <= 0x7e;
}

/** ASCII punctuation: the only characters accepted after a backslash besides `d` and `w`. */
function isPunctuation(c: number): boolean {
  return isPrintable(c) && c !== 0x20 && !(c >= 48 && c <= 57) && !((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/**
 * JavaScript source of a function `(s) => boolean` that answers exactly as `new RegExp(source).test(s)`
 * for every string s, or null when the pattern is not of the simple kind handled here.
 *
 * Handled: `^`, then items, then `$`. An item is a literal printable ASCII character other than
 * `.^$|?*+()[]{}\`, a backslash and an ASCII punctuation character, `\d`, `\w`, or a class
 * `[...]` of such characters, `\d`, `\w` and ranges between characters; followed by nothing,
 * `?`, `*`, `+`, `{n}`, `{n,}` or `{n,m}` (up to 1000, greedy). Anything else gives null, as does
 * a sequence that the scan could get wrong (see `isDeterministic`).
 *
 * ```ts
 * simplePatternMatcher('^[A-Z]{2}-\\d{3,6}$'); // 'function (s) { ... }'
 * simplePatternMatcher('^(a|b)$');            // null
 * ```
 */
export function simplePatternMatcher(source: string): string | null {
  const items = parsePattern(source);
  if (!items || !isDeterministic(items)) return null;
  return emitMatcher(items);
}

/** The compiled matcher, or null: `new Function` on the source above. */
export function compileSimplePattern(source: string): ((s: string) => boolean) | null {
  const code = simplePatternMatcher(source);
  if (code === null) return null;
  try {
    return new Function(`'use strict'; return (${code});`)() as (s: string) => boolean;
  } catch {
    // Code generation refused (--disallow-code-generation-from-strings, a CSP): use the RegExp.
    return null;
  }
}

/** The items between `^` and `$`, or null when the pattern is outside the subset. */
function parsePattern(source: string): Item[] | null {
  const n = source.length;
  for (let i = 0; i < n; i++) if (!isPrintable(source.charCodeAt(i))) return null;
  if (n < 2 || source[0] !== '^') return null;
  const items: Item[] = [];
  let i = 1;
  for (;;) {
    if (i >= n) return null; // no closing `$` (an escaped one was read as an atom)
    const ch = source[i]!;
    if (ch === '$') return i === n - 1 ? items : null;
    let set: CharSet;
    if (ch === '\\') {
      const escaped = escapeSet(source, i + 1);
      if (!escaped) return null;
      set = escaped;
      i += 2;
    } else if (ch === '[') {
      const parsed = parseClass(source, i + 1);
      if (!parsed) return null;
      set = parsed.set;
      i = parsed.end;
    } else if (SPECIAL.includes(ch)) {
      return null;
    } else {
      set = setOf([[source.charCodeAt(i), source.charCodeAt(i)]]);
      i++;
    }
    const q = parseQuantifier(source, i);
    if (!q) return null;
    items.push({ set, min: q.min, max: q.max });
    i = q.end;
  }
}

/** The set of the escape whose letter is at `i` (`\d`, `\w`, escaped punctuation), or null. */
function escapeSet(source: string, i: number): CharSet | null {
  if (i >= source.length) return null;
  const c = source.charCodeAt(i);
  if (c === 100) return DIGITS; // d
  if (c === 119) return WORD; // w
  return isPunctuation(c) ? setOf([[c, c]]) : null;
}

/**
 * A class whose body starts at `i` (after the `[`), with the index after its `]`. The grammar is
 * ECMAScript's without the `u` or `v` flag: an atom followed by `-` and something other than `]`
 * makes a range, any other `-` is literal. Negated and empty classes, a leading `]`, a `[` inside,
 * ranges with `\d` or `\w` at an end (Annex B reads those as three members) and reversed ranges
 * all give null.
 */
function parseClass(source: string, i: number): { set: CharSet; end: number } | null {
  const n = source.length;
  if (i >= n || source[i] === '^' || source[i] === ']') return null;
  const set = setOf([]);
  /** One class atom at `j`: a single code, a set (`\d`, `\w`), or null when not allowed. */
  const atom = (j: number): { code: number; set: CharSet | null; end: number } | null => {
    if (j >= n) return null;
    const c = source.charCodeAt(j);
    if (c === 92) {
      // backslash
      if (j + 1 >= n) return null;
      const e = source.charCodeAt(j + 1);
      if (e === 100) return { code: -1, set: DIGITS, end: j + 2 };
      if (e === 119) return { code: -1, set: WORD, end: j + 2 };
      return isPunctuation(e) ? { code: e, set: null, end: j + 2 } : null;
    }
    if (c === 91 || c === 93) return null; // `[` (unusual), `]` (handled by the caller)
    return { code: c, set: null, end: j + 1 };
  };
  while (i < n && source[i] !== ']') {
    const a = atom(i);
    if (!a) return null;
    i = a.end;
    if (source[i] === '-' && i + 1 < n && source[i + 1] !== ']') {
      const b = atom(i + 1);
      if (!b || a.set || b.set || a.code > b.code) return null;
      for (let c = a.code; c <= b.code; c++) set[c] = true;
      i = b.end;
    } else if (a.set) {
      for (let c = 0; c < 128; c++) if (a.set[c]) set[c] = true;
    } else {
      set[a.code] = true;
    }
  }
  return i < n ? { set, end: i + 1 } : null;
}

/** The quantifier at `i` (none is `{1}`), with the index after it; null for lazy or odd ones. */
function parseQuantifier(source: string, i: number): { min: number; max: number; end: number } | null {
  const ch = source[i];
  let q: { min: number; max: number; end: number };
  if (ch === '?') q = { min: 0, max: 1, end: i + 1 };
  else if (ch === '*') q = { min: 0, max: Number.POSITIVE_INFINITY, end: i + 1 };
  else if (ch === '+') q = { min: 1, max: Number.POSITIVE_INFINITY, end: i + 1 };
  else if (ch === '{') {
    const m = /^\{(\d{1,4})(?:(,)(\d{1,4})?)?\}/.exec(source.slice(i, i + 12));
    if (!m) return null;
    const min = Number(m[1]);
    const max = m[3] !== undefined ? Number(m[3]) : m[2] ? Number.POSITIVE_INFINITY : min;
    if (min > MAX_COUNT || max < min || (Number.isFinite(max) && max > MAX_COUNT)) return null;
    q = { min, max, end: i + m[0].length };
  } else return { min: 1, max: 1, end: i };
  // A lazy marker, or a second quantifier (a syntax error): leave both to the RegExp.
  const next = source[q.end];
  return next === '?' || next === '*' || next === '+' || next === '{' ? null : q;
}

/**
 * Can a greedy scan, item by item with no backtracking, decide the pattern? Yes when every item
 * of variable length (min < max) is the last one, or is followed by an item with min >= 1 whose
 * set shares no character with its own.
 *
 * Why that suffices: say the item starts at p and the greedy scan takes g characters of its set
 * (as many as there are, up to max). Take any match of the whole pattern, in which the item takes
 * k. k > g is impossible, as g is the most it can take. If k < g, the character at p + k is in the
 * item's set (the scan took it) and k < max; were the item last, `$` would need p + k to be the end
 * of the string, which it is not; otherwise the next item, taking at least one character, must
 * take that one, which is not in its set. So every match takes exactly g there, fixed-length items
 * take their count, and by induction over the items the only candidate match is the scan's: the
 * scan succeeds exactly when the RegExp does. (`$` matches only at the very end without the `m`
 * flag, even before a final "\n", so "end of the string" is `p === s.length`.)
 *
 * `^a*b*$` is decidable too, but not by this rule (b* may be empty); it is left to the RegExp.
 */
function isDeterministic(items: readonly Item[]): boolean {
  for (let k = 0; k + 1 < items.length; k++) {
    const item = items[k]!;
    const next = items[k + 1]!;
    if (item.min === item.max) continue;
    if (next.min < 1) return false;
    for (let c = 0; c < 128; c++) if (item.set[c] && next.set[c]) return false;
  }
  return true;
}

/** The set as merged ranges of codes, ascending. */
function rangesOf(set: CharSet): [number, number][] {
  const ranges: [number, number][] = [];
  for (let c = 0; c < 128; c++) {
    if (!set[c]) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  return ranges;
}

/**
 * A test that the code unit `v` (an expression, read once when the set has one range or code) is
 * in the set. Every bound is ASCII, so a non-ASCII unit is in none. An empty set cannot occur: a
 * class holds at least one member.
 */
function memberTest(set: CharSet, v: string): string {
  const parts = rangesOf(set).map(([from, to]) => {
    if (from === to) return `${v} === ${from}`;
    if (to === from + 1) return `${v} === ${from} || ${v} === ${to}`;
    return from === 0 ? `${v} <= ${to}` : `${v} >= ${from} && ${v} <= ${to}`;
  });
  return parts.join(' || ');
}

/** Does the test read `v` only once (so `v` may be a `charCodeAt` call rather than `c`)? */
function isSingleCode(set: CharSet): boolean {
  const r = rangesOf(set);
  return r.length === 1 && r[0]![0] === r[0]![1];
}

/**
 * The scan. After the length check, before item j the position p is at most `s.length - R`, R
 * being the sum of the mins of items j and after: true at the start (R is the least total length),
 * kept by a fixed count (it reads p .. p + min - 1, all below s.length - R + min <= s.length) and by
 * the optional part of a variable item, whose loop stops at `s.length` less the mins of the items
 * after it. So every read is in the string. That stop is no change of answer: when the greedy scan
 * would go past it, the items after cannot fit, and the scan stopped short fails at the next item
 * (which must take a character of this item's set, not in its own).
 */
function emitMatcher(items: readonly Item[]): string {
  let minTotal = 0;
  let maxTotal = 0;
  for (const item of items) {
    minTotal += item.min;
    maxTotal += item.max;
  }
  const out: string[] = ['var n = s.length;'];
  if (minTotal === maxTotal) out.push(`if (n !== ${minTotal}) return false;`);
  else if (Number.isFinite(maxTotal)) out.push(`if (n < ${minTotal} || n > ${maxTotal}) return false;`);
  else if (minTotal > 0) out.push(`if (n < ${minTotal}) return false;`);
  out.push('var p = 0, c = 0, e = 0;');

  // Reads at a fixed count from p are written as p + off (a constant before the first loop), with
  // off added to p only when a loop needs p.
  let off = 0;
  let moved = false;
  const at = (k: number) => (!moved ? `${off + k}` : off + k === 0 ? 'p' : `p + ${off + k}`);
  const flush = () => {
    if (off > 0) out.push(`p += ${off};`);
    off = 0;
    moved = true;
  };
  let restMin = minTotal;

  for (const item of items) {
    restMin -= item.min;
    const single = isSingleCode(item.set);
    // The fixed part: min characters, each in the set.
    if (item.min <= MAX_UNROLLED) {
      for (let k = 0; k < item.min; k++) {
        if (single) out.push(`if (!(${memberTest(item.set, `s.charCodeAt(${at(k)})`)})) return false;`);
        else out.push(`c = s.charCodeAt(${at(k)});`, `if (!(${memberTest(item.set, 'c')})) return false;`);
      }
      off += item.min;
    } else {
      flush();
      out.push(
        `for (e = p + ${item.min}; p < e; p++) {`,
        `c = s.charCodeAt(p);`,
        `if (!(${memberTest(item.set, 'c')})) return false;`,
        '}',
      );
    }
    // The optional part: up to max - min more, greedily, but not into the mins of the items after.
    const optional = item.max - item.min;
    if (optional === 0) continue;
    flush();
    const end = restMin === 0 ? 'n' : `n - ${restMin}`;
    if (optional === 1) {
      out.push(`if (p < ${end}) {`, `c = s.charCodeAt(p);`, `if (${memberTest(item.set, 'c')}) p++;`, '}');
    } else {
      out.push(`e = ${end};`);
      if (Number.isFinite(optional)) out.push(`if (e > p + ${optional}) e = p + ${optional};`);
      out.push(
        'while (p < e) {',
        'c = s.charCodeAt(p);',
        `if (!(${memberTest(item.set, 'c')})) break;`,
        'p++;',
        '}',
      );
    }
  }
  // With no variable item the length check has already fixed where the scan ends.
  out.push(minTotal === maxTotal ? 'return true;' : `return ${at(0)} === n;`);
  return `function (s) {\n${out.join('\n')}\n}`;
}
