import { questionHooks } from '#engine/question-types';
import { variablesCode } from '#engine/variables';
import type { ConditionalLogic } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { ConditionPart } from '../question-types/table.js';
import type { Visibility } from '../types.js';
import { hiddenCleaner } from '../validate/hidden-values.js';
import { type ConditionTarget, compileRawCondition, type RawCondition } from './conditions.js';
import { cachedPerSchema } from './schema-cache.js';
import type { VariablesPlan } from './variables.js';
import { type VisibilityNode, visibilityEdges } from './visibility-graph.js';

/**
 * Whether an element with this logic is visible, given the answers read so far (hidden fields
 * already cleared from `raw`).
 */
type CompiledLogic = RawCondition;

/** The kinds of `Step`. */
export const STEP_SECTION = 0;
export const STEP_FIELD = 1;
/** A variable that conditions or rules read, computed in visibility order (docs/form-model.md). */
export const STEP_VARIABLE = 2;
const SECTION = STEP_SECTION;
const FIELD = STEP_FIELD;
const VARIABLE = STEP_VARIABLE;

/** One element whose visibility depends on answers, in the order it must be evaluated. */
export interface Step {
  readonly kind: typeof SECTION | typeof FIELD | typeof VARIABLE;
  /** Position in `schema.sections`, `schema.fields` or `schema.variables`. */
  readonly index: number;
  /** For a field: the index of its section when that section has logic, else -1. */
  readonly section: number;
  readonly visible: CompiledLogic | null;
  /**
   * Steps whose logic is identical share one id, so it is evaluated once per call (-1: no
   * logic). Without cycles every step runs after all the fields its logic reads are settled, so
   * identical logic gives the same answer wherever it runs in the order.
   */
  logic: number;
  /**
   * A variable step: computes the variable from `raw` into its slot (`fieldIds.length + index`).
   * Null for the other kinds.
   */
  readonly compute: ((raw: unknown[]) => void) | null;
  /** A variable step: the field indexes its expression reads (cleared in `raw` when hidden). */
  readonly reads: readonly number[];
}

/**
 * The visibility part of a compiled form: which elements depend on which answers, and an
 * evaluation order in which every condition reads targets that are already settled.
 */
export interface VisibilityPlan {
  /** Field ids in `schema.fields` order; answers are read into arrays of this length. */
  readonly fieldIds: readonly string[];
  readonly sectionIds: readonly string[];
  /**
   * Length of the answers arrays: one slot per field, then one per variable when conditions or
   * rules read variables (they are then computed in `steps`, into `raw[fieldIds.length + v]`).
   */
  readonly slotCount: number;
  /** Field id -> index in `fieldIds` (the first field with that id). */
  readonly fieldIndex: ReadonlyMap<string, number>;
  /** 1 for each field index that some answers can hide (its own logic or its section's). */
  readonly hideable: Uint8Array;
  /**
   * The elements with logic (and the fields of sections with logic), in evaluation order: every
   * step's logic reads only fields settled by earlier steps. `computeStamped` runs them; the
   * generated check (validate/generated-check.ts) writes them out.
   */
  readonly steps: readonly Step[];
  /** Reads answer objects by field index; shared by visibility and validation (both synchronous). */
  readonly reader: AnswerReader;
  /**
   * Drops the values of hidden fields that fail their checks from answers just read (see
   * validate/hidden-values.ts); null when the form has no hidden field. `compute` and
   * `computeStamped` run it first.
   */
  readonly cleanHidden: ((raw: unknown[]) => void) | null;
  /** What a condition on this field id reads; undefined when no field has the id. */
  /** The field (or part of it: a matrix row, a ranked place) a condition or a rule's `when` reads. */
  targetOf(id: string, part?: ConditionPart): ConditionTarget | undefined;
  /**
   * Marks hidden fields and sections (1) in the two arrays, which the caller passes zeroed.
   * `raw` holds the answers by field index (see `AnswerReader`).
   */
  compute(raw: readonly unknown[], fieldHidden: Uint8Array, sectionHidden: Uint8Array): void;
  /**
   * The engine's own form of `compute`, with no arrays to clear per call: marks hidden fields and
   * sections by writing `stamp` into `fieldAt` / `sectionAt` (entries equal to `stamp` on entry
   * count as hidden already, so pass a fresh stamp), and clears each hidden field's entry in `raw`,
   * which is how conditions read it as empty.
   */
  computeStamped(raw: unknown[], fieldAt: Int32Array, sectionAt: Int32Array, stamp: number): void;
}

function anyGroup(groups: readonly (readonly RawCondition[])[]): CompiledLogic {
  const first = groups[0];
  if (groups.length === 1 && first?.length === 1 && first[0]) return first[0];
  return (raw) => {
    for (let g = 0; g < groups.length; g++) {
      const conditions = groups[g]!;
      let all = true;
      for (let c = 0; c < conditions.length; c++) {
        if (!conditions[c]!(raw)) {
          all = false;
          break;
        }
      }
      if (all) return true;
    }
    return false;
  };
}

function compileLogic(
  logic: ConditionalLogic,
  targetOf: (id: string, part?: ConditionPart) => ConditionTarget | undefined,
): CompiledLogic {
  const groups = logic.conditionGroups.map((group) =>
    group.conditions.map((c) => compileRawCondition(c.operator, c.value, targetOf(c.fieldId, c))),
  );
  const matches = anyGroup(groups);
  return logic.action === 'hide' ? (raw) => !matches(raw) : matches;
}

/**
 * Builds the plan. Dependencies are ordered depth-first; `checkSchema` refuses visibility cycles,
 * and should one reach this point anyway, the edge closing it is ignored (the target is read
 * before it is settled, as visible) instead of throwing.
 */
export function compileVisibility(schema: FormSchema): VisibilityPlan {
  const fieldIds = schema.fields.map((f) => f.id);
  const sectionIds = schema.sections.map((s) => s.id);
  const fieldIndex = new Map<string, number>();
  fieldIds.forEach((id, i) => {
    if (!fieldIndex.has(id)) fieldIndex.set(id, i);
  });
  const sectionIndex = new Map<string, number>();
  sectionIds.forEach((id, i) => {
    if (!sectionIndex.has(id)) sectionIndex.set(id, i);
  });
  const variables = schema.variables ?? [];
  const variableIndex = new Map<string, number>();
  variables.forEach((v, i) => {
    if (!variableIndex.has(v.id) && !fieldIndex.has(v.id)) variableIndex.set(v.id, i);
  });
  const variablesRead = readsVariables(schema, variableIndex);
  const F = fieldIds.length;
  const targetOf = (id: string, part?: ConditionPart): ConditionTarget | undefined => {
    const index = fieldIndex.get(id);
    const field = index === undefined ? undefined : schema.fields[index];
    if (field && index !== undefined) {
      // Before the question types' code is loaded (a browser), a field compares as its own type.
      const { type, read, test } = questionHooks()?.comparedAs(field, part) ?? {
        type: field.type,
        read: undefined,
        test: undefined,
      };
      return { index, type, read, test };
    }
    // A variable compares as a number or a text field would; it has a slot only when read.
    const v = variablesRead ? variableIndex.get(id) : undefined;
    if (v === undefined) return undefined;
    return { index: F + v, type: variables[v]!.type === 'number' ? 'number' : 'text' };
  };

  const logicIds = new Map<string, number>();
  let logicCount = 0;
  const logicId = (logic: ConditionalLogic): number => {
    let shareable = true;
    const key = JSON.stringify([
      logic.action,
      logic.conditionGroups.map((g) =>
        g.conditions.map((c) => {
          const v: unknown = c.value;
          if (v !== null && (typeof v === 'object' || typeof v === 'function')) shareable = false;
          return [c.fieldId, c.operator, typeof v, String(v)];
        }),
      ),
    ]);
    let id = shareable ? logicIds.get(key) : undefined;
    if (id === undefined) {
      id = logicCount++;
      if (shareable) logicIds.set(key, id);
    }
    return id;
  };

  // Nodes: sections 0..S-1, fields S..S+F-1. Only nodes with a step take part in the order.
  const S = sectionIds.length;
  const steps: (Step | undefined)[] = [];
  const deps: number[][] = [];
  schema.sections.forEach((section, i) => {
    if (!section.conditionalLogic) return;
    steps[i] = {
      kind: SECTION,
      index: i,
      section: -1,
      visible: compileLogic(section.conditionalLogic, targetOf),
      logic: logicId(section.conditionalLogic),
      compute: null,
      reads: [],
    };
  });
  schema.fields.forEach((field, i) => {
    const s = sectionIndex.get(field.sectionId);
    const section = s !== undefined && steps[s] ? s : -1;
    if (section < 0 && !field.conditionalLogic) return;
    const visible = field.conditionalLogic ? compileLogic(field.conditionalLogic, targetOf) : null;
    const logic = field.conditionalLogic ? logicId(field.conditionalLogic) : -1;
    steps[S + i] = { kind: FIELD, index: i, section, visible, logic, compute: null, reads: [] };
  });
  const compiledVariables = variablesRead ? (variablesCode()?.compileVariables(schema) ?? null) : null;
  if (compiledVariables) {
    variables.forEach((_, v) => {
      steps[S + F + v] = variableStep(schema, compiledVariables, v, fieldIndex);
    });
  }
  // What each step waits for (visibility-graph.ts), as node numbers.
  const nodeOf = (n: VisibilityNode) =>
    n.kind === 'section' ? n.index : n.kind === 'field' ? S + n.index : S + F + n.index;
  for (const edge of visibilityEdges(schema)) {
    const from = nodeOf(edge.from);
    if (!steps[from]) continue;
    deps[from] ??= [];
    deps[from].push(nodeOf(edge.to));
  }

  const order: Step[] = [];
  // Per call: logicDone[l] === epoch once logic l is evaluated, logicTrue[l] === epoch if it held.
  const logicDone = new Int32Array(S + F);
  const logicTrue = new Int32Array(S + F);
  let epoch = 0;
  const holds = (step: Step, raw: unknown[]): boolean => {
    const l = step.logic;
    if (logicDone[l] === epoch) return logicTrue[l] === epoch;
    logicDone[l] = epoch;
    if (!step.visible!(raw)) return false;
    logicTrue[l] = epoch;
    return true;
  };
  function computeStamped(raw: unknown[], fieldAt: Int32Array, sectionAt: Int32Array, stamp: number): void {
    if (epoch === 0x3fffffff) {
      logicDone.fill(0);
      logicTrue.fill(0);
      epoch = 0;
    }
    epoch++;
    if (cleanHidden !== null) cleanHidden(raw);
    for (let i = 0; i < order.length; i++) {
      const step = order[i]!;
      const index = step.index;
      if (step.kind === SECTION) {
        if (!holds(step, raw)) sectionAt[index] = stamp;
      } else if (step.kind === VARIABLE) {
        step.compute!(raw);
      } else if (
        (step.section >= 0 && sectionAt[step.section] === stamp) ||
        (step.logic >= 0 && !holds(step, raw))
      ) {
        fieldAt[index] = stamp;
        raw[index] = undefined;
      }
    }
  }

  const state = new Uint8Array(S + F + (compiledVariables ? variables.length : 0)); // 0 new, 1 in progress, 2 done
  let cyclic = false;
  const visit = (node: number): void => {
    if (state[node] === 1) cyclic = true;
    if (state[node] !== 0) return; // done, or a cycle: skip the closing edge
    state[node] = 1;
    for (const dep of deps[node] ?? []) visit(dep);
    state[node] = 2;
    const step = steps[node];
    if (step) order.push(step);
  };
  for (let node = 0; node < state.length; node++) visit(node);
  if (cyclic) {
    // A cycle's closing edge reads a field before it is settled: give every step its own logic.
    order.forEach((step, i) => {
      if (step.logic >= 0) step.logic = i;
    });
  }

  const cleanHidden = hiddenCleaner(schema, fieldIndex, targetOf);
  const hideable = new Uint8Array(fieldIds.length);
  for (const step of order) if (step.kind === FIELD) hideable[step.index] = 1;

  return {
    fieldIds,
    sectionIds,
    slotCount: F + (compiledVariables ? variables.length : 0),
    fieldIndex,
    hideable,
    steps: order,
    reader: new AnswerReader(fieldIndex),
    cleanHidden,
    targetOf,
    compute(raw, fieldHidden, sectionHidden) {
      const copy = Array.from({ length: F }, (_, i) => raw[i]);
      const fieldAt = new Int32Array(fieldIds.length);
      const sectionAt = new Int32Array(S);
      computeStamped(copy, fieldAt, sectionAt, 1);
      for (let i = 0; i < fieldAt.length; i++) if (fieldAt[i] === 1) fieldHidden[i] = 1;
      for (let i = 0; i < S; i++) if (sectionAt[i] === 1) sectionHidden[i] = 1;
    },
    computeStamped,
  };
}

/** Whether a condition or a rule's `when` names a variable (and no field of that id). */
function readsVariables(schema: FormSchema, variableIndex: ReadonlyMap<string, number>): boolean {
  if (variableIndex.size === 0) return false;
  const names = (logic: ConditionalLogic | undefined) =>
    logic?.conditionGroups.some((g) => g.conditions.some((c) => variableIndex.has(c.fieldId))) ?? false;
  return (
    schema.sections.some((s) => names(s.conditionalLogic)) ||
    schema.fields.some(
      (f) =>
        names(f.conditionalLogic) ||
        (f.validation?.rules.some((r) => r.when !== undefined && variableIndex.has(r.when.field)) ?? false),
    )
  );
}

/**
 * The step that computes variable `v` from the answers read so far: the fields it reads (hidden
 * ones already cleared) as `variableInput` gives them, the variables from their slots in `raw`.
 */
function variableStep(
  schema: FormSchema,
  plan: VariablesPlan,
  v: number,
  fieldIndex: ReadonlyMap<string, number>,
): Step {
  const F = schema.fields.length;
  const fill = variablesCode()!.inputsFromRaw(schema, plan, fieldIndex);
  const n = plan.inputs.length;
  const count = plan.ids.length;
  const reads = plan.reads[v]!.map((id) => fieldIndex.get(id)).filter((i): i is number => i !== undefined);
  return {
    kind: VARIABLE,
    index: v,
    section: -1,
    visible: null,
    logic: -1,
    reads,
    compute(raw) {
      const slots: unknown[] = new Array(n + count);
      fill(raw, slots);
      for (let w = 0; w < count; w++) slots[n + w] = raw[F + w];
      raw[F + v] = plan.evaluate(v, slots);
    },
  };
}

/** The plan of a schema object, compiled once; treat a schema as immutable once it is used. */
export const visibilityPlanFor: (schema: FormSchema) => VisibilityPlan = cachedPerSchema(compileVisibility);

/**
 * Reads answer objects into arrays by field index. It remembers the key order of the last object
 * it read: answers of one form usually arrive with their keys in the same order, and comparing an
 * interned key with the remembered one is cheaper than a map lookup.
 */
export class AnswerReader {
  /** Keys that name a field, in the last object read. */
  known = 0;
  /** Keys that name no field, in the last object read. */
  unknown = 0;
  private readonly keys: string[] = [];
  private readonly indexes: number[] = [];
  private readonly fieldIndex: ReadonlyMap<string, number>;
  private readonly cacheSize: number;

  constructor(fieldIndex: ReadonlyMap<string, number>) {
    this.fieldIndex = fieldIndex;
    this.cacheSize = fieldIndex.size + 8;
  }

  /**
   * Copies the answers into `raw` (which the caller clears) by field index. Own and inherited
   * enumerable keys are read, as `for...in` does; answers parsed from JSON have only their own.
   */
  read(answers: object, raw: unknown[]): void {
    const keys = this.keys;
    const indexes = this.indexes;
    let pos = 0;
    let known = 0;
    let unknown = 0;
    for (const key in answers) {
      let i: number;
      if (keys[pos] === key) {
        i = indexes[pos]!;
      } else {
        i = this.fieldIndex.get(key) ?? -1;
        if (pos < this.cacheSize) {
          keys[pos] = key;
          indexes[pos] = i;
        }
      }
      pos++;
      if (i < 0) {
        unknown++;
      } else {
        raw[i] = (answers as Record<string, unknown>)[key];
        known++;
      }
    }
    this.known = known;
    this.unknown = unknown;
  }
}

/**
 * Which fields and sections are hidden for these answers. Fields of a hidden section are hidden,
 * and a condition on a hidden field sees it as empty, so hiding cascades. Anything that is not an
 * object reads as "no answers"; this never throws.
 *
 * ```ts
 * const { hiddenFields } = evaluateVisibility(schema, { hasPet: 'no' });
 * hiddenFields.has('petName'); // true when petName shows only if hasPet equals 'yes'
 * ```
 */
export function evaluateVisibility(schema: FormSchema, answers: unknown): Visibility {
  return visibilityOf(visibilityPlanFor(schema), answers);
}

/** `evaluateVisibility` on an already compiled plan. */
export function visibilityOf(plan: VisibilityPlan, answers: unknown): Visibility {
  const raw: unknown[] = new Array(plan.fieldIds.length);
  if (typeof answers === 'object' && answers !== null && !Array.isArray(answers)) {
    plan.reader.read(answers, raw);
  }
  const fieldHidden = new Uint8Array(plan.fieldIds.length);
  const sectionHidden = new Uint8Array(plan.sectionIds.length);
  plan.compute(raw, fieldHidden, sectionHidden);
  return {
    hiddenFields: collect(plan.fieldIds, fieldHidden),
    hiddenSections: collect(plan.sectionIds, sectionHidden),
  };
}

function collect(ids: readonly string[], hidden: Uint8Array): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i++) if (hidden[i] === 1) out.add(ids[i]!);
  return out;
}
