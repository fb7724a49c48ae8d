import { RE2JS } from 're2js';
import type { PatternMatcher } from '../validate/rule-checks.js';

/**
 * JavaScript's `\s` (no flags): the characters RE2's `\s` leaves out (`\v`, no-break and other
 * Unicode spaces, the line and paragraph separators, the BOM) included, so both engines agree.
 */
const WHITESPACE =
  '\\t\\n\\x{b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** JavaScript's `\S`: every code point but those above. */
const NOT_WHITESPACE =
  '\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}';
/** JavaScript's `.` (no `s` flag): anything but a line terminator; RE2's leaves out `\n` only. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
/** A counted repetition: `{2}`, `{2,}`, `{2,5}`. */
const COUNTED = /^\{\d+(?:,\d*)?\}/;
/** Escapes that mean the same in both engines, inside a class or out. */
const SAME_ESCAPES = new Set(['d', 'D', 'w', 'W', 't', 'n', 'v', 'f', 'r']);

/** A pattern the linear-time engine cannot run as JavaScript would; the message says why. */
export class UnsupportedPatternError extends Error {
  override name = 'UnsupportedPatternError';
}

/**
 * Compiles a `pattern` rule (a JavaScript regular expression without flags, as `new RegExp`
 * accepts it) for RE2JS, a pure-JS port of RE2: matching takes time linear in the answer's length
 * whatever the pattern, so no pattern can stall the server. Constructs only a backtracking engine
 * runs (back-references, look-arounds) and escapes whose meaning differs between the engines throw
 * `UnsupportedPatternError`; `.` and `\s` are rewritten to JavaScript's meaning. One difference
 * stays: RE2 reads an answer by code point, JavaScript by UTF-16 unit, so `.` takes an emoji whole.
 *
 * @example
 * ```ts
 * compileLinearPattern('^(a|a)*$').test('a'.repeat(10_000) + '!'); // false, in about a millisecond
 * compileLinearPattern('^(\\w)\\1$'); // throws UnsupportedPatternError: back-references
 * ```
 */
export function compileLinearPattern(source: string): PatternMatcher {
  const translated = toRe2Syntax(source);
  try {
    return RE2JS.compile(translated);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnsupportedPatternError(`the server's linear-time engine (RE2) cannot run it (${reason})`);
  }
}

/** `source`, valid for `new RegExp(source)`, in RE2 syntax with JavaScript's meaning. */
function toRe2Syntax(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      out += escapeOutside(source, i);
      i += escapeLength(source, i);
    } else if (c === '[') {
      const end = classEnd(source, i);
      out += characterClass(source, i + 1, end);
      i = end + 1;
    } else if (c === '(' && source[i + 1] === '?') {
      const next = source[i + 2];
      if (next === ':') out += '(?:';
      else if (next === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') out += '(?P<';
      else if (next === '=' || next === '!' || next === '<') {
        throw new UnsupportedPatternError(
          'look-arounds such as (?=...) need a backtracking engine; the server runs patterns in linear time',
        );
      } else throw new UnsupportedPatternError('inline modifiers such as (?i:...) are not supported');
      // The name and its `>` follow as they are.
      i += 3;
    } else if (c === '.') {
      out += DOT;
      i += 1;
    } else if (c === '{' && COUNTED.test(source.slice(i))) {
      const counted = COUNTED.exec(source.slice(i))![0];
      out += counted;
      i += counted.length;
    } else if (c === '{' || c === '}' || c === ']') {
      // Literal in JavaScript (Annex B) when not part of a count or class; escaped for RE2.
      out += `\\${c}`;
      i += 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Index of the `]` closing the class opened at `start` (in JavaScript the first `]` closes, even `[]`). */
function classEnd(source: string, start: number): number {
  let j = start + 1;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j;
}

function characterClass(source: string, from: number, end: number): string {
  const negated = source[from] === '^';
  let i = negated ? from + 1 : from;
  // `[]` matches nothing and `[^]` anything in JavaScript; RE2 reads `[]...]` as holding `]`.
  if (i === end) return negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]';
  let body = '';
  while (i < end) {
    const c = source[i]!;
    if (c === '\\') {
      const e = source[i + 1]!;
      if (e === 's') body += WHITESPACE;
      else if (e === 'S') body += NOT_WHITESPACE;
      else if (e === 'b') body += '\\x{8}';
      else body += commonEscape(source, i);
      i += escapeLength(source, i);
    } else {
      // `[` is literal in a JavaScript class; RE2 would read `[:alpha:]` as a POSIX class.
      body += c === '[' ? '\\[' : c;
      i += 1;
    }
  }
  return `[${negated ? '^' : ''}${body}]`;
}

function escapeOutside(source: string, i: number): string {
  const e = source[i + 1]!;
  if (e === 's') return `[${WHITESPACE}]`;
  if (e === 'S') return `[${NOT_WHITESPACE}]`;
  if (e === 'b' || e === 'B') return `\\${e}`;
  return commonEscape(source, i);
}

/** An escape meaning the same inside a class and out, in RE2 syntax; throws for the rest. */
function commonEscape(source: string, i: number): string {
  const e = source[i + 1]!;
  if (SAME_ESCAPES.has(e)) return `\\${e}`;
  if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6)))
    return `\\x{${source.slice(i + 2, i + 6)}}`;
  if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4)))
    return `\\x{${source.slice(i + 2, i + 4)}}`;
  if (e === 'c' && /^[a-zA-Z]$/.test(source[i + 2] ?? '')) {
    return `\\x{${(source.charCodeAt(i + 2) % 32).toString(16)}}`;
  }
  if (e === '0' && !/[0-9]/.test(source[i + 2] ?? '')) return '\\x{0}';
  if (/[1-9]/.test(e) || e === 'k') {
    throw new UnsupportedPatternError(
      `back-references such as \\${e === 'k' ? 'k<name>' : e} need a backtracking engine; the server runs patterns in linear time`,
    );
  }
  if (/[a-zA-Z0-9]/.test(e)) {
    throw new UnsupportedPatternError(
      `the escape \\${e} is not supported (write the character itself or a class)`,
    );
  }
  // Escaped punctuation, or a character outside ASCII: itself in both engines.
  return /[\x21-\x7e]/.test(e) ? `\\${e}` : e;
}

function escapeLength(source: string, i: number): number {
  const e = source[i + 1];
  if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) return 6;
  if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) return 4;
  if (e === 'c' && /^[a-zA-Z]$/.test(source[i + 2] ?? '')) return 3;
  return 2;
}
