import type { checkSync as CheckSync } from 'recheck';
import * as recheckModule from 'recheck/lib/browser.js';
import { compileLinearPattern, UnsupportedPatternError } from './linear-pattern.js';
import { checkPatternSyntax, type PatternSafety } from './pattern-syntax.js';
import { analysePatternStructure } from './regex-structure.js';

export type { PatternSafety };

/**
 * Backstop for recheck's automaton analysis, which answers most patterns in a few ms (the
 * slowest seen, a long URL pattern, ~110 ms). A pattern undecided then is asked once more with
 * RECHECK_RETRY_MS, and refused if still undecided.
 */
const RECHECK_TIMEOUT_MS = 500;
/**
 * The second ask's time: the first check in a process spends about a second setting recheck up,
 * and on a machine busy with other work a plain pattern such as `^\+?[0-9 ]{6,20}$` timed out
 * twice at 500 ms, refusing a valid form with a 400 that the same request passed a minute later.
 */
const RECHECK_RETRY_MS = 2_000;
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
 * Whether a `pattern` rule's source compiles as a JS regular expression (no flags), runs in the
 * server's linear-time engine with the same meaning (`compileLinearPattern`: no back-references or
 * look-arounds), and cannot backtrack catastrophically in a browser's RegExp. Pure and
 * synchronous, so the browser editor and the server give the same verdict; results are cached per
 * pattern string.
 *
 * How it decides on backtracking: recheck's automaton checker runs on the pattern with counted
 * repetitions widened (see regex-structure.ts). Exponential, or polynomial of degree 3 or more:
 * unsafe. Quadratic: unsafe only if a repetition is nested in another (`(.*a){12}`), whose constant
 * grows with the outer count; plain quadratic patterns (`^[^@\s]+@[^@\s]+\.[^@\s]+$`) are accepted
 * as answers are length-capped (and the server does not backtrack). It fails closed: a pattern the
 * checker fails on or cannot decide in time is refused as unsafe (and that verdict is not cached).
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
  const { verdict, lasting } = judge(pattern);
  Object.freeze(verdict);
  // A checker that failed or ran out of time may answer next time: that refusal is not kept.
  if (!lasting) return verdict;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, verdict);
  return verdict;
}

function judge(pattern: string): { verdict: PatternSafety; lasting: boolean } {
  const lasting = (verdict: PatternSafety) => ({ verdict, lasting: true });
  const syntax = checkPatternSyntax(pattern);
  if (!syntax.ok) return lasting(syntax);
  const shown = `The pattern /${pattern}/`;
  const linear = linearEngineProblem(pattern);
  if (linear !== undefined) {
    return lasting({ ok: false, reason: 'invalid', message: `${shown} cannot be used: ${linear}.` });
  }
  const { widened, nestedRepetition } = analysePatternStructure(pattern);
  const checked = runRecheck(widened);
  // Fails closed: a pattern nobody could judge is refused, never assumed safe.
  if (checked.failed !== undefined || checked.diagnostics.status === 'unknown') {
    const why = checked.failed ?? 'no verdict came within the time allowed';
    return {
      verdict: unsafe(
        `${shown} could not be checked for catastrophic backtracking (${why}), so it is refused rather than assumed safe. ` +
          'Simplify it, for example with fewer nested or alternative repetitions.',
      ),
      lasting: false,
    };
  }
  const { diagnostics } = checked;
  if (diagnostics.status === 'safe') return lasting(SAFE);
  const { complexity } = diagnostics;
  if (complexity.type === 'exponential') {
    return lasting(
      unsafe(
        `${shown} can take exponential time on some inputs (catastrophic backtracking), so one answer could stall the server. ` +
          'Avoid nested repetition such as (a+)+ and alternatives that overlap such as (a|aa)+.',
      ),
    );
  }
  if (complexity.degree >= 3) {
    return lasting(
      unsafe(
        `${shown} can take time growing as the answer's length to the power ${complexity.degree} (overlapping repetitions such as .*.*), ` +
          'so one long answer could stall the server. Make the repeated parts match different characters.',
      ),
    );
  }
  if (!nestedRepetition) return lasting(SAFE);
  return lasting(
    unsafe(
      `${shown} repeats a group that itself repeats (as in (a+)+), which can backtrack catastrophically: one long answer could stall the server. Remove the nested repetition.`,
    ),
  );
}

/**
 * Why the server's linear-time engine cannot run the pattern as a browser's RegExp does, if it
 * cannot. Refused at save so that the page and the server always agree on an answer.
 */
function linearEngineProblem(pattern: string): string | undefined {
  try {
    compileLinearPattern(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return error.message;
    return `the server's linear-time engine failed on it (${error instanceof Error ? error.message : String(error)})`;
  }
}

type Diagnostics = ReturnType<typeof checkSync>;

function runRecheck(source: string): { diagnostics: Diagnostics; failed?: undefined } | { failed: string } {
  try {
    const ask = (timeout: number) => checkSync(source, '', { checker: 'automaton', timeout });
    const first = ask(RECHECK_TIMEOUT_MS);
    // recheck's first check in a process takes about a second (it sets itself up within the
    // timeout), and a busy machine can be slow too: a timeout is asked once more, for longer,
    // before refusing.
    const timedOut = first.status === 'unknown' && first.error.kind === 'timeout';
    return { diagnostics: timedOut ? ask(RECHECK_RETRY_MS) : first };
  } catch (error) {
    // Whatever broke (an internal error of recheck, a bundling fault that once made it recurse
    // until the stack overflowed), the pattern was not analysed.
    return { failed: `the checker failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function unsafe(message: string): PatternSafety {
  return { ok: false, reason: 'unsafe', message };
}
