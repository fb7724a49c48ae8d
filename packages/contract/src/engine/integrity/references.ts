import type { FormSchema } from '../../models/form-schema.js';
import type { SchemaProblem } from '../types.js';
import { type PathSegment, problem } from './paths.js';
import { describeOwner, type SchemaIndex, variableAsField } from './schema-index.js';

/**
 * Ids that would reach `Object.prototype` when answers or lookups are plain objects keyed by id
 * (prototype pollution). Refused whatever the code that later handles them does.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Duplicate and reserved ids. Sections and fields are separate namespaces: a field may share an
 * id with a section, because nothing names both kinds in one place (answers and conditions name
 * fields, `sectionId` names sections).
 */
export function checkIds(schema: FormSchema): SchemaProblem[] {
  return [
    ...checkIdList(
      'Section',
      schema.sections.map((s) => s.id),
      'sections',
    ),
    ...checkIdList(
      'Field',
      schema.fields.map((f) => f.id),
      'fields',
    ),
  ];
}

function checkIdList(kind: 'Section' | 'Field', ids: string[], key: 'sections' | 'fields'): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const firstIndex = new Map<string, number>();
  ids.forEach((id, i) => {
    const path = [key, i, 'id'];
    if (RESERVED_IDS.has(id)) {
      problems.push(
        problem(
          'reserved_id',
          path,
          `${kind} id "${id}" is reserved (it clashes with JavaScript object internals); choose another id.`,
        ),
      );
    }
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, i);
      return;
    }
    problems.push(
      problem(
        'duplicate_id',
        path,
        `${kind} id "${id}" is used twice (${key}[${first}] and ${key}[${i}]); give each ${kind.toLowerCase()} its own id.`,
      ),
    );
  });
  return problems;
}

/** `sectionId`s, condition targets and rule `when` targets that name nothing, or the wrong thing. */
export function checkReferences(index: SchemaIndex): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  index.schema.fields.forEach((field, i) => {
    if (!index.sections.has(field.sectionId)) {
      problems.push(
        problem(
          'unknown_section',
          ['fields', i, 'sectionId'],
          `Field "${field.id}" belongs to section "${field.sectionId}", which is not a section of this form.`,
        ),
      );
    }
  });

  for (const site of index.conditions) {
    const { owner } = site;
    const targetId = site.condition.fieldId;
    const path = [...site.path, 'fieldId'];
    const target = index.fields.get(targetId) ?? variableAsField(index, targetId);
    if (!target) {
      problems.push(
        unknownField(index, `${describeOwner(owner)} has a condition on "${targetId}"`, targetId, path),
      );
    } else if (owner.kind === 'field' && targetId === owner.id) {
      problems.push(
        problem(
          'self_reference',
          path,
          `Field "${owner.id}" has a condition on itself; a field cannot be shown or hidden by its own answer.`,
        ),
      );
    } else if (owner.kind === 'section' && target.sectionId === owner.id) {
      // The section's visibility would hinge on a field that disappears with it: a cycle of two.
      problems.push(
        problem(
          'visibility_cycle',
          path,
          `Section "${owner.id}" has a condition on field "${targetId}", which is inside it; hiding the section ` +
            `hides "${targetId}" too (${owner.id} -> ${targetId} -> ${owner.id}). Name a field of another section.`,
        ),
      );
    }
  }

  index.schema.fields.forEach((field, i) => {
    field.validation?.rules.forEach((rule, r) => {
      if (!rule.when) return;
      const targetId = rule.when.field;
      const path = ['fields', i, 'validation', 'rules', r, 'when', 'field'];
      const subject = `Field "${field.id}" has a "${rule.type}" rule that depends on "${targetId}"`;
      if (!index.fields.has(targetId) && !index.variables.has(targetId))
        problems.push(unknownField(index, subject, targetId, path));
      else if (targetId === field.id) {
        problems.push(
          problem('self_reference', path, `${subject}, the field itself; "when" must name another field.`),
        );
      }
    });
  });
  return problems;
}

function unknownField(
  index: SchemaIndex,
  subject: string,
  targetId: string,
  path: PathSegment[],
): SchemaProblem {
  const hint = index.sections.has(targetId)
    ? `; "${targetId}" is a section, and only fields can be named here`
    : '';
  return problem('unknown_field_reference', path, `${subject}, which is not a field of this form${hint}.`);
}
