import { LogicEngine } from 'json-logic-engine';
import type { JsonValue } from '../../models/form-schema.js';

/**
 * Variables' expressions: JSON Logic (jsonlogic.com), run by json-logic-engine (chosen by
 * measurement: docs/form-model.md). Only the operations below are allowed; `checkSchema` refuses
 * any other, and the engine is built with these alone, so an expression that slipped past the
 * check still cannot call anything else.
 */
export const EXPRESSION_OPERATIONS = [
  // reading values
  'var',
  'score',
  // arithmetic
  '+',
  '-',
  '*',
  '/',
  '%',
  'min',
  'max',
  // comparison
  '==',
  '===',
  '!=',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  // logic
  'and',
  'or',
  '!',
  '!!',
  'if',
  '?:',
  // text and lists
  'cat',
  'substr',
  'in',
] as const;
export type ExpressionOperation = (typeof EXPRESSION_OPERATIONS)[number];

const ALLOWED: ReadonlySet<string> = new Set(EXPRESSION_OPERATIONS);

/** The library's own operations the engine is built with: the allowlist, less ours, plus what the rewrite uses. */
const LIBRARY_OPERATIONS = [
  ...EXPRESSION_OPERATIONS.filter((op) => op !== 'var' && op !== 'score'),
  'val',
  '??',
];
const SCORE_METHOD = '$score';

/** What an expression reads: ids named by `var` and by `score`, and whether it is well formed. */
export interface ExpressionShape {
  /** Ids named by `{"var": id}` (fields or variables). */
  vars: string[];
  /** Field ids named by `{"score": id}`. */
  scores: string[];
  /** Every `var` and `score` with its path inside the expression, in the order found. */
  refs: { op: 'var' | 'score'; id: string; path: (string | number)[] }[];
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
  const shape: ExpressionShape = { vars: [], scores: [], refs: [], nodes: 0, problems: [] };
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
    if (op === 'var' || op === 'score') {
      const id = idArgument(args, op === 'var');
      if (id === undefined) {
        shape.problems.push({
          path: [...path, op],
          message:
            op === 'var'
              ? '"var" takes a field or variable id (or [id, default])'
              : '"score" takes the id of a select, radio or checkbox field',
        });
      } else {
        (op === 'var' ? shape.vars : shape.scores).push(id);
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

/** Option value -> score, per field id: what `score` adds up. */
export type ScoreTables = ReadonlyMap<string, Readonly<Record<string, number>>>;

/** Sum of the scores of the selected options; 0 for anything else. */
function scoreOf(answer: unknown, table: Readonly<Record<string, number>>): number {
  if (typeof answer === 'string') return Object.hasOwn(table, answer) ? table[answer]! : 0;
  if (!Array.isArray(answer)) return 0;
  let sum = 0;
  for (let i = 0; i < answer.length; i++) {
    const v: unknown = answer[i];
    // A checkbox answer counts each option once, as validation refuses repeats anyway.
    if (typeof v === 'string' && Object.hasOwn(table, v) && answer.indexOf(v) === i) sum += table[v]!;
  }
  return sum;
}

/**
 * The expression in the library's terms: `var` becomes `val` (our ids may hold dots, which `var`
 * would read as a path) with `??` for a default, `score` becomes a call with the field's table, and
 * each part of `cat` reads an empty value as "".
 */
function rewrite(node: JsonValue, scores: ScoreTables): JsonValue {
  if (Array.isArray(node)) return node.map((child) => rewrite(child, scores));
  if (!isOperation(node)) return node;
  const [op] = Object.keys(node);
  if (op === undefined) return node;
  const args = node[op]!;
  if (op === 'var') {
    const id = idArgument(args, true) ?? '';
    const read = { val: [id] };
    return Array.isArray(args) && args.length === 2 ? { '??': [read, rewrite(args[1]!, scores)] } : read;
  }
  if (op === 'score') {
    const id = idArgument(args, false) ?? '';
    return { [SCORE_METHOD]: [{ val: [id] }, { preserve: scores.get(id) ?? {} }] };
  }
  if (op === 'cat') {
    // The library's interpreter skips null in `cat` and its compiled code writes "null": both
    // read an empty value as "" instead.
    const parts = Array.isArray(args) ? args : [args];
    return { cat: parts.map((part) => ({ '??': [rewrite(part, scores), ''] })) };
  }
  return { [op]: rewrite(args, scores) };
}

let sharedEngine: LogicEngine | undefined;
function engine(): LogicEngine {
  if (sharedEngine) return sharedEngine;
  const created = new LogicEngine({});
  const defaults = new LogicEngine().methods as Record<string, unknown>;
  for (const op of [...LIBRARY_OPERATIONS, 'preserve']) created.methods[op] = defaults[op];
  created.addMethod(
    SCORE_METHOD,
    (args: unknown[]) => scoreOf(args[0], (args[1] ?? {}) as Record<string, number>),
    { deterministic: true },
  );
  sharedEngine = created;
  return created;
}

/** A compiled expression: reads the data object (field and variable ids as keys). */
export type CompiledExpression = (data: Record<string, unknown>) => unknown;

/**
 * Compiles an expression once. Where code may be generated (`generate`, Node.js) the library
 * builds JavaScript for it; elsewhere (a browser under a strict CSP) its interpreter runs. An
 * expression the library cannot take, or that throws when run, gives `null`.
 */
export function compileExpression(
  expression: JsonValue,
  scores: ScoreTables,
  generate: boolean,
): CompiledExpression {
  const logic = rewrite(expression, scores);
  const e = engine();
  let run: CompiledExpression;
  try {
    run = generate ? (e.build(logic) as CompiledExpression) : (data) => e.run(logic, data);
  } catch {
    try {
      run = (data) => e.run(logic, data);
    } catch {
      return () => null;
    }
  }
  return (data) => {
    try {
      return run(data);
    } catch {
      return null;
    }
  };
}
