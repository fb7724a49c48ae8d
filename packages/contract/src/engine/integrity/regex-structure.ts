/**
 * A small scanner over a JS regular expression source (no flags, Annex B syntax), for the two
 * structural facts the ReDoS check needs that recheck's automaton checker does not give:
 * whether a repetition is nested inside another (star height >= 2), and the pattern with every
 * counted repetition widened to `*` / `+`.
 *
 * Widening is needed because recheck's automaton analysis judges `(a{1,10}){1,10}$` safe: with
 * bounded counts the backtracking is finite, yet V8 spends ~400 ms on 28 characters. Analysing
 * `(a+)+$` instead shows the exponential ambiguity the counts only cap. It over-approximates
 * (`(a{1,2}){2}` is flagged), which is the right side to err on.
 *
 * Expects a source that `new RegExp(source)` accepts; anything else gives meaningless output.
 */
export interface PatternStructure {
  /** The source with `{n,m}` (m > 1) replaced by `*` (n = 0) or `+`. */
  widened: string;
  /** A repeating quantifier applies to a group that itself contains one, as in `(a+)+`. */
  nestedRepetition: boolean;
}

const COUNTED = /^\{(\d+)(?:(,)(\d*))?\}/;

export function analysePatternStructure(source: string): PatternStructure {
  // One entry per open group: the highest star height seen inside it so far.
  const heights: number[] = [0];
  let out = '';
  // Star height of the last atom, or null where a quantifier cannot follow (start, `|`, `(`, after a quantifier).
  let atom: number | null = null;
  let i = 0;
  const raise = (height: number) => {
    const top = heights.length - 1;
    heights[top] = Math.max(heights[top]!, height);
  };

  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      out += source.slice(i, i + 2);
      i += 2;
      atom = 0;
    } else if (c === '[') {
      let j = i + 1;
      // In JS a `]` always closes a class (even first), unless escaped.
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      atom = 0;
    } else if (c === '(') {
      const prefix = groupPrefix(source, i);
      out += prefix;
      i += prefix.length;
      heights.push(0);
      atom = null;
    } else if (c === ')') {
      const inner = heights.length > 1 ? heights.pop()! : 0;
      raise(inner);
      out += c;
      i += 1;
      atom = inner;
    } else if (
      c === '*' ||
      c === '+' ||
      c === '?' ||
      (c === '{' && atom !== null && COUNTED.test(source.slice(i)))
    ) {
      let token = c;
      let repeats = c !== '?';
      if (c === '{') {
        const m = COUNTED.exec(source.slice(i))!;
        token = m[0];
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
        repeats = max > 1;
        out += repeats ? (min === 0 ? '*' : '+') : token;
      } else {
        out += c;
      }
      i += token.length;
      if (source[i] === '?') {
        out += '?';
        i += 1;
      }
      if (repeats && atom !== null) raise(atom + 1);
      atom = null;
    } else {
      out += c;
      i += 1;
      atom = c === '|' || c === '^' || c === '$' ? null : 0;
    }
  }
  return { widened: out, nestedRepetition: heights[0]! >= 2 };
}

/** `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`: copied as is, so its `?` is no quantifier. */
function groupPrefix(source: string, i: number): string {
  if (source[i + 1] !== '?') return '(';
  const next = source[i + 2];
  if (next === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
    const close = source.indexOf('>', i);
    return source.slice(i, close === -1 ? source.length : close + 1);
  }
  return source.slice(i, next === '<' ? i + 4 : i + 3);
}
