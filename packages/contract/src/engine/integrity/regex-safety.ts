import type { checkSync as CheckSync } from 'recheck';
import * as recheckModule from 'recheck/lib/browser.js';
import { checkPatternSyntax, type PatternSafety } from './pattern-syntax.js';
import { analysePatternStructure } from './regex-structure.js';

export type { PatternSafety };

/**
 * Backstop for recheck's automaton analysis, which answers most patterns in a few ms (the
 * slowest seen, a long URL pattern, ~110 ms). A pattern still undecided then is judged by its
 * structure alone, so the answer never depends on recheck's random fuzzer.
 */
const RECHECK_TIMEOUT_MS = 500;
/** Schemas are re-checked on every edit: remember verdicts, but not without bound. */
const CACHE_LIMIT = 500;

const checkSync = loadCheckSync();

/** See recheck-browser.d.ts for why `checkSync` is found in one of two places. */
function loadCheckSync(): typeof CheckSync {
  const found = recheckModule.checkSync ?? recheckModule.default?.checkSync;
  // Fail loudly: without recheck, `(a|a)*$` and its kind would silently pass as safe.
  if (typeof found !== 'function') throw new Error('recheck/lib/browser.js did not load: no checkSync found');
  return found;
}

const SAFE: PatternSafety = Object.freeze({ ok: true });
const cache = new Map<string, PatternSafety>();

/**
 * Whether a `pattern` rule's source compiles as a JS regular expression (no flags) and cannot
 * backtrack catastrophically. Pure and synchronous, so the browser editor and the server give the
 * same verdict; results are cached per pattern string.
 *
 * How it decides: recheck's automaton checker runs on the pattern with counted repetitions
 * widened (see regex-structure.ts). Exponential, or polynomial of degree 3 or more: unsafe.
 * Quadratic: unsafe only if a repetition is nested in another (`(.*a){12}`), whose constant grows
 * with the outer count; plain quadratic patterns (`^[^@\s]+@[^@\s]+\.[^@\s]+$`) are accepted as
 * answers are length-capped. Patterns recheck cannot analyse (back-references, look-arounds) or
 * that time out are unsafe if they nest repetitions (safe-regex's star-height rule).
 *
 * @example
 * ```ts
 * checkPatternSafety('^\\d{5}$'); // { ok: true }
 * checkPatternSafety('(a+)+$');   // { ok: false, reason: 'unsafe', message: 'The pattern /(a+)+$/ ...' }
 * checkPatternSafety('([a-z]');   // { ok: false, reason: 'invalid', message: '...' }
 * ```
 */
export function checkPatternSafety(pattern: string): PatternSafety {
  const cached = cache.get(pattern);
  if (cached) {
    // Re-insert so the Map's insertion order doubles as least-recently-used order.
    cache.delete(pattern);
    cache.set(pattern, cached);
    return cached;
  }
  // Frozen: the same object is handed to every caller that asks about this pattern.
  const verdict = Object.freeze(judge(pattern));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, verdict);
  return verdict;
}

function judge(pattern: string): PatternSafety {
  const syntax = checkPatternSyntax(pattern);
  if (!syntax.ok) return syntax;
  const shown = `The pattern /${pattern}/`;
  const { widened, nestedRepetition } = analysePatternStructure(pattern);
  const diagnostics = runRecheck(widened);
  const nestedMessage = `${shown} repeats a group that itself repeats (as in (a+)+), which can backtrack catastrophically: one long answer could stall the server. Remove the nested repetition.`;

  if (diagnostics === null || diagnostics.status === 'unknown') {
    return nestedRepetition ? unsafe(nestedMessage) : SAFE;
  }
  if (diagnostics.status === 'safe') return SAFE;
  const { complexity } = diagnostics;
  if (complexity.type === 'exponential') {
    return unsafe(
      `${shown} can take exponential time on some inputs (catastrophic backtracking), so one answer could stall the server. ` +
        'Avoid nested repetition such as (a+)+ and alternatives that overlap such as (a|aa)+.',
    );
  }
  if (complexity.degree >= 3) {
    return unsafe(
      `${shown} can take time growing as the answer's length to the power ${complexity.degree} (overlapping repetitions such as .*.*), ` +
        'so one long answer could stall the server. Make the repeated parts match different characters.',
    );
  }
  return nestedRepetition ? unsafe(nestedMessage) : SAFE;
}

type Diagnostics = ReturnType<typeof checkSync>;

function runRecheck(source: string): Diagnostics | null {
  try {
    return checkSync(source, '', { checker: 'automaton', timeout: RECHECK_TIMEOUT_MS });
  } catch {
    // An internal error of recheck on an odd pattern: judged by structure, like an undecided one.
    return null;
  }
}

function unsafe(message: string): PatternSafety {
  return { ok: false, reason: 'unsafe', message };
}
