import { variablesCode } from '#engine/variables';
import type { ConditionalLogic } from '../../models/conditional-logic.js';
import type { FormSchema } from '../../models/form-schema.js';

/** A field, a section or a variable, by its position in `schema.fields` / `sections` / `variables`. */
export interface VisibilityNode {
  readonly kind: 'field' | 'section' | 'variable';
  readonly index: number;
}

/** `from`'s visibility depends on `to`. */
export interface VisibilityEdge {
  readonly from: VisibilityNode;
  readonly to: VisibilityNode;
  /**
   * Where the dependency is written: a condition's `fieldId`, a field's `sectionId`, or a
   * variable's `expression`.
   */
  readonly path: readonly (string | number)[];
}

/**
 * The visibility dependencies of a schema, the one statement of what depends on what: a field
 * depends on its section when that section has conditions (a hidden section hides its fields),
 * and a field or section with conditions depends on each field they name. An id names the first
 * field or section that has it; an id naming none gives no edge. Sections come first, then fields,
 * each in schema order, a field's section before its conditions, conditions in the order written.
 *
 * Variables take part too (docs/form-model.md): a condition may name a variable where it names a
 * field (an id names a field first), and a variable depends on every field and variable its
 * expression reads, after the fields and sections.
 *
 * Both the evaluation order (`compileVisibility`) and the cycle check (`checkCycles`) are built
 * from it; the check also leaves out what `checkReferences` reports (self references, a section
 * naming its own fields) and later duplicates of an id.
 */
export function visibilityEdges(schema: FormSchema): VisibilityEdge[] {
  const fieldIndex = new Map<string, number>();
  schema.fields.forEach((f, i) => {
    if (!fieldIndex.has(f.id)) fieldIndex.set(f.id, i);
  });
  const sectionIndex = new Map<string, number>();
  schema.sections.forEach((s, i) => {
    if (!sectionIndex.has(s.id)) sectionIndex.set(s.id, i);
  });
  const variableIndex = new Map<string, number>();
  (schema.variables ?? []).forEach((v, i) => {
    if (!variableIndex.has(v.id)) variableIndex.set(v.id, i);
  });
  /** What an id names: a field first, else a variable. */
  const nodeOf = (id: string): VisibilityNode | undefined => {
    const field = fieldIndex.get(id);
    if (field !== undefined) return { kind: 'field', index: field };
    const variable = variableIndex.get(id);
    return variable === undefined ? undefined : { kind: 'variable', index: variable };
  };
  const edges: VisibilityEdge[] = [];
  const conditions = (from: VisibilityNode, logic: ConditionalLogic | undefined, base: string) => {
    logic?.conditionGroups.forEach((group, g) => {
      group.conditions.forEach((condition, c) => {
        const to = nodeOf(condition.fieldId);
        if (to === undefined) return;
        const path = [base, from.index, 'conditionalLogic', 'conditionGroups', g, 'conditions', c, 'fieldId'];
        edges.push({ from, to, path });
      });
    });
  };
  schema.sections.forEach((section, index) => {
    conditions({ kind: 'section', index }, section.conditionalLogic, 'sections');
  });
  schema.fields.forEach((field, index) => {
    const from: VisibilityNode = { kind: 'field', index };
    const s = sectionIndex.get(field.sectionId);
    if (s !== undefined && schema.sections[s]!.conditionalLogic) {
      edges.push({ from, to: { kind: 'section', index: s }, path: ['fields', index, 'sectionId'] });
    }
    conditions(from, field.conditionalLogic, 'fields');
  });
  // A browser reads variables once their code is in (`loadVariables`); before, none is computed.
  const code = variablesCode();
  (schema.variables ?? []).forEach((variable, index) => {
    const from: VisibilityNode = { kind: 'variable', index };
    if (code === undefined) return;
    const shape = code.inspectExpression(variable.expression);
    for (const id of code.expressionReads(shape, schema.fields)) {
      const to = nodeOf(id);
      if (to !== undefined) edges.push({ from, to, path: ['variables', index, 'expression'] });
    }
  });
  return edges;
}
