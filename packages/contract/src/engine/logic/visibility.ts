import type { ConditionalLogic } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';
import type { Visibility } from '../types.js';
import { type CompiledCondition, type ConditionTarget, compileCondition } from './conditions.js';
import { cachedPerSchema } from './schema-cache.js';

/** Whether an element with this logic is visible, given the answers read so far. */
type CompiledLogic = (raw: readonly unknown[], hidden: Uint8Array) => boolean;

/** One element whose visibility depends on answers, in the order it must be evaluated. */
interface Step {
  readonly kind: 'section' | 'field';
  readonly index: number;
  /** For a field: the index of its section when that section has logic, else -1. */
  readonly section: number;
  readonly visible: CompiledLogic | null;
}

/**
 * The visibility part of a compiled form: which elements depend on which answers, and an
 * evaluation order in which every condition reads targets that are already settled.
 */
export interface VisibilityPlan {
  /** Field ids in `schema.fields` order; answers are read into arrays of this length. */
  readonly fieldIds: readonly string[];
  readonly sectionIds: readonly string[];
  /** Field id -> index in `fieldIds` (the first field with that id). */
  readonly fieldIndex: ReadonlyMap<string, number>;
  /** Reads answer objects by field index; shared by visibility and validation (both synchronous). */
  readonly reader: AnswerReader;
  /** What a condition on this field id reads; undefined when no field has the id. */
  targetOf(id: string): ConditionTarget | undefined;
  /**
   * Marks hidden fields and sections (1) in the two arrays, which the caller passes zeroed.
   * `raw` holds the answers by field index (see `AnswerReader`).
   */
  compute(raw: readonly unknown[], fieldHidden: Uint8Array, sectionHidden: Uint8Array): void;
}

function anyGroup(groups: readonly (readonly CompiledCondition[])[]): CompiledLogic {
  const first = groups[0];
  if (groups.length === 1 && first?.length === 1 && first[0]) return first[0];
  return (raw, hidden) => {
    for (let g = 0; g < groups.length; g++) {
      const conditions = groups[g]!;
      let all = true;
      for (let c = 0; c < conditions.length; c++) {
        if (!conditions[c]!(raw, hidden)) {
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
  targetOf: (id: string) => ConditionTarget | undefined,
): CompiledLogic {
  const groups = logic.conditionGroups.map((group) =>
    group.conditions.map((c) => compileCondition(c.operator, c.value, targetOf(c.fieldId))),
  );
  const matches = anyGroup(groups);
  return logic.action === 'hide' ? (raw, hidden) => !matches(raw, hidden) : matches;
}

function conditionTargets(logic: ConditionalLogic | undefined): string[] {
  if (!logic) return [];
  return logic.conditionGroups.flatMap((g) => g.conditions.map((c) => c.fieldId));
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
  const targetOf = (id: string): ConditionTarget | undefined => {
    const index = fieldIndex.get(id);
    const field = index === undefined ? undefined : schema.fields[index];
    return field && index !== undefined ? { index, type: field.type } : undefined;
  };

  // Nodes: sections 0..S-1, fields S..S+F-1. Only nodes with a step take part in the order.
  const S = sectionIds.length;
  const steps: (Step | undefined)[] = [];
  const deps: number[][] = [];
  schema.sections.forEach((section, i) => {
    if (!section.conditionalLogic) return;
    steps[i] = {
      kind: 'section',
      index: i,
      section: -1,
      visible: compileLogic(section.conditionalLogic, targetOf),
    };
    deps[i] = conditionTargets(section.conditionalLogic).flatMap((id) => {
      const f = fieldIndex.get(id);
      return f === undefined ? [] : [S + f];
    });
  });
  schema.fields.forEach((field, i) => {
    const s = sectionIndex.get(field.sectionId);
    const section = s !== undefined && steps[s] ? s : -1;
    if (section < 0 && !field.conditionalLogic) return;
    const visible = field.conditionalLogic ? compileLogic(field.conditionalLogic, targetOf) : null;
    steps[S + i] = { kind: 'field', index: i, section, visible };
    const targets = conditionTargets(field.conditionalLogic).flatMap((id) => {
      const f = fieldIndex.get(id);
      return f === undefined ? [] : [S + f];
    });
    deps[S + i] = section >= 0 ? [section, ...targets] : targets;
  });

  const order: Step[] = [];
  const state = new Uint8Array(S + fieldIds.length); // 0 new, 1 in progress, 2 done
  const visit = (node: number): void => {
    if (state[node] !== 0) return; // done, or a cycle: skip the closing edge
    state[node] = 1;
    for (const dep of deps[node] ?? []) visit(dep);
    state[node] = 2;
    const step = steps[node];
    if (step) order.push(step);
  };
  for (let node = 0; node < state.length; node++) visit(node);

  return {
    fieldIds,
    sectionIds,
    fieldIndex,
    reader: new AnswerReader(fieldIndex),
    targetOf,
    compute(raw, fieldHidden, sectionHidden) {
      for (let i = 0; i < order.length; i++) {
        const step = order[i]!;
        if (step.kind === 'section') {
          if (!step.visible!(raw, fieldHidden)) sectionHidden[step.index] = 1;
        } else if (
          (step.section >= 0 && sectionHidden[step.section] === 1) ||
          (step.visible !== null && !step.visible(raw, fieldHidden))
        ) {
          fieldHidden[step.index] = 1;
        }
      }
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
