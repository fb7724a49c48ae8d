import type { Field, FieldType, FormSchema, Section, UpdateFieldBody } from '@formloom/contract';
import { OPTION_FIELD_TYPES } from '@formloom/contract';

/**
 * The builder's edits as pure functions of the schema (each returns a new schema), and the
 * save plan: which API calls turn the saved schema into the edited one.
 */

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.order - b.order);

/** The fields of a section in display order. */
export function fieldsOf(schema: FormSchema, sectionId: string): Field[] {
  return byOrder(schema.fields.filter((f) => f.sectionId === sectionId));
}

export function sectionsOf(schema: FormSchema): Section[] {
  return byOrder(schema.sections);
}

/** An id not used yet by a field, section or variable: `<base>_<n>`. */
export function freshId(schema: FormSchema, base: string): string {
  const taken = new Set([
    ...schema.fields.map((f) => f.id),
    ...schema.sections.map((s) => s.id),
    ...(schema.variables ?? []).map((v) => v.id),
  ]);
  for (let n = 1; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

export function addField(
  schema: FormSchema,
  sectionId: string,
  type: FieldType,
  label: string,
): [FormSchema, string] {
  const id = freshId(schema, type);
  const last = fieldsOf(schema, sectionId).at(-1);
  const field: Field = { id, sectionId, type, label, order: last === undefined ? 0 : last.order + 1 };
  if ((OPTION_FIELD_TYPES as readonly string[]).includes(type)) {
    field.options = [
      { label: 'Option 1', value: 'option_1' },
      { label: 'Option 2', value: 'option_2' },
    ];
  }
  return [{ ...schema, fields: [...schema.fields, field] }, id];
}

/** Replaces a field (found by id) with `next`; properties set to `undefined` are removed. */
export function replaceField(schema: FormSchema, next: Field): FormSchema {
  const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Field;
  return { ...schema, fields: schema.fields.map((f) => (f.id === next.id ? clean : f)) };
}

export function removeField(schema: FormSchema, id: string): FormSchema {
  return { ...schema, fields: schema.fields.filter((f) => f.id !== id) };
}

/**
 * Moves a field to position `to` of its section (or of `sectionId`), renumbering that section's
 * `order` 0..n so the new place is unambiguous.
 */
export function moveField(schema: FormSchema, id: string, to: number, sectionId?: string): FormSchema {
  const field = schema.fields.find((f) => f.id === id);
  if (field === undefined) return schema;
  const target = sectionId ?? field.sectionId;
  const others = fieldsOf(schema, target).filter((f) => f.id !== id);
  const clamped = Math.max(0, Math.min(to, others.length));
  others.splice(clamped, 0, { ...field, sectionId: target });
  const placed = new Map(others.map((f, order) => [f.id, { ...f, order }]));
  return { ...schema, fields: schema.fields.map((f) => placed.get(f.id) ?? f) };
}

export function addSection(schema: FormSchema, title: string): [FormSchema, string] {
  const id = freshId(schema, 'section');
  const last = sectionsOf(schema).at(-1);
  const section: Section = { id, title, order: last === undefined ? 0 : last.order + 1 };
  return [{ ...schema, sections: [...schema.sections, section] }, id];
}

export function replaceSection(schema: FormSchema, next: Section): FormSchema {
  const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Section;
  return { ...schema, sections: schema.sections.map((s) => (s.id === next.id ? clean : s)) };
}

/** Removes a section and its fields. */
export function removeSection(schema: FormSchema, id: string): FormSchema {
  return {
    ...schema,
    sections: schema.sections.filter((s) => s.id !== id),
    fields: schema.fields.filter((f) => f.sectionId !== id),
  };
}

export function moveSection(schema: FormSchema, id: string, to: number): FormSchema {
  const others = sectionsOf(schema).filter((s) => s.id !== id);
  const section = schema.sections.find((s) => s.id === id);
  if (section === undefined) return schema;
  others.splice(Math.max(0, Math.min(to, others.length)), 0, section);
  return { ...schema, sections: others.map((s, order) => ({ ...s, order })) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One API call of a save. */
export type SaveOp =
  | { kind: 'addField'; field: Field }
  | { kind: 'updateField'; id: string; patch: UpdateFieldBody }
  | { kind: 'deleteField'; id: string }
  | { kind: 'replaceSchema'; schema: FormSchema; title: string | undefined };

/** The field's properties that differ, as a PATCH: a removed property is `null`. */
function fieldPatch(before: Field, after: Field): UpdateFieldBody {
  const patch: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (key === 'id') continue;
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    if (!same(a, b)) patch[key] = b === undefined ? null : b;
  }
  return patch as UpdateFieldBody;
}

/**
 * The calls that turn `saved` into `edited`. Field-only changes go through the field routes (one
 * call per field: adds, then updates, then removals, so a reference is never left dangling on
 * the way); any change to the rest of the schema (sections, variables, texts, completion...) is
 * one PATCH of the whole schema, which is checked as one piece.
 */
export function savePlan(saved: FormSchema, edited: FormSchema): SaveOp[] {
  const { fields: savedFields, ...savedRest } = saved;
  const { fields: editedFields, ...editedRest } = edited;
  const title = saved.meta.title === edited.meta.title ? undefined : edited.meta.title;
  if (!same(savedRest, editedRest)) return [{ kind: 'replaceSchema', schema: edited, title }];
  const before = new Map(savedFields.map((f) => [f.id, f]));
  const after = new Map(editedFields.map((f) => [f.id, f]));
  const ops: SaveOp[] = [];
  for (const field of editedFields) if (!before.has(field.id)) ops.push({ kind: 'addField', field });
  for (const field of editedFields) {
    const old = before.get(field.id);
    if (old === undefined || same(old, field)) continue;
    // The id is the key: a field whose type changed keeps it, so only its properties move.
    ops.push({ kind: 'updateField', id: field.id, patch: fieldPatch(old, field) });
  }
  for (const field of savedFields) if (!after.has(field.id)) ops.push({ kind: 'deleteField', id: field.id });
  // Several fields changed at once go as one schema: the server checks each request, and a step
  // between them can be refused though the whole is sound (a new field's condition on an option
  // the same edit gave another field: added first, it named an option not there yet, and the save
  // was refused again on every retry).
  return ops.length > 1 ? [{ kind: 'replaceSchema', schema: edited, title }] : ops;
}
