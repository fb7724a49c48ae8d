import {
  DEFAULT_SCHEMA_VERSION,
  FIELD_TYPES,
  type Field,
  type FormSchema,
  type Language,
  OPTION_FIELD_TYPES,
  type ValidationRule,
} from '@formloom/contract';
import { z } from 'zod';

/**
 * What the model is asked for: a small, flat draft, not a FormSchema. Ids, option values, orders
 * and the shapes of rules and conditions are the server's work (`draftToSchema`), so the model
 * only chooses what a form designer chooses. Optional parts are `.nullable()`, as strict JSON
 * Schema outputs want every property present.
 */
export const FieldDraft = z.object({
  key: z.string().describe('Short snake_case name, unique in the form, e.g. "email" or "visit_date"'),
  type: z.enum(FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  placeholder: z.string().nullable(),
  helpText: z.string().nullable(),
  options: z.array(z.string()).nullable().describe('The choices of a select, radio or checkbox field'),
  min: z.number().nullable().describe('Smallest number allowed (number fields)'),
  max: z.number().nullable().describe('Largest number allowed (number fields)'),
  maxLength: z.number().int().nullable().describe('Most characters allowed (text fields)'),
  showWhen: z
    .object({ key: z.string(), equals: z.string() })
    .nullable()
    .describe('Show this field only when the field `key` has the answer `equals`'),
});
export type FieldDraft = z.infer<typeof FieldDraft>;

export const FormDraft = z.object({
  title: z.string(),
  description: z.string().nullable(),
  sections: z.array(
    z.object({
      title: z.string(),
      description: z.string().nullable(),
      fields: z.array(FieldDraft),
    }),
  ),
});
export type FormDraft = z.infer<typeof FormDraft>;

/** A key as an id: letters, digits and `_` only, lower case, never empty. */
function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return s === '' ? fallback : s;
}

/** `base`, or `base_2`, `base_3`... until unused; records it as used. */
function unique(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
  used.add(id);
  return id;
}

function rulesOf(draft: FieldDraft): ValidationRule[] {
  const rules: ValidationRule[] = [];
  if (draft.type === 'number') {
    if (draft.min !== null) rules.push({ type: 'min', value: draft.min });
    if (draft.max !== null) rules.push({ type: 'max', value: draft.max });
  }
  if ((draft.type === 'text' || draft.type === 'textarea') && draft.maxLength !== null) {
    rules.push({ type: 'maxLength', value: draft.maxLength });
  }
  return rules;
}

/**
 * The FormSchema a draft describes. It is not checked here: the caller runs the same integrity
 * check as for a hand-written schema and sends any problem back to the model.
 */
export function draftToSchema(draft: FormDraft, language: Language): FormSchema {
  const sectionIds = new Set<string>();
  const fieldIds = new Set<string>();
  const keyToId = new Map<string, string>();
  const optionValues = new Map<string, Map<string, string>>();
  const sections: FormSchema['sections'] = [];
  const fields: Field[] = [];
  const pending: { field: Field; showWhen: NonNullable<FieldDraft['showWhen']> }[] = [];

  draft.sections.forEach((section, sectionIndex) => {
    const sectionId = unique(`section_${sectionIndex + 1}`, sectionIds);
    sections.push({
      id: sectionId,
      title: section.title,
      order: sectionIndex,
      ...(section.description ? { description: section.description } : {}),
    });
    for (const f of section.fields) {
      const id = unique(slug(f.key || f.label, `field_${fields.length + 1}`), fieldIds);
      keyToId.set(f.key, id);
      const field: Field = {
        id,
        sectionId,
        type: f.type,
        label: f.label,
        order: fields.length,
        ...(f.required ? { required: true } : {}),
        ...(f.placeholder ? { placeholder: f.placeholder } : {}),
        ...(f.helpText ? { helpText: f.helpText } : {}),
      };
      if ((OPTION_FIELD_TYPES as readonly string[]).includes(f.type)) {
        const values = new Map<string, string>();
        const used = new Set<string>();
        field.options = (f.options ?? []).map((label, i) => {
          const value = unique(slug(label, `option_${i + 1}`), used);
          values.set(label, value);
          return { label, value };
        });
        optionValues.set(id, values);
      }
      const rules = rulesOf(f);
      if (rules.length > 0) field.validation = { rules };
      fields.push(field);
      if (f.showWhen !== null) pending.push({ field, showWhen: f.showWhen });
    }
  });

  // Conditions last: they may name a field that comes later, which the integrity check reports.
  for (const { field, showWhen } of pending) {
    const target = keyToId.get(showWhen.key) ?? showWhen.key;
    // A choice is matched by its value; the model names it by its label.
    const value = optionValues.get(target)?.get(showWhen.equals) ?? showWhen.equals;
    field.conditionalLogic = {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: target, operator: 'equals', value }] }],
    };
  }

  return {
    ...DEFAULT_SCHEMA_VERSION,
    meta: {
      title: draft.title,
      language,
      ...(draft.description ? { description: draft.description } : {}),
    },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections,
    fields,
  };
}
