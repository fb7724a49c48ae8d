import type { Condition, ConditionGroup } from '../../models/conditional-logic.js';
import type { Field } from '../../models/field.js';
import type { FormSchema, FormVariable } from '../../models/form-schema.js';
import type { Section } from '../../models/section.js';
import type { PathSegment } from './paths.js';

/**
 * What a piece of conditional logic belongs to: a field or a section (show/hide), a section's jump
 * (`id`: the section's, `index`: the section's position) or an ending (`index`: its position in
 * `settings.endings`). Jumps and endings are read outside any section, after its page is left.
 */
export interface LogicOwner {
  kind: 'field' | 'section' | 'jump' | 'ending';
  id: string;
  /** Position in `fields`, `sections` or `settings.endings`. */
  index: number;
}

export interface ConditionSite {
  owner: LogicOwner;
  condition: Condition;
  /** Path of the condition object itself. */
  path: PathSegment[];
}

/** Lookups shared by the checks, built once per `checkSchema` call. */
export interface SchemaIndex {
  schema: FormSchema;
  /**
   * The first field with each id. Later duplicates are reported as `duplicate_id` and otherwise
   * ignored, so one mistake does not cascade into a page of follow-up problems.
   */
  fields: Map<string, Field>;
  sections: Map<string, Section>;
  /** The first variable with each id. */
  variables: Map<string, FormVariable>;
  conditions: ConditionSite[];
}

export function indexSchema(schema: FormSchema): SchemaIndex {
  const fields = new Map<string, Field>();
  const sections = new Map<string, Section>();
  const conditions: ConditionSite[] = [];
  schema.sections.forEach((section, index) => {
    if (!sections.has(section.id)) sections.set(section.id, section);
    collect(conditions, { kind: 'section', id: section.id, index }, section, ['sections', index]);
  });
  schema.fields.forEach((field, index) => {
    if (!fields.has(field.id)) fields.set(field.id, field);
    collect(conditions, { kind: 'field', id: field.id, index }, field, ['fields', index]);
  });
  schema.sections.forEach((section, index) => {
    section.jumps?.forEach((jump, j) => {
      collectGroups(conditions, { kind: 'jump', id: section.id, index }, jump.conditionGroups, [
        'sections',
        index,
        'jumps',
        j,
      ]);
    });
  });
  schema.settings?.endings?.forEach((ending, index) => {
    collectGroups(conditions, { kind: 'ending', id: ending.id, index }, ending.conditionGroups, [
      'settings',
      'endings',
      index,
    ]);
  });
  const variables = new Map<string, FormVariable>();
  for (const variable of schema.variables ?? [])
    if (!variables.has(variable.id)) variables.set(variable.id, variable);
  return { schema, fields, sections, variables, conditions };
}

function collect(
  out: ConditionSite[],
  owner: LogicOwner,
  holder: Field | Section,
  base: PathSegment[],
): void {
  collectGroups(out, owner, holder.conditionalLogic?.conditionGroups, [...base, 'conditionalLogic']);
}

function collectGroups(
  out: ConditionSite[],
  owner: LogicOwner,
  groups: readonly ConditionGroup[] | undefined,
  base: PathSegment[],
): void {
  groups?.forEach((group, g) => {
    group.conditions.forEach((condition, c) => {
      out.push({ owner, condition, path: [...base, 'conditionGroups', g, 'conditions', c] });
    });
  });
}

/** `Field "age"` / `Section "about"` / `A jump of section "about"` / `Ending "vip"`: how messages name the owner of a problem. */
export function describeOwner(owner: LogicOwner): string {
  switch (owner.kind) {
    case 'field':
      return `Field "${owner.id}"`;
    case 'section':
      return `Section "${owner.id}"`;
    case 'jump':
      return `A jump of section "${owner.id}"`;
    default:
      return `Ending "${owner.id}"`;
  }
}

/**
 * The field a condition really depends on, or undefined when the reference is broken (unknown,
 * the owner itself, or a field inside the owning section). Broken references are reported by
 * `checkReferences`; every later check skips them so each mistake is reported once.
 */
export function conditionTarget(index: SchemaIndex, site: ConditionSite): Field | undefined {
  const target = index.fields.get(site.condition.fieldId) ?? variableAsField(index, site.condition.fieldId);
  if (!target) return undefined;
  if (site.owner.kind === 'field' && target.id === site.owner.id) return undefined;
  if (site.owner.kind === 'section' && target.sectionId === site.owner.id) return undefined;
  return target;
}

/**
 * A variable named where a field can be (a condition, a rule's `when`), as the field it compares
 * like: a `number` variable as a number field, a `text` one as a text field. Undefined when the id
 * names no variable.
 */
export function variableAsField(index: SchemaIndex, id: string): Field | undefined {
  const variable = index.variables.get(id);
  if (!variable) return undefined;
  return {
    id: variable.id,
    sectionId: '',
    type: variable.type === 'number' ? 'number' : 'text',
    label: variable.id,
    order: 0,
  };
}
