import type { Field } from '../../models/field.js';
import type { JsonValue } from '../../models/form-schema.js';
import { EXPRESSION_OPERATIONS, entriesId, sumId } from './expression-operations.js';

/**
 * Variables' expressions: JSON Logic (jsonlogic.com), compiled here into closures for the
 * operations of expression-operations.ts, with json-logic-js's semantics (it is the reference the tests compare with).
 * json-logic-engine and json-logic-js were measured and neither is used at run time: see
 * docs/form-model.md "Why our own evaluator". `checkSchema` refuses any other operation, and the
 * compiler knows no other, so an expression that slipped past the check still cannot call one.
 */

const ALLOWED: ReadonlySet<string> = new Set(EXPRESSION_OPERATIONS);

/** What an expression reads: ids named by `var` and by `score`, and whether it is well formed. */
export interface ExpressionShape {
  /**
   * Ids named by `{"var": id}` (fields or variables), and the values `entries` and `sum` read
   * (`entriesId`, `sumId`).
   */
  vars: string[];
  /** Field ids named by `{"score": id}`. */
  scores: string[];
  /** Field ids named by `{"correct": id}` (a quiz question). */
  corrects: string[];
  /** Whether `{"correctCount": true}` is used: it reads every quiz question. */
  correctCount: boolean;
  /**
   * Every `var`, `score`, `entries` and `sum` with its path inside the expression, in the order
   * found; `id` is the section's for `entries` and `sum`, whose field is `field`.
   */
  refs: {
    op: 'var' | 'score' | 'correct' | 'entries' | 'sum';
    id: string;
    field?: string;
    path: (string | number)[];
  }[];
  /** Operations in the tree. */
  nodes: number;
  /** Operations outside the allowlist, and malformed operations (`var` without an id...). */
  problems: { path: (string | number)[]; message: string }[];
}

function isOperation(node: JsonValue): node is { [key: string]: JsonValue } {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

/** The argument of `var` / `score` as an id: `"q1"`, or `["q1", default]` for `var`. */
function idArgument(args: JsonValue, withDefault: boolean): string | undefined {
  if (typeof args === 'string') return args;
  if (
    Array.isArray(args) &&
    typeof args[0] === 'string' &&
    (args.length === 1 || (withDefault && args.length === 2))
  )
    return args[0];
  return undefined;
}

/**
 * Walks an expression without running it: the ids it reads, its size, and anything not allowed.
 * Iterative, so a deep expression cannot overflow the stack.
 */
export function inspectExpression(expression: JsonValue): ExpressionShape {
  const shape: ExpressionShape = {
    vars: [],
    scores: [],
    corrects: [],
    correctCount: false,
    refs: [],
    nodes: 0,
    problems: [],
  };
  const stack: { node: JsonValue; path: (string | number)[] }[] = [{ node: expression, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        stack.push({ node: child, path: [...path, i] });
      });
      continue;
    }
    if (!isOperation(node)) continue;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      shape.problems.push({
        path,
        message: `an operation is an object with exactly one key (the operation), not ${keys.length}`,
      });
      continue;
    }
    const op = keys[0]!;
    const args = node[op]!;
    shape.nodes++;
    if (!ALLOWED.has(op)) {
      shape.problems.push({ path: [...path, op], message: `the operation "${op}" is not allowed` });
      continue;
    }
    if (op === 'entries' || op === 'sum') {
      const [section, field] = op === 'entries' ? [args, ''] : Array.isArray(args) ? args : [];
      if (typeof section !== 'string' || typeof field !== 'string' || (op === 'sum') !== (field !== '')) {
        shape.problems.push({
          path: [...path, op],
          message:
            op === 'entries'
              ? '"entries" takes the id of a repeating section'
              : '"sum" takes [the id of a repeating section, the id of one of its fields]',
        });
      } else {
        shape.vars.push(op === 'sum' ? sumId(section, field) : entriesId(section));
        shape.refs.push({ op, id: section, ...(op === 'sum' ? { field } : {}), path: [...path, op] });
      }
      continue;
    }
    if (op === 'correctCount') {
      if (args !== true) shape.problems.push({ path: [...path, op], message: '"correctCount" takes true' });
      else shape.correctCount = true;
      continue;
    }
    if (op === 'var' || op === 'score' || op === 'correct') {
      const id = idArgument(args, op === 'var');
      if (id === undefined) {
        shape.problems.push({
          path: [...path, op],
          message:
            op === 'var'
              ? '"var" takes a field or variable id (or [id, default])'
              : op === 'score'
                ? '"score" takes the id of a select, radio or checkbox field'
                : '"correct" takes the id of a quiz question',
        });
      } else {
        (op === 'var' ? shape.vars : op === 'score' ? shape.scores : shape.corrects).push(id);
        shape.refs.push({ op, id, path: [...path, op] });
      }
      if (op === 'var' && Array.isArray(args) && args.length === 2)
        stack.push({ node: args[1]!, path: [...path, op, 1] });
      continue;
    }
    stack.push({ node: args, path: [...path, op] });
  }
  return shape;
}

/**
 * The field and variable ids an expression reads: what `var`, `score` and `correct` name, and
 * every quiz question of `fields` when it counts right answers.
 */
export function expressionReads(
  shape: ExpressionShape,
  fields: readonly Pick<Field, 'id' | 'options'>[],
): string[] {
  const reads = [...shape.vars, ...shape.scores, ...shape.corrects];
  if (shape.correctCount) for (const field of fields) if (isQuizQuestion(field)) reads.push(field.id);
  return reads;
}

/*
 * A quiz's marks (docs/form-model.md "Quizzes"), which `correct` and `correctCount` read and
 * logic/quiz.ts builds on: here, so that a browser's variables chunk needs no other module.
 */

/** A quiz question: a choice field (options) with at least one option marked correct. */
export function isQuizQuestion(field: Pick<Field, 'options'>): boolean {
  return field.options?.some((o) => o.correct === true) ?? false;
}

/** The option values an answer chose: a single choice's value, a multiple one's values; `{other}` chooses none. */
export function chosen(answer: unknown): string[] {
  if (typeof answer === 'string') return [answer];
  if (Array.isArray(answer)) return answer.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * Whether `answer` is right for a quiz question: a single choice names one correct option; a
 * multiple choice names every correct option and nothing else (an `{other}` entry is not correct).
 */
export function isRightAnswer(field: Pick<Field, 'type' | 'multiple' | 'options'>, answer: unknown): boolean {
  const right = new Set((field.options ?? []).filter((o) => o.correct === true).map((o) => o.value));
  if (right.size === 0) return false;
  // As the engine's isMultipleChoice, not imported: this module is the browser's variables chunk,
  // and a module it shares with the start would split the start.
  const multiple = field.type === 'checkbox' || field.multiple === true;
  if (!multiple) return typeof answer === 'string' && right.has(answer);
  if (!Array.isArray(answer)) return false;
  const picked = new Set(chosen(answer));
  if (picked.size !== answer.length || picked.size !== right.size) return false;
  for (const value of picked) if (!right.has(value)) return false;
  return true;
}

/**
 * Right-answer tables for the `correct` and `correctCount` operations of expressions: per quiz
 * question, whether an answer is right. Empty for a public form (its options carry no `correct`).
 */
export type QuizTables = ReadonlyMap<string, (answer: unknown) => boolean>;

export function quizTables(fields: readonly Field[]): QuizTables {
  return new Map(
    fields
      .filter(isQuizQuestion)
      .map((field) => [field.id, (answer: unknown) => isRightAnswer(field, answer)]),
  );
}

/** Option value -> score, per field id: what `score` adds up. */
export type ScoreTables = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** Sum of the scores of the selected options (of every answered matrix row); 0 for anything else. */
function scoreOf(answer: unknown, table: ReadonlyMap<string, number>): number {
  if (typeof answer === 'string') return table.get(answer) ?? 0;
  if (!Array.isArray(answer)) {
    if (typeof answer !== 'object' || answer === null) return 0;
    // A matrix: each row's column, or columns when several may be chosen.
    let sum = 0;
    for (const row of Object.keys(answer)) {
      const v: unknown = (answer as Record<string, unknown>)[row];
      if (typeof v === 'string' || Array.isArray(v)) sum += scoreOf(v, table);
    }
    return sum;
  }
  let sum = 0;
  for (let i = 0; i < answer.length; i++) {
    const v: unknown = answer[i];
    // A checkbox answer counts each option once, as validation refuses repeats anyway.
    if (typeof v === 'string' && table.has(v) && answer.indexOf(v) === i) sum += table.get(v)!;
  }
  return sum;
}

/**
 * `parseFloat(value)`, as json-logic-js's `+` and `*` read their arguments, without its round trip
 * through a string for a number (scores and number answers are numbers): the same value, as
 * `parseFloat` also turns -0 into 0 (`-0 + 0` is 0).
 */
function parsed(value: unknown): number {
  return typeof value === 'number' ? value + 0 : Number.parseFloat(value as string);
}

/** JSON Logic's truthiness: an empty list is false, otherwise JavaScript's. */
function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/**
 * A compiled expression. It reads values by slot: `slotOf` (given to `compileExpression`) gives
 * each id read by `var` or `score` its position in the array passed in, so a run reads an array
 * element instead of looking a key up in an object.
 */
export type CompiledExpression = (data: readonly unknown[]) => unknown;
type Node = CompiledExpression;
/** The slot of an id, or -1 when it names nothing (then it reads as undefined). */
export type SlotOf = (id: string) => number;

const constant =
  (value: unknown): Node =>
  () =>
    value;

/** One operation of the allowlist, with its arguments compiled. Semantics of json-logic-js. */
function operation(
  op: string,
  args: Node[],
  raw: JsonValue,
  scores: ScoreTables,
  slotOf: SlotOf,
  quiz: QuizTables,
): Node {
  const a = args[0] ?? constant(null);
  const b = args[1] ?? constant(undefined);
  switch (op) {
    case 'var': {
      const slot = slotOf(idArgument(raw, true) ?? '');
      const fallback = Array.isArray(raw) && raw.length === 2 ? args[1]! : constant(null);
      return (data) => {
        const v = slot < 0 ? undefined : data[slot];
        return v === undefined ? fallback(data) : v;
      };
    }
    case 'entries':
    case 'sum': {
      // Answered by the code of repeating sections; 0 where there is none.
      const slot = slotOf(
        op === 'sum' && Array.isArray(raw) ? sumId(`${raw[0]}`, `${raw[1]}`) : entriesId(`${raw}`),
      );
      return (data) => (slot < 0 ? undefined : data[slot]) ?? 0;
    }
    case 'score': {
      const id = idArgument(raw, false) ?? '';
      const slot = slotOf(id);
      const table = scores.get(id) ?? new Map<string, number>();
      return slot < 0 ? constant(0) : (data) => scoreOf(data[slot], table);
    }
    case 'correct': {
      const id = idArgument(raw, false) ?? '';
      const slot = slotOf(id);
      const right = quiz.get(id);
      return slot < 0 || right === undefined ? constant(false) : (data) => right(data[slot]);
    }
    case 'correctCount': {
      const marks = [...quiz].map(([id, right]) => ({ slot: slotOf(id), right })).filter((m) => m.slot >= 0);
      return (data) => {
        let count = 0;
        for (let i = 0; i < marks.length; i++) if (marks[i]!.right(data[marks[i]!.slot])) count++;
        return count;
      };
    }
    case '+':
      return (data) => {
        let sum = 0;
        for (let i = 0; i < args.length; i++) sum += parsed(args[i]!(data));
        return sum;
      };
    case '*':
      return (data) => {
        if (args.length === 1) return a(data);
        let product = parsed(a(data));
        for (let i = 1; i < args.length; i++) product *= parsed(args[i]!(data));
        return product;
      };
    case '-':
      return args.length < 2
        ? (data) => -(a(data) as number)
        : (data) => (a(data) as number) - (b(data) as number);
    case '/':
      return (data) => (a(data) as number) / (b(data) as number);
    case '%':
      return (data) => (a(data) as number) % (b(data) as number);
    // Math.min and Math.max fold pairwise to the same result (NaN, -0 and +0 included), without an array.
    case 'min':
      return (data) => {
        let min = Number.POSITIVE_INFINITY;
        for (let i = 0; i < args.length; i++) min = Math.min(min, args[i]!(data) as number);
        return min;
      };
    case 'max':
      return (data) => {
        let max = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < args.length; i++) max = Math.max(max, args[i]!(data) as number);
        return max;
      };
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: JSON Logic's == is JavaScript's loose equality.
      return (data) => a(data) == b(data);
    case '===':
      return (data) => a(data) === b(data);
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: JSON Logic's != is JavaScript's loose inequality.
      return (data) => a(data) != b(data);
    case '!==':
      return (data) => a(data) !== b(data);
    case '<':
    case '<=': {
      const less = op === '<' ? (x: number, y: number) => x < y : (x: number, y: number) => x <= y;
      if (args.length === 3) {
        // Between: {"<": [low, x, high]}.
        const c = args[2]!;
        return (data) => {
          const x = b(data) as number;
          return less(a(data) as number, x) && less(x, c(data) as number);
        };
      }
      return (data) => less(a(data) as number, b(data) as number);
    }
    case '>':
      return (data) => (a(data) as number) > (b(data) as number);
    case '>=':
      return (data) => (a(data) as number) >= (b(data) as number);
    case '!':
      return (data) => !truthy(a(data));
    case '!!':
      return (data) => truthy(a(data));
    case 'and':
      return (data) => {
        let value: unknown;
        for (let i = 0; i < args.length; i++) {
          value = args[i]!(data);
          if (!truthy(value)) return value;
        }
        return value;
      };
    case 'or':
      return (data) => {
        let value: unknown;
        for (let i = 0; i < args.length; i++) {
          value = args[i]!(data);
          if (truthy(value)) return value;
        }
        return value;
      };
    case 'if':
    case '?:':
      return (data) => {
        let i = 0;
        for (; i + 1 < args.length; i += 2) if (truthy(args[i]!(data))) return args[i + 1]!(data);
        return i < args.length ? args[i]!(data) : null;
      };
    case 'cat':
      // An empty value joins as "" (json-logic-js would write "null"): recall reads better.
      return (data) => {
        let text = '';
        for (let i = 0; i < args.length; i++) {
          const v = args[i]!(data);
          if (v !== null && v !== undefined) text += String(v);
        }
        return text;
      };
    case 'substr': {
      const c = args[2];
      return (data) => {
        const source = String(a(data));
        const start = Number(b(data)) || 0;
        const end = c ? Number(c(data)) : undefined;
        const tail = source.slice(start < 0 ? Math.max(source.length + start, 0) : start);
        if (end === undefined || Number.isNaN(end)) return tail;
        return end < 0 ? tail.slice(0, Math.max(tail.length + end, 0)) : tail.slice(0, end);
      };
    }
    case 'in':
      return (data) => {
        const haystack = b(data);
        const needle = a(data);
        if (typeof haystack === 'string') return haystack.includes(String(needle));
        return Array.isArray(haystack) && haystack.includes(needle);
      };
    default:
      return constant(null);
  }
}

function compileNode(node: JsonValue, scores: ScoreTables, slotOf: SlotOf, quiz: QuizTables): Node {
  if (Array.isArray(node)) {
    const items = node.map((child) => compileNode(child, scores, slotOf, quiz));
    return (data) => items.map((item) => item(data));
  }
  if (!isOperation(node)) return constant(node);
  const keys = Object.keys(node);
  if (keys.length !== 1) return constant(node);
  const op = keys[0]!;
  const raw = node[op]!;
  if (!ALLOWED.has(op)) return constant(null);
  const list = Array.isArray(raw) ? raw : op === 'var' || op === 'score' || op === 'correct' ? [] : [raw];
  return operation(
    op,
    list.map((x) => compileNode(x, scores, slotOf, quiz)),
    raw,
    scores,
    slotOf,
    quiz,
  );
}

/**
 * Compiles an expression once into closures (no generated code, so a strict CSP is fine): JSON
 * Logic with the operations of `EXPRESSION_OPERATIONS`, as json-logic-js evaluates them, except that
 * `cat` joins an empty value as "". An operation outside the allowlist gives null (`checkSchema`
 * refuses it); a run that throws gives null.
 *
 * ```ts
 * const slots = ['q1', 'bonus'];
 * const total = compileExpression({ '+': [{ score: 'q1' }, { var: ['bonus', 0] }] }, tables, (id) => slots.indexOf(id));
 * total(['paris', 2]); // 3 when "paris" scores 1
 * ```
 */
export function compileExpression(
  expression: JsonValue,
  scores: ScoreTables,
  slotOf: SlotOf,
  /** The quiz's right answers, which `correct` and `correctCount` read (none: they read false and 0). */
  quiz: QuizTables = new Map(),
): CompiledExpression {
  const run = compileNode(expression, scores, slotOf, quiz);
  return (data) => {
    try {
      return run(data);
    } catch {
      return null;
    }
  };
}
