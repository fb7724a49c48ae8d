import {
  DEFAULT_SCHEMA_VERSION,
  FIELD_TYPES,
  type Field,
  FORM_LAYOUTS,
  type FormSchema,
  type Language,
  OPTION_FIELD_TYPES,
  SCHEMA_LIMITS,
  type Section,
  type ValidationRule,
} from '@formloom/contract';
import { z } from 'zod';
import { slug, unique } from './draft-ids.js';
import { QuestionDraftParts, questionParts } from './draft-questions.js';

/** The most entries a repeating section allows. */
const MAX_ENTRIES = SCHEMA_LIMITS.maxRepeatEntries;

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
  scores: z
    .array(z.number())
    .nullable()
    .describe(
      'Quizzes only: the points of each option, in the order of `options` (e.g. 1 for a right answer, 0 for a wrong one); null otherwise',
    ),
  min: z.number().nullable().describe('Smallest number allowed (number fields)'),
  max: z.number().nullable().describe('Largest number allowed (number fields)'),
  maxLength: z.number().int().nullable().describe('Most characters allowed (text fields)'),
  showWhen: z
    .object({ key: z.string(), equals: z.string() })
    .nullable()
    .describe('Show this field only when the field `key` has the answer `equals`'),
  ...QuestionDraftParts,
});
export type FieldDraft = z.infer<typeof FieldDraft>;

/** A repeating section's draft: the respondent fills its fields once per entry ("add each guest"). */
export const RepeatDraft = z
  .object({
    min: z.number().nullable().describe('Fewest entries (0 when null)'),
    max: z.number().nullable().describe(`Most entries, 1 to ${MAX_ENTRIES} (${MAX_ENTRIES} when null)`),
    addLabel: z.string().nullable().describe('The text of the button that adds an entry, e.g. "Add a guest"'),
  })
  .describe(
    'A section filled once per thing the respondent lists (each guest, each previous job, each item ordered); its answer is a list, one object per entry',
  );
export type RepeatDraft = z.infer<typeof RepeatDraft>;

export const FormDraft = z.object({
  title: z.string(),
  description: z.string().nullable(),
  layout: z
    .enum(FORM_LAYOUTS)
    .nullable()
    .describe('"paged" shows each section as a page (quizzes, tests, long forms); null for one page'),
  quiz: z
    .object({
      completionMessage: z
        .string()
        .describe('Shown after submitting; {{score}} is replaced by the score, {{key}} by that answer'),
    })
    .nullable()
    .describe(
      "A quiz, test or scored form: the score is the sum of the chosen options' scores; null otherwise",
    ),
  sections: z.array(
    z.object({
      title: z.string(),
      description: z.string().nullable(),
      // Optional as well: a draft written without it (before repeating sections) means null.
      repeat: RepeatDraft.nullable().optional(),
      fields: z.array(FieldDraft),
    }),
  ),
});
export type FormDraft = z.infer<typeof FormDraft>;

/** The id of a quiz's score variable, as the prompt and the completion message name it. */
export const SCORE_VARIABLE = 'score';

/** A whole number within low..high, or undefined when the draft gives none. */
function bounded(value: number | null, low: number, high: number): number | undefined {
  if (value === null || !Number.isFinite(value)) return undefined;
  return Math.min(high, Math.max(low, Math.round(value)));
}

/** A repeat the engine accepts: `max` 1..50, `min` 0..max, a non-empty add label. */
function repeatOf(draft: RepeatDraft): NonNullable<Section['repeat']> {
  const max = bounded(draft.max, 1, MAX_ENTRIES);
  const min = bounded(draft.min, 0, max ?? MAX_ENTRIES);
  const addLabel = draft.addLabel?.trim().slice(0, SCHEMA_LIMITS.maxLabelLength);
  return {
    ...(min ? { min } : {}),
    ...(max === undefined ? {} : { max }),
    ...(addLabel ? { addLabel } : {}),
  };
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
  // Fields with scored options, in order: a quiz's score adds them up.
  const scored: string[] = [];

  draft.sections.forEach((section, sectionIndex) => {
    // A repeating section's id is its answer's key: it differs from every field's id.
    const taken = section.repeat ? new Set([...sectionIds, ...fieldIds]) : sectionIds;
    const sectionId = unique(`section_${sectionIndex + 1}`, taken);
    sectionIds.add(sectionId);
    if (section.repeat) fieldIds.add(sectionId);
    sections.push({
      id: sectionId,
      title: section.title,
      order: sectionIndex,
      ...(section.description ? { description: section.description } : {}),
      ...(section.repeat ? { repeat: repeatOf(section.repeat) } : {}),
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
        // A statement is never answered, so never required.
        ...(f.required && f.type !== 'statement' ? { required: true } : {}),
        ...(f.placeholder ? { placeholder: f.placeholder } : {}),
        ...(f.helpText ? { helpText: f.helpText } : {}),
      };
      if ((OPTION_FIELD_TYPES as readonly string[]).includes(f.type)) {
        const values = new Map<string, string>();
        const used = new Set<string>();
        field.options = (f.options ?? []).map((label, i) => {
          const value = unique(slug(label, `option_${i + 1}`), used);
          values.set(label, value);
          const score = f.scores?.[i];
          return typeof score === 'number' && Number.isFinite(score)
            ? { label, value, score }
            : { label, value };
        });
        if (field.options.some((o) => o.score !== undefined)) scored.push(id);
        optionValues.set(id, values);
      }
      Object.assign(field, questionParts(f, field.options ?? []));
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

  const schema: FormSchema = {
    ...DEFAULT_SCHEMA_VERSION,
    meta: {
      title: draft.title,
      language,
      ...(draft.description ? { description: draft.description } : {}),
    },
    settings: { layout: draft.layout ?? 'single-column', submitAction: 'default' },
    sections,
    fields,
  };
  if (draft.quiz) addScore(schema, draft.quiz.completionMessage, scored, keyToId);
  return schema;
}

/**
 * A quiz's `score` variable, the sum of the scored fields' option scores, and its completion
 * message, whose `{{key}}` recalls name the fields by id. A quiz without scored options gets no
 * variable: a `{{score}}` in its message is then an unknown recall id, which the integrity check
 * sends back to the model.
 */
function addScore(
  schema: FormSchema,
  message: string,
  scored: readonly string[],
  keyToId: ReadonlyMap<string, string>,
): void {
  if (scored.length > 0) {
    const sums = scored.map((id) => ({ score: id }));
    schema.variables = [
      { id: SCORE_VARIABLE, type: 'number', expression: sums.length === 1 ? sums[0]! : { '+': sums } },
    ];
  }
  const text = message.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, key: string) =>
    key === SCORE_VARIABLE ? whole : `{{${keyToId.get(key) ?? key}}}`,
  );
  if (text.trim() !== '') schema.settings = { ...schema.settings, completion: { message: text } };
}
