import { questionHooks } from '#engine/question-types';
import type { FieldType } from '../../models/field-types.js';
import type { FormSchema, VariableType } from '../../models/form-schema.js';
import type { VariableValue } from '../../models/response.js';
import { isEmptyAnswer, toNumber, trimmed } from './answer-values.js';
import {
  type CompiledExpression,
  compileExpression,
  expressionReads,
  inspectExpression,
  quizTables,
  type ScoreTables,
} from './expressions.js';

/**
 * A form's variables, compiled once: each expression compiled, and an order in which every
 * variable is computed after the variables it reads (docs/form-model.md "Variables and scores").
 *
 * Expressions read an array of slots: first the fields any expression reads (`inputs`, in that
 * order), then one slot per variable (`inputs.length + position`).
 */
export interface VariablesPlan {
  readonly ids: readonly string[];
  readonly types: readonly VariableType[];
  /** Positions in `schema.variables`, in evaluation order. */
  readonly order: readonly number[];
  /** What each variable reads: the field and variable ids its expression names (`var`, `score`). */
  readonly reads: readonly (readonly string[])[];
  /** The ids of the fields expressions read, by slot. */
  readonly inputs: readonly string[];
  /** Computes one variable from the slots, as a value of its type. */
  evaluate(position: number, slots: unknown[]): VariableValue;
  /**
   * Computes every variable in order from the slots (inputs filled in); each result is also
   * written into its slot for later variables to read.
   */
  evaluateAll(slots: unknown[]): Record<string, VariableValue>;
  /** Slots filled from a response's value (normalised answers of visible fields, by field id). */
  slotsOf(value: Readonly<Record<string, unknown>>): unknown[];
}

/** A number variable is a finite number (anything else: 0); a text variable a string. */
export function variableValue(type: VariableType, result: unknown): VariableValue {
  if (type === 'number') {
    if (typeof result === 'number') return Number.isFinite(result) ? result : 0;
    if (typeof result === 'boolean') return result ? 1 : 0;
    if (typeof result === 'string') {
      const n = toNumber(result);
      return Number.isFinite(n) ? n : 0;
    }
    return 0;
  }
  if (typeof result === 'string') return result;
  if (typeof result === 'number' || typeof result === 'boolean') return String(result);
  return '';
}

/**
 * An answer as a variable reads it: empty answers are absent (read as null), numbers as numbers,
 * emails and dates trimmed, as validation stores them. Used where variables are computed before
 * validation (conditions on variables, `computeVariables`).
 */
export function variableInput(type: FieldType, answer: unknown): unknown {
  if (isEmptyAnswer(answer)) return undefined;
  switch (type) {
    case 'number': {
      const n = toNumber(answer);
      return Number.isNaN(n) ? undefined : n;
    }
    case 'email':
    case 'date':
      return typeof answer === 'string' ? trimmed(answer) : answer;
    default:
      return answer;
  }
}

/** Value -> score of each field with scored items (choice options, matrix columns: `scoredItems`). */
export function scoreTables(schema: FormSchema): ScoreTables {
  const tables = new Map<string, Map<string, number>>();
  for (const field of schema.fields) {
    const items =
      questionHooks()?.scoredItems(field) ??
      (field.type === 'select' || field.type === 'radio' || field.type === 'checkbox'
        ? (field.options ?? [])
        : null);
    if (tables.has(field.id) || !items) continue;
    const table = new Map<string, number>();
    for (const option of items) {
      if (typeof option.score === 'number' && Number.isFinite(option.score))
        table.set(option.value, option.score);
    }
    tables.set(field.id, table);
  }
  return tables;
}

/**
 * Compiles a schema's variables, or returns null when it has none. `checkSchema` refuses cycles;
 * should one reach this point anyway, the edge closing it is ignored (the variable read before it
 * is computed reads as null) instead of throwing.
 */
export function compileVariables(schema: FormSchema): VariablesPlan | null {
  const variables = schema.variables ?? [];
  if (variables.length === 0) return null;
  const scores = scoreTables(schema);
  const quiz = quizTables(schema.fields);
  const ids = variables.map((v) => v.id);
  const types = variables.map((v) => v.type);
  const position = new Map<string, number>();
  ids.forEach((id, i) => {
    if (!position.has(id)) position.set(id, i);
  });
  const fieldIds = new Set(schema.fields.map((f) => f.id));
  const shapes = variables.map((v) => inspectExpression(v.expression));
  const reads = shapes.map((s) => [...new Set(expressionReads(s, schema.fields))]);
  // A field id names the field even if a variable shares it (checkSchema refuses that).
  const inputs = [...new Set(reads.flat())].filter((id) => fieldIds.has(id));
  const inputSlot = new Map(inputs.map((id, k) => [id, k] as const));
  const slotOf = (id: string): number => {
    const input = inputSlot.get(id);
    if (input !== undefined) return input;
    const v = position.get(id);
    return v === undefined ? -1 : inputs.length + v;
  };
  const compiled: CompiledExpression[] = variables.map((v, i) =>
    shapes[i]!.problems.length > 0 ? () => null : compileExpression(v.expression, scores, slotOf, quiz),
  );

  const order: number[] = [];
  const state = new Uint8Array(variables.length); // 0 new, 1 in progress, 2 done
  const visit = (v: number): void => {
    if (state[v] !== 0) return;
    state[v] = 1;
    for (const id of shapes[v]!.vars) {
      const dep = position.get(id);
      if (dep !== undefined) visit(dep);
    }
    state[v] = 2;
    order.push(v);
  };
  for (let v = 0; v < variables.length; v++) visit(v);

  const evaluate = (v: number, slots: unknown[]): VariableValue =>
    variableValue(types[v]!, compiled[v]!(slots));
  const slotCount = inputs.length + variables.length;

  return {
    ids,
    types,
    order,
    reads,
    inputs,
    evaluate,
    evaluateAll(slots) {
      const out: Record<string, VariableValue> = {};
      for (let k = 0; k < order.length; k++) {
        const v = order[k]!;
        const value = evaluate(v, slots);
        slots[inputs.length + v] = value;
        out[ids[v]!] = value;
      }
      return out;
    },
    slotsOf(value) {
      const slots: unknown[] = new Array(slotCount);
      for (let k = 0; k < inputs.length; k++) {
        const id = inputs[k]!;
        if (Object.hasOwn(value, id)) slots[k] = value[id];
      }
      return slots;
    },
  };
}

/**
 * Fills a plan's input slots from answers read by field index (`raw`, hidden fields cleared), as
 * `variableInput` gives them: where variables are computed before validation.
 */
export function inputsFromRaw(
  schema: FormSchema,
  plan: VariablesPlan,
  fieldIndex: ReadonlyMap<string, number>,
): (raw: readonly unknown[], slots: unknown[]) => void {
  const sources = plan.inputs.map((id) => {
    const index = fieldIndex.get(id) ?? -1;
    return { index, type: index < 0 ? ('text' as FieldType) : schema.fields[index]!.type };
  });
  return (raw, slots) => {
    for (let k = 0; k < sources.length; k++) {
      const source = sources[k]!;
      slots[k] = source.index < 0 ? undefined : variableInput(source.type, raw[source.index]);
    }
  };
}

/**
 * The variables' code as the engine's own modules call it (compile-form, visibility, the
 * visibility graph): through `variablesCode()` of `#engine/variables` rather than an import of
 * this file, so that a browser bundle of the engine leaves the expression compiler out of its
 * start. In Node it is always there (variables-load.ts); in a browser once `loadVariables()` has
 * answered (variables-load.browser.ts). Before that, a form's variables are not computed.
 */
export const VARIABLES_CODE = {
  compileVariables,
  inputsFromRaw,
  inspectExpression,
  expressionReads,
} as const;
export type VariablesCode = typeof VARIABLES_CODE;
