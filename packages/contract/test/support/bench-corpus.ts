import { compileForm } from '../../src/engine/validate/compile-form.js';
import type { Field } from '../../src/models/field.js';
import { type BenchForm, DRIVERS, OPTIONS } from './bench-form.js';

/**
 * A corpus of distinct submissions to a bench form, as a server receives them: each one the JSON
 * text a client sent, parsed on its own. Deterministic for a seed, so runs are comparable.
 *
 * What varies, as it does in real traffic: the key order (form order, a few keys swapped, or
 * shuffled), which optional fields are answered, the values themselves, and answers left in fields
 * the drivers hide (a page that hides a field keeps what was typed in it). About half of the
 * submissions get 1 to 3 faults in fields that are shown: a required answer missing, text too long
 * or too short, a number out of range, a code that misses its pattern, a bad email, a day that does
 * not exist, an option that is not listed, or a JSON type the field does not take.
 *
 * Only values on which the engine and JSON Schema agree are used (no numeric strings, blanks,
 * nulls or empty lists, which the engine reads as the number or as "no answer"), so the two must
 * give the same verdict on every submission; the bench asserts it.
 */

export interface Submission {
  /** The JSON text as sent. */
  readonly text: string;
  /** Whether faults were put in (the verdict is the validators' to give; the bench compares). */
  readonly faulted: boolean;
}

/** Mulberry32: a small, seedable generator; `Math.random` cannot be seeded. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WORDS = [
  'kit',
  'ada',
  'north',
  'blue',
  'seven',
  'river',
  'hello',
  'form',
  'loom',
  'ok',
  'yes',
  'zebra',
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const OPTION_VALUES = OPTIONS.map((o) => o.value);

type Fault =
  | 'missing'
  | 'tooLong'
  | 'tooShort'
  | 'outOfRange'
  | 'badPattern'
  | 'badEmail'
  | 'badDate'
  | 'unlisted'
  | 'wrongType';

export function buildCorpus(form: BenchForm, size: number, seed = 1): Submission[] {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const chance = (p: number) => random() < p;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const words = (min: number, max: number) => {
    let s = pick(WORDS);
    const target = int(min, max);
    while (s.length < target) s += ` ${pick(WORDS)}`;
    return s.slice(0, Math.max(target, 1)).trimEnd() || 'x';
  };
  const shuffled = <T>(xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
  const rulesOf = (f: Field) => f.validation?.rules ?? [];
  const hasRule = (f: Field, type: string) => rulesOf(f).some((r) => r.type === type);

  function validValue(f: Field): unknown {
    // The drivers' values decide which conditional fields show: keep each condition about even.
    if (f.id === 'age') return int(8, 40);
    switch (f.type) {
      case 'text':
        if (hasRule(f, 'pattern')) {
          return `${LETTERS[int(0, 25)]}${LETTERS[int(0, 25)]}-${pad(int(0, 999_999), int(3, 6))}`;
        }
        return words(2, 40);
      case 'textarea':
        return words(1, 300);
      case 'number':
        return chance(0.8) ? int(0, 1000) : Math.round(random() * 100_000) / 100;
      case 'email':
        return `${pick(WORDS)}${chance(0.5) ? `.${pick(WORDS)}` : ''}${int(0, 999)}@${pick(WORDS)}.${pick(['com', 'org', 'de', 'co.uk'])}`;
      case 'select':
      case 'radio':
        return pick(OPTION_VALUES);
      case 'checkbox':
        return shuffled([...OPTION_VALUES]).slice(0, int(1, OPTION_VALUES.length));
      case 'date':
        return `${int(1950, 2030)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`;
      default:
        return undefined;
    }
  }

  function faultsFor(f: Field): Fault[] {
    const out: Fault[] = ['wrongType'];
    if (f.required) out.push('missing');
    if (hasRule(f, 'maxLength')) out.push('tooLong');
    if (hasRule(f, 'minLength')) out.push('tooShort');
    if (hasRule(f, 'pattern')) out.push('badPattern');
    if (f.type === 'number') out.push('outOfRange');
    if (f.type === 'email') out.push('badEmail');
    if (f.type === 'date') out.push('badDate');
    if (f.type === 'select' || f.type === 'radio' || f.type === 'checkbox') out.push('unlisted');
    return out;
  }

  /** A faulty answer for the field, or undefined for "missing". */
  function faultyValue(f: Field, fault: Fault): unknown {
    switch (fault) {
      case 'missing':
        return undefined;
      case 'tooLong': {
        const max = rulesOf(f).find((r) => r.type === 'maxLength')!.value as number;
        if (f.type === 'email') return `${'a'.repeat(60)}@${'b'.repeat(max - 60)}.com`;
        return 'x'.repeat(max + int(1, 20));
      }
      case 'tooShort':
        return pick([...LETTERS]);
      case 'outOfRange':
        return chance(0.5) ? -int(1, 100) : int(1001, 99_999);
      case 'badPattern':
        return pick([words(2, 10), `${pick(WORDS)}-${int(10, 99)}`, `AB-${int(1_000_000, 9_999_999)}`]);
      case 'badEmail':
        return pick([`${pick(WORDS)}-at-example`, `${pick(WORDS)}@localhost`, `two@@${pick(WORDS)}.com`]);
      case 'badDate':
        return pick(['2023-02-29', '2024-04-31', `2024-13-${pad(int(1, 28), 2)}`, '2025-06-00']);
      case 'unlisted':
        return f.type === 'checkbox' ? [pick(OPTION_VALUES), 'omega'] : pick(['omega', 'ALPHA', 'Beta']);
      default: {
        // A JSON type the field does not take (and that the engine does not read as empty).
        if (f.type === 'number') return pick([true, { n: 1 }, [5], 'many']);
        if (f.type === 'checkbox') return pick([OPTION_VALUES[0], 3, { alpha: true }]);
        return pick([42, true, { value: 'x' }, ['x']]);
      }
    }
  }

  const compiled = compileForm(form.schema, { generate: false });
  const fields = form.schema.fields;
  const driverIds = new Set(DRIVERS.map((d) => d.id));
  const seen = new Set<string>();
  const out: Submission[] = [];
  while (out.length < size) {
    const answers: Record<string, unknown> = {};
    for (const f of fields) if (driverIds.has(f.id)) answers[f.id] = validValue(f);
    const hidden = compiled.visibility(answers).hiddenFields;
    const shown: Field[] = [];
    for (const f of fields) {
      if (driverIds.has(f.id)) continue;
      if (hidden.has(f.id)) {
        // What a page kept of an answer typed before the field was hidden: anything, faults too.
        if (chance(0.25)) answers[f.id] = chance(0.7) ? validValue(f) : faultyValue(f, pick(faultsFor(f)));
        continue;
      }
      shown.push(f);
      if (f.required || chance(0.7)) answers[f.id] = validValue(f);
    }
    const faulted = chance(0.5);
    if (faulted) {
      for (const f of shuffled(shown).slice(0, int(1, 3))) {
        const value = faultyValue(f, pick(faultsFor(f)));
        if (value === undefined) delete answers[f.id];
        else answers[f.id] = value;
      }
    }
    // Key order: a third as the form lists them, a third with a few swapped, a third shuffled.
    const keys = fields.map((f) => f.id).filter((id) => answers[id] !== undefined);
    const order = random();
    if (order < 1 / 3) {
      // as listed
    } else if (order < 2 / 3) {
      for (let n = int(1, 4); n > 0; n--) {
        const i = int(0, keys.length - 1);
        const j = int(0, keys.length - 1);
        [keys[i], keys[j]] = [keys[j]!, keys[i]!];
      }
    } else {
      shuffled(keys);
    }
    const text = `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(answers[k])}`).join(',')}}`;
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, faulted });
  }
  return out;
}
