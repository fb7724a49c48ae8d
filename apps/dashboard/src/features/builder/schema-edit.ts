import type {
  Condition,
  Field,
  FieldOption,
  FieldType,
  FormSchema,
  Language,
  MatrixConfig,
  MatrixRow,
  Section,
  UpdateFieldBody,
  ValidationRule,
} from '@formloom/contract';
import {
  ID_PATTERN,
  OPTION_FIELD_TYPES,
  SCHEMA_LIMITS,
  UpdateFieldBody as UpdateFieldModel,
} from '@formloom/contract';
import { RULE_FIELD_TYPES } from '@formloom/contract/engine';

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
  const field: Field = {
    id,
    sectionId,
    type,
    label,
    order: last === undefined ? 0 : last.order + 1,
    ...typeDefaults(type),
  };
  return [{ ...schema, fields: [...schema.fields, field] }, id];
}

export const isOptionType = (type: string) => (OPTION_FIELD_TYPES as readonly string[]).includes(type);
/** Types whose answer may hold several options: the ones an exclusive option applies to. */
export const isMultiChoice = (field: Pick<Field, 'type' | 'multiple'>) =>
  field.type === 'checkbox' ||
  ((field.type === 'select' || field.type === 'picture_choice') && field.multiple === true);
/** Types with an "Other, please specify" option (docs/form-model.md "Question types"). */
export const hasOther = (type: string) => isOptionType(type);
/** Types whose order may be shuffled per respondent: options, or a matrix's rows. */
export const hasShuffle = (type: string) => isOptionType(type) || type === 'matrix';

const defaultOptions = (): FieldOption[] => [
  { label: 'Option 1', value: 'option_1' },
  { label: 'Option 2', value: 'option_2' },
];

/** A five-point agreement scale: the columns a new matrix starts with. */
const defaultColumns = (): MatrixConfig['columns'] => [
  { value: '1', label: 'Strongly disagree' },
  { value: '2', label: 'Disagree' },
  { value: '3', label: 'Neutral' },
  { value: '4', label: 'Agree' },
  { value: '5', label: 'Strongly agree' },
];

/** The text a new consent starts with: the form maker rewrites it, a link to their terms included. */
const DEFAULT_CONSENT = 'I agree to the terms and conditions.';
/** The text a new statement starts with. */
const DEFAULT_STATEMENT = 'Please read this before you go on.';

/** The configuration a new field of `type` starts with: valid as it stands. */
export function typeDefaults(type: FieldType): Partial<Field> {
  switch (type) {
    case 'rating':
      return { rating: { max: 5 } };
    case 'nps':
      return { nps: {} };
    case 'scale':
      return { scale: { min: 1, max: 5 } };
    case 'slider':
      return { slider: { min: 0, max: 100, step: 1 } };
    case 'matrix':
      return {
        matrix: {
          rows: [
            { id: 'row_1', label: 'Row 1' },
            { id: 'row_2', label: 'Row 2' },
          ],
          columns: defaultColumns(),
        },
      };
    case 'consent':
      return { consent: { text: DEFAULT_CONSENT } };
    case 'statement':
      return { statement: { text: DEFAULT_STATEMENT } };
    case 'payment':
      return { payment: { amount: 1000, currency: 'EUR' } };
    default:
      return isOptionType(type) ? { options: defaultOptions() } : {};
  }
}

/** The properties that belong to one type or group of types; a type change clears the others. */
const TYPE_PROPERTIES = [
  'options',
  'multiple',
  'other',
  'exclusiveValue',
  'shuffle',
  'rating',
  'nps',
  'scale',
  'slider',
  'matrix',
  'ranking',
  'phone',
  'address',
  'consent',
  'statement',
  'payment',
  'fileConfig',
] as const satisfies readonly (keyof Field)[];

/** An option's value as a row id (ids have a narrower alphabet), else `row_<n>`. */
const rowId = (value: string, n: number) => (ID_PATTERN.test(value) ? value : `row_${n}`);

/** The lowest and highest answer of a scale-like field, to carry over to another scale type. */
function bounds(field: Field): { min: number; max: number } | undefined {
  if (field.type === 'rating') return { min: 1, max: field.rating?.max ?? 5 };
  if (field.type === 'nps') return { min: 0, max: 10 };
  if (field.type === 'scale' && field.scale) return { min: field.scale.min, max: field.scale.max };
  if (field.type === 'slider' && field.slider) return { min: field.slider.min, max: field.slider.max };
  return undefined;
}

const clamp = (n: number, low: number, high: number) => Math.max(low, Math.min(high, Math.round(n)));

/**
 * The field as another type: what carries over does (options between choice types, a choice's
 * options as a matrix's rows and back, a scale's range between scale types, multiple when a
 * checkbox becomes a select, the text between consent and statement), the rest of the old type's
 * configuration is dropped, the new type's defaults fill what is missing, and rules the new type
 * does not take are removed. A statement is never answered: it loses `required`, the required rule,
 * the placeholder and the prefill.
 */
export function changeType(field: Field, type: FieldType): Field {
  if (field.type === type) return field;
  const next: Field = { ...field, type };
  for (const key of TYPE_PROPERTIES) delete next[key];
  Object.assign(next, typeDefaults(type));
  // Images belong to picture choices, the only type that has them.
  const options = field.options?.map(({ imageUrl: _drop, ...rest }) => rest);
  if (isOptionType(type)) {
    if (options !== undefined && options.length > 0) next.options = options;
    else if (field.matrix !== undefined)
      next.options = field.matrix.rows.map((r) => ({ label: r.label, value: r.id }));
    // A field that had no choices gets one to name, as the builder always gave.
    else next.options = [{ label: 'Option 1', value: 'option_1' }];
    if (field.other !== undefined) next.other = field.other;
    if (field.shuffle !== undefined) next.shuffle = field.shuffle;
    const multiple = isMultiChoice(field);
    if ((type === 'select' || type === 'picture_choice') && multiple) next.multiple = true;
    if (isMultiChoice(next) && field.exclusiveValue !== undefined) next.exclusiveValue = field.exclusiveValue;
  }
  if (type === 'matrix') {
    const rows: MatrixRow[] | undefined = options?.map((o, i) => ({
      id: rowId(o.value, i + 1),
      label: o.label,
    }));
    const unique = rows !== undefined && new Set(rows.map((r) => r.id)).size === rows.length;
    if (rows !== undefined && rows.length > 0 && unique) next.matrix = { ...next.matrix!, rows };
    if (field.shuffle !== undefined) next.shuffle = field.shuffle;
  }
  const range = bounds(field);
  if (range !== undefined) {
    if (type === 'rating') next.rating = { max: clamp(range.max, 3, 10) };
    if (type === 'scale') next.scale = { min: range.min === 0 ? 0 : 1, max: clamp(range.max, 2, 10) };
    if (type === 'slider') next.slider = { min: range.min, max: range.max, step: 1 };
  }
  const notice = field.consent?.text ?? field.statement?.text;
  if (notice !== undefined && type === 'consent') next.consent = { text: notice };
  if (notice !== undefined && type === 'statement') next.statement = { text: notice };
  const answered = type !== 'statement' && type !== 'payment';
  if (!answered) {
    delete next.required;
    delete next.placeholder;
    delete next.prefill;
  }
  const rules = field.validation?.rules.filter(
    (r) =>
      (RULE_FIELD_TYPES[r.type] as readonly string[]).includes(type) && (answered || r.type !== 'required'),
  );
  if (rules === undefined || rules.length === 0) delete next.validation;
  else next.validation = { rules };
  return next;
}

/** A matrix row id not used by the other rows: `row_<n>`. */
export function freshRowId(rows: readonly MatrixRow[]): string {
  const taken = new Set(rows.map((r) => r.id));
  for (let n = rows.length + 1; ; n++) if (!taken.has(`row_${n}`)) return `row_${n}`;
}

/** `items` with the one at `from` moved to `to` (clamped); the same array when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(to, items.length - 1));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
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
  // A field moved into or out of a repeating section changes which conditions may say `entry`.
  return withoutStrayEntries({ ...schema, fields: schema.fields.map((f) => placed.get(f.id) ?? f) });
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

/**
 * The text of `key` in `language` set (an empty text removes it: the base text shows instead); a
 * language left without texts, and translations left without a language, are removed.
 */
export function setTranslation(
  schema: FormSchema,
  language: Language,
  key: string,
  text: string,
): FormSchema {
  const current = { ...(schema.translations?.[language] ?? {}) };
  if (text === '') delete current[key];
  else current[key] = text;
  const translations = { ...schema.translations, [language]: current };
  if (Object.keys(current).length === 0) delete translations[language];
  const { translations: _drop, ...rest } = schema;
  return Object.keys(translations).length === 0 ? rest : { ...rest, translations };
}

type Repeat = NonNullable<Section['repeat']>;

/** The repeating section a field is in, if it is in one. */
export function repeatingSectionOf(schema: FormSchema, fieldId: string): Section | undefined {
  const sectionId = schema.fields.find((f) => f.id === fieldId)?.sectionId;
  return schema.sections.find((s) => s.id === sectionId && s.repeat !== undefined);
}

/**
 * A section made repeating with `repeat` (docs/form-model.md "Repeating sections"), or an ordinary
 * one again with `undefined`. `min` is kept within 0..50 and `max` within 1..50 (a `min` above
 * `max` stays, for the integrity check to point at); an empty add label is none. What the change
 * leaves meaningless goes with it: the add label's translations once there is no label, and the
 * `entry` of conditions that no longer name a field of a repeating section from outside it.
 */
export function setRepeat(schema: FormSchema, sectionId: string, repeat: Repeat | undefined): FormSchema {
  const section = schema.sections.find((s) => s.id === sectionId);
  if (section === undefined) return schema;
  const limit = SCHEMA_LIMITS.maxRepeatEntries;
  const next: Repeat | undefined =
    repeat === undefined
      ? undefined
      : {
          ...(repeat.min === undefined ? {} : { min: clamp(repeat.min, 0, limit) }),
          ...(repeat.max === undefined ? {} : { max: clamp(repeat.max, 1, limit) }),
          ...(repeat.addLabel === undefined || repeat.addLabel === '' ? {} : { addLabel: repeat.addLabel }),
        };
  const { repeat: _old, ...plain } = section;
  let edited = replaceSection(schema, next === undefined ? plain : { ...plain, repeat: next });
  if (next?.addLabel === undefined) {
    const key = `sections.${sectionId}.repeat.addLabel`;
    for (const language of Object.keys(edited.translations ?? {}) as Language[])
      edited = setTranslation(edited, language, key, '');
  }
  return withoutStrayEntries(edited);
}

/**
 * The schema without the `entry` of conditions (and of rules' `when`) that do not name a field of
 * a repeating section from outside it (the section made ordinary, the field moved out, the owner
 * moved in).
 */
export function withoutStrayEntries(schema: FormSchema): FormSchema {
  const repeating = new Set(schema.sections.filter((s) => s.repeat !== undefined).map((s) => s.id));
  const sectionOf = new Map(schema.fields.map((f) => [f.id, f.sectionId]));
  const repeatOf = (fieldId: string) => {
    const section = sectionOf.get(fieldId);
    return section !== undefined && repeating.has(section) ? section : undefined;
  };
  const tidy = <T extends Pick<Field, 'conditionalLogic'>>(owner: T, inside: string | undefined): T => {
    const logic = owner.conditionalLogic;
    const stray = (c: Condition) =>
      c.entry !== undefined && (repeatOf(c.fieldId) === undefined || repeatOf(c.fieldId) === inside);
    if (logic === undefined || !logic.conditionGroups.some((g) => g.conditions.some(stray))) return owner;
    const conditionGroups = logic.conditionGroups.map((g) => ({
      conditions: g.conditions.map((c) => {
        if (!stray(c)) return c;
        const { entry: _drop, ...rest } = c;
        return rest;
      }),
    }));
    return { ...owner, conditionalLogic: { ...logic, conditionGroups } };
  };
  // A rule's `when` is a condition too.
  const tidyWhens = (field: Field): Field => {
    const inside = repeatOf(field.id);
    const stray = (r: ValidationRule) =>
      r.when?.entry !== undefined &&
      (repeatOf(r.when.field) === undefined || repeatOf(r.when.field) === inside);
    const rules = field.validation?.rules;
    if (rules === undefined || !rules.some(stray)) return field;
    return {
      ...field,
      validation: {
        ...field.validation,
        rules: rules.map((r) => {
          if (!stray(r)) return r;
          const { entry: _drop, ...when } = r.when!;
          return { ...r, when };
        }),
      },
    };
  };
  const fields = schema.fields.map((f) => tidyWhens(tidy(f, repeatOf(f.id))));
  // A section's own condition is read outside it.
  const sections = schema.sections.map((s) => tidy(s, undefined));
  const changed =
    fields.some((f, i) => f !== schema.fields[i]) || sections.some((s, i) => s !== schema.sections[i]);
  return changed ? { ...schema, fields, sections } : schema;
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
    const patch = fieldPatch(old, field);
    // The field route takes only the properties its body names (the question types' configs are
    // not among them): a change to another goes as the whole schema.
    if (Object.keys(patch).some((key) => !Object.hasOwn(UpdateFieldModel.shape, key)))
      return [{ kind: 'replaceSchema', schema: edited, title }];
    ops.push({ kind: 'updateField', id: field.id, patch });
  }
  for (const field of savedFields) if (!after.has(field.id)) ops.push({ kind: 'deleteField', id: field.id });
  // Several fields changed at once go as one schema: the server checks each request, and a step
  // between them can be refused though the whole is sound (a new field's condition on an option
  // the same edit gave another field: added first, it named an option not there yet, and the save
  // was refused again on every retry).
  return ops.length > 1 ? [{ kind: 'replaceSchema', schema: edited, title }] : ops;
}
