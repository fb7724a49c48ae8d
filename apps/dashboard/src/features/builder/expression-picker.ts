import type { JsonValue } from '@formloom/contract';

/**
 * A variable's expression as the builder's pickers say it, and back: "sum of scores" of chosen
 * fields, "count of correct answers", "the answer of a number field" (or a variable), a repeating
 * section's number of entries or a field summed over them, a constant, and arithmetic of those. What the pickers cannot say stays JSON (`expressionToPicker` answers
 * undefined), so nothing a form maker wrote by hand is lost: every expression the pickers show
 * turns back into the same JSON (`pickerToExpression(expressionToPicker(json)) = json`).
 */

/** One value of a calculation. */
export type Term =
  /** `{"score": "a"}`, or `{"+": [{"score": "a"}, {"score": "b"}]}` for several (none: `{"+": []}`). */
  | { kind: 'scores'; fields: string[] }
  /** `{"correctCount": true}`: how many quiz questions were answered right. */
  | { kind: 'correctCount' }
  /**
   * `{"var": "n"}`: a field's answer or an earlier variable; `orZero` reads an empty answer as 0
   * (`{"var": ["n", 0]}`), so arithmetic with it still gives a number.
   */
  | { kind: 'answer'; id: string; orZero: boolean }
  /** `{"entries": "g"}`: how many entries a repeating section has. */
  | { kind: 'entries'; section: string }
  /** `{"sum": ["g", "f"]}`: a number field of a repeating section added up over its entries. */
  | { kind: 'entrySum'; section: string; field: string }
  | { kind: 'constant'; value: number };

export type TermKind = Term['kind'];

/** How the terms combine: one term alone, or an operation of JSON Logic over them. */
export const COMBINES = ['single', '+', '-', '*', '/', 'min', 'max'] as const;
export type Combine = (typeof COMBINES)[number];

export interface PickerModel {
  combine: Combine;
  /** One for `single`, two for `-` and `/` (JSON Logic reads only two), two or more otherwise. */
  terms: Term[];
}

/** The number of terms an operation takes: [fewest, most]. */
export function termsAllowed(combine: Combine): [number, number] {
  if (combine === 'single') return [1, 1];
  if (combine === '-' || combine === '/') return [2, 2];
  return [2, Number.POSITIVE_INFINITY];
}

type JsonObject = { [key: string]: JsonValue };

const isObject = (value: JsonValue): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one operation of a JSON Logic node and its argument, if it is an operation. */
function operation(value: JsonValue): [string, JsonValue] | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 ? [keys[0]!, value[keys[0]!]!] : undefined;
}

/** `{"score": "a"}` alone: the field it names. */
function plainScore(value: JsonValue): string | undefined {
  const op = operation(value);
  return op !== undefined && op[0] === 'score' && typeof op[1] === 'string' ? op[1] : undefined;
}

/** The fields of `{"+": [{"score": ...}, ...]}` when every argument is a plain score (none or several). */
function scoreSum(args: JsonValue): string[] | undefined {
  if (!Array.isArray(args) || args.length === 1) return undefined;
  const fields = args.map(plainScore);
  return fields.every((f) => f !== undefined) ? (fields as string[]) : undefined;
}

/** One term from its JSON, if it is one the pickers say. */
export function termOf(value: JsonValue): Term | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return { kind: 'constant', value };
  const op = operation(value);
  if (op === undefined) return undefined;
  const [name, arg] = op;
  if (name === 'score') return typeof arg === 'string' ? { kind: 'scores', fields: [arg] } : undefined;
  if (name === 'correctCount') return arg === true ? { kind: 'correctCount' } : undefined;
  if (name === 'var') {
    if (typeof arg === 'string' && arg !== '') return { kind: 'answer', id: arg, orZero: false };
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string' && arg[0] !== '' && arg[1] === 0)
      return { kind: 'answer', id: arg[0], orZero: true };
    return undefined;
  }
  if (name === 'entries') return typeof arg === 'string' ? { kind: 'entries', section: arg } : undefined;
  if (name === 'sum') {
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string' && typeof arg[1] === 'string')
      return { kind: 'entrySum', section: arg[0], field: arg[1] };
    return undefined;
  }
  if (name === '+') {
    const fields = scoreSum(arg);
    return fields === undefined ? undefined : { kind: 'scores', fields };
  }
  return undefined;
}

/** A term's JSON. */
export function termExpression(term: Term): JsonValue {
  switch (term.kind) {
    case 'constant':
      return term.value;
    case 'correctCount':
      return { correctCount: true };
    case 'answer':
      return { var: term.orZero ? [term.id, 0] : term.id };
    case 'entries':
      return { entries: term.section };
    case 'entrySum':
      return { sum: [term.section, term.field] };
    case 'scores':
      return term.fields.length === 1
        ? { score: term.fields[0]! }
        : { '+': term.fields.map((field) => ({ score: field })) };
  }
}

/**
 * The pickers' model of an expression, or undefined when they cannot say it (then the JSON is
 * shown as it is).
 *
 * ```ts
 * expressionToPicker({ '+': [{ score: 'a' }, { score: 'b' }] });
 * // { combine: 'single', terms: [{ kind: 'scores', fields: ['a', 'b'] }] }
 * expressionToPicker({ '*': [{ correctCount: true }, 10] });
 * // { combine: '*', terms: [{ kind: 'correctCount' }, { kind: 'constant', value: 10 }] }
 * ```
 */
export function expressionToPicker(expression: JsonValue): PickerModel | undefined {
  const single = termOf(expression);
  if (single !== undefined) return { combine: 'single', terms: [single] };
  const op = operation(expression);
  if (op === undefined) return undefined;
  const [name, args] = op;
  const combine = COMBINES.find((c) => c === name && c !== 'single');
  if (combine === undefined || !Array.isArray(args)) return undefined;
  const [fewest, most] = termsAllowed(combine);
  if (args.length < fewest || args.length > most) return undefined;
  const terms = args.map(termOf);
  return terms.every((t) => t !== undefined) ? { combine, terms: terms as Term[] } : undefined;
}

/** The JSON of what the pickers say. */
export function pickerToExpression(model: PickerModel): JsonValue {
  if (model.combine === 'single') return termExpression(model.terms[0] ?? { kind: 'constant', value: 0 });
  return { [model.combine]: model.terms.map(termExpression) };
}

/**
 * The model with another way of combining: the terms kept as far as the operation takes them,
 * a constant added where it needs more (0 to add or subtract, 1 to multiply or divide by).
 */
export function withCombine(model: PickerModel, combine: Combine): PickerModel {
  const [fewest, most] = termsAllowed(combine);
  const terms = model.terms.slice(0, most);
  const filler: Term = { kind: 'constant', value: combine === '*' || combine === '/' ? 1 : 0 };
  while (terms.length < fewest) terms.push(filler);
  return { combine, terms };
}
