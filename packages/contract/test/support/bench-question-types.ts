import { compileForm } from '../../src/engine/validate/compile-form.js';
import type { Field } from '../../src/models/field.js';
import type { FormSchema } from '../../src/models/form-schema.js';
import { seededRandom, WORDS } from './bench-corpus.js';

/**
 * The question types' benchmark: a form of the ten original field types beside the eight question
 * types (rating, nps, scale, slider, matrix, ranking, picture_choice with "Other", select with
 * `multiple` and an exclusive "None of these"), conditions that read a matrix row, a rank and a
 * score, the JSON Schema that means the same for ajv, and a corpus of distinct submissions to it.
 *
 * "Without the question types" is the same form with the eight removed (and the conditions on them
 * gone): each submission of the corpus has a twin with the same answers to the ten, parsed from
 * its own text, so the two forms validate the same traffic minus what the new types add.
 */

const OPTIONS = ['alpha', 'beta', 'gamma', 'delta'].map((value) => ({ label: value.toUpperCase(), value }));
const PICTURES = ['cat', 'dog', 'fox', 'owl'].map((value) => ({
  label: value,
  value,
  imageUrl: `https://images.example/${value}.png`,
}));
const TOOLS = ['git', 'node', 'rust', 'go', 'java', 'none'].map((value) => ({ label: value, value }));
const ROWS = ['speed', 'price', 'support'].map((id) => ({ id, label: id }));
const COLUMNS = ['disagree', 'neutral', 'agree', 'strongly'].map((value, i) => ({
  value,
  label: value,
  score: i,
}));
const EMAIL = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

/** The ten original types, as fields of section `old`. */
const OLD_FIELDS: Field[] = [
  {
    id: 'name',
    type: 'text',
    label: 'Name',
    required: true,
    validation: { rules: [{ type: 'maxLength', value: 40 }] },
  },
  { id: 'why', type: 'textarea', label: 'Why', validation: { rules: [{ type: 'maxLength', value: 500 }] } },
  {
    id: 'seats',
    type: 'number',
    label: 'Seats',
    validation: {
      rules: [
        { type: 'min', value: 1 },
        { type: 'max', value: 500 },
      ],
    },
  },
  { id: 'email', type: 'email', label: 'E-mail', required: true },
  { id: 'plan', type: 'select', label: 'Plan', options: OPTIONS },
  { id: 'size', type: 'radio', label: 'Size', required: true, options: OPTIONS },
  { id: 'topics', type: 'checkbox', label: 'Topics', options: OPTIONS },
  { id: 'day', type: 'date', label: 'Day' },
  {
    id: 'cv',
    type: 'file',
    label: 'CV',
    fileConfig: { allowedTypes: ['application/pdf', 'image/*'], maxSizeMB: 5 },
  },
  { id: 'source', type: 'hidden', label: 'Source' },
].map((f, order) => ({ ...f, sectionId: 'old', order }) as Field);

/** The eight question types, as fields of section `new`, and what depends on them. */
const NEW_FIELDS: Field[] = [
  { id: 'stars', type: 'rating', label: 'Stars', required: true, rating: { max: 5 } },
  { id: 'nps', type: 'nps', label: 'Recommend', required: true },
  { id: 'agree', type: 'scale', label: 'Agree', scale: { min: 1, max: 7 } },
  { id: 'budget', type: 'slider', label: 'Budget', slider: { min: 0, max: 100, step: 5 } },
  {
    id: 'grid',
    type: 'matrix',
    label: 'Grid',
    required: true,
    matrix: { rows: ROWS, columns: COLUMNS },
  },
  { id: 'rank', type: 'ranking', label: 'Rank', options: OPTIONS },
  { id: 'pet', type: 'picture_choice', label: 'Pet', options: PICTURES, other: { label: 'Other' } },
  { id: 'tools', type: 'select', label: 'Tools', multiple: true, options: TOOLS, exclusiveValue: 'none' },
  // Shown by a question type's answer: a low NPS asks why, a matrix row and a first rank ask more.
  {
    id: 'detractor',
    type: 'textarea',
    label: 'What went wrong',
    required: true,
    conditionalLogic: {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'nps', operator: 'lessThan', value: 7 }] }],
    },
  },
  {
    id: 'speedup',
    type: 'text',
    label: 'How fast',
    required: true,
    conditionalLogic: {
      action: 'show',
      conditionGroups: [
        { conditions: [{ fieldId: 'grid', row: 'speed', operator: 'equals', value: 'strongly' }] },
      ],
    },
  },
  {
    id: 'alphaFirst',
    type: 'number',
    label: 'Alpha first',
    required: true,
    conditionalLogic: {
      action: 'show',
      conditionGroups: [{ conditions: [{ fieldId: 'rank', rank: 1, operator: 'equals', value: 'alpha' }] }],
    },
  },
].map((f, order) => ({ ...f, sectionId: 'new', order }) as Field);

const NEW_IDS = new Set(NEW_FIELDS.map((f) => f.id));

function schemaOf(fields: Field[]): FormSchema {
  const sections = [...new Set(fields.map((f) => f.sectionId))].map((id, order) => ({
    id,
    title: id,
    order,
  }));
  return {
    version: '1.0',
    schemaVersion: '2024-01-01',
    meta: { title: 'Question types benchmark', language: 'en' },
    sections,
    fields,
  };
}

const values = (options: { value: string }[]) => options.map((o) => o.value);

/** The JSON Schema property of a field, meaning what the engine checks. */
function jsonProperty(field: Field): Record<string, unknown> {
  const rules = field.validation?.rules ?? [];
  const p: Record<string, unknown> = {};
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'hidden':
      p.type = 'string';
      break;
    case 'email':
      Object.assign(p, { type: 'string', pattern: EMAIL, maxLength: 254 });
      break;
    case 'number':
      p.type = 'number';
      break;
    case 'select':
      if (field.multiple) {
        // The exclusive option stands alone.
        const then = { maxItems: 1 };
        Object.assign(p, {
          type: 'array',
          uniqueItems: true,
          items: { enum: values(field.options!) },
          if: { contains: { const: field.exclusiveValue } },
          then,
        });
        break;
      }
      Object.assign(p, { type: 'string', enum: values(field.options!) });
      break;
    case 'radio':
      Object.assign(p, { type: 'string', enum: values(field.options!) });
      break;
    case 'checkbox':
      Object.assign(p, {
        type: 'array',
        uniqueItems: true,
        items: { type: 'string', enum: values(field.options!) },
      });
      break;
    case 'date':
      Object.assign(p, { type: 'string', format: 'date' });
      break;
    case 'file':
      Object.assign(p, {
        type: 'object',
        required: ['uploadId', 'name', 'size', 'type'],
        properties: {
          uploadId: { type: 'string', minLength: 1, maxLength: 200 },
          name: { type: 'string', maxLength: 1000 },
          size: { type: 'integer', minimum: 0, maximum: 5 * 1024 * 1024 },
          type: { type: 'string', pattern: '^(application/pdf|image/.+)$' },
        },
        additionalProperties: false,
      });
      break;
    case 'rating':
      Object.assign(p, { type: 'integer', minimum: 1, maximum: field.rating?.max ?? 5 });
      break;
    case 'nps':
      Object.assign(p, { type: 'integer', minimum: 0, maximum: 10 });
      break;
    case 'scale':
      Object.assign(p, { type: 'integer', minimum: field.scale!.min, maximum: field.scale!.max });
      break;
    case 'slider':
      Object.assign(p, {
        type: 'number',
        minimum: field.slider!.min,
        maximum: field.slider!.max,
        multipleOf: field.slider!.step,
      });
      break;
    case 'matrix': {
      const columns = { type: 'string', enum: field.matrix!.columns.map((c) => c.value) };
      const rows = field.matrix!.rows.map((r) => r.id);
      Object.assign(p, {
        type: 'object',
        properties: Object.fromEntries(rows.map((id) => [id, columns])),
        additionalProperties: false,
        required: field.required ? rows : [],
      });
      break;
    }
    case 'ranking': {
      const n = field.ranking?.top ?? field.options!.length;
      Object.assign(p, {
        type: 'array',
        uniqueItems: true,
        minItems: n,
        maxItems: n,
        items: { type: 'string', enum: values(field.options!) },
      });
      break;
    }
    case 'picture_choice':
      p.anyOf = [
        { type: 'string', enum: values(field.options!) },
        {
          type: 'object',
          required: ['other'],
          additionalProperties: false,
          properties: { other: { type: 'string', pattern: '\\S', maxLength: 1000 } },
        },
      ];
      break;
    default:
      break;
  }
  for (const r of rules) {
    if (r.type === 'maxLength') p.maxLength = r.value;
    if (r.type === 'min') p.minimum = r.value;
    if (r.type === 'max') p.maximum = r.value;
  }
  return p;
}

/** The JSON Schema `if` of a field's one show condition. */
function jsonIf(field: Field): object | undefined {
  const c = field.conditionalLogic?.conditionGroups[0]?.conditions[0];
  if (!c) return undefined;
  if (c.operator === 'lessThan')
    return {
      properties: { [c.fieldId]: { type: 'number', exclusiveMaximum: c.value } },
      required: [c.fieldId],
    };
  if ('row' in c && c.row !== undefined) {
    return {
      properties: {
        [c.fieldId]: { type: 'object', properties: { [c.row]: { const: c.value } }, required: [c.row] },
      },
      required: [c.fieldId],
    };
  }
  if ('rank' in c && c.rank !== undefined) {
    return {
      properties: { [c.fieldId]: { type: 'array', items: [{ const: c.value }] } },
      required: [c.fieldId],
    };
  }
  throw new Error(`no JSON Schema for the condition of ${field.id}`);
}

function jsonSchemaOf(fields: Field[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const allOf: object[] = [];
  for (const field of fields) {
    const when = jsonIf(field);
    if (!when) {
      properties[field.id] = jsonProperty(field);
      if (field.required) required.push(field.id);
      continue;
    }
    // Validated only while shown; a hidden field's answer is dropped by the engine.
    properties[field.id] = {};
    const then = {
      properties: { [field.id]: jsonProperty(field) },
      required: field.required ? [field.id] : [],
    };
    allOf.push({ if: when, then });
  }
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required,
    ...(allOf.length > 0 ? { allOf } : {}),
  };
}

export interface QuestionTypesBench {
  /** The ten original types beside the eight question types and the fields they show. */
  schema: FormSchema;
  jsonSchema: Record<string, unknown>;
  /** The ten original types alone. */
  withoutSchema: FormSchema;
  withoutJsonSchema: Record<string, unknown>;
}

export function buildQuestionTypesBench(): QuestionTypesBench {
  const all = [...OLD_FIELDS, ...NEW_FIELDS];
  return {
    schema: schemaOf(all),
    jsonSchema: jsonSchemaOf(all),
    withoutSchema: schemaOf(OLD_FIELDS),
    withoutJsonSchema: jsonSchemaOf(OLD_FIELDS),
  };
}

export interface QuestionTypesSubmission {
  /** The JSON text of the whole submission. */
  text: string;
  /** The same answers to the ten original types only. */
  withoutText: string;
  /** The question types given a fault (a value the type refuses), if any. */
  faulted: string[];
}

/**
 * Distinct submissions, deterministic for a seed: key order, which optional answers are given and
 * the values vary; about half carry 1 to 3 faults, most in the question types (out of range, off
 * the slider's grid, an unknown row or column, a repeated or missing rank, a blank "Other", the
 * exclusive option with others, a wrong JSON type). Only values on which the engine and JSON Schema
 * agree (no numeric strings, blanks or empty lists, which the engine reads as numbers or as "no
 * answer").
 */
export function buildQuestionTypesCorpus(size: number, seed = 7): QuestionTypesSubmission[] {
  const random = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const chance = (p: number) => random() < p;
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const shuffled = <T>(xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
  const words = (max: number) => {
    let s = pick(WORDS);
    const target = int(1, max);
    while (s.length < target) s += ` ${pick(WORDS)}`;
    return s.slice(0, target).trimEnd() || 'x';
  };
  const OPTION_VALUES = values(OPTIONS);
  const TOOL_VALUES = values(TOOLS).filter((v) => v !== 'none');
  const COLUMN_VALUES = COLUMNS.map((c) => c.value);

  function valid(field: Field): unknown {
    switch (field.id) {
      case 'name':
        return words(40);
      case 'why':
      case 'detractor':
        return words(300);
      case 'speedup':
        return words(30);
      case 'seats':
        return int(1, 500);
      case 'alphaFirst':
        return int(0, 99);
      case 'email':
        return `${pick(WORDS)}${int(0, 999)}@${pick(WORDS)}.${pick(['com', 'org', 'de'])}`;
      case 'plan':
      case 'size':
        return pick(OPTION_VALUES);
      case 'topics':
        return shuffled([...OPTION_VALUES]).slice(0, int(1, 4));
      case 'day':
        return `${int(1950, 2030)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`;
      case 'cv':
        return {
          uploadId: `upl_${int(100_000, 999_999)}`,
          name: `${pick(WORDS)}.pdf`,
          size: int(1, 5_000_000),
          type: pick(['application/pdf', 'image/png', 'image/jpeg']),
        };
      case 'source':
        return pick(['newsletter', 'ad', 'friend', `utm-${int(1, 99)}`]);
      case 'stars':
        return int(1, 5);
      case 'nps':
        return int(0, 10);
      case 'agree':
        return int(1, 7);
      case 'budget':
        return int(0, 20) * 5;
      case 'grid': {
        const rows: Record<string, string> = {};
        for (const r of shuffled([...ROWS])) rows[r.id] = pick(COLUMN_VALUES);
        return rows;
      }
      case 'rank':
        return shuffled([...OPTION_VALUES]);
      case 'pet':
        return chance(0.85) ? pick(values(PICTURES)) : { other: words(60) };
      case 'tools':
        return chance(0.1) ? ['none'] : shuffled([...TOOL_VALUES]).slice(0, int(1, 5));
      default:
        throw new Error(`no value for ${field.id}`);
    }
  }

  /** A value the field refuses (or undefined: the answer left out). */
  function faulty(field: Field): unknown {
    const wrongType = pick([true, 'many', { n: 1 }]);
    switch (field.id) {
      case 'stars':
        return pick([0, 6, 3.5, wrongType]);
      case 'nps':
        return pick([-1, 11, 7.5, wrongType]);
      case 'agree':
        return pick([0, 8, 2.5, wrongType]);
      case 'budget':
        return pick([-5, 105, 7, 12.5, wrongType]);
      case 'grid':
        return pick([
          { speed: 'agree', price: 'neutral' }, // a row missing, and every row is required
          { speed: 'agree', price: 'neutral', support: 'maybe' },
          { speed: 'agree', price: 'neutral', support: 'agree', extra: 'agree' },
          ['agree', 'neutral', 'agree'],
          wrongType,
        ]);
      case 'rank':
        return pick([
          ['alpha', 'alpha', 'beta', 'gamma'],
          ['alpha', 'beta', 'gamma'],
          ['alpha', 'beta', 'gamma', 'omega'],
          wrongType,
        ]);
      case 'pet':
        return pick(['wolf', { other: '   ' }, { other: 'x'.repeat(1001) }, wrongType]);
      case 'tools':
        return pick([['none', 'git'], ['git', 'git'], ['cobol'], wrongType]);
      case 'size':
        return pick(['omega', undefined]);
      case 'email':
        return pick([`${pick(WORDS)}-at-example`, undefined]);
      case 'seats':
        return pick([0, 501, 'many']);
      case 'day':
        return pick(['2023-02-29', '2024-13-01']);
      case 'cv':
        return pick([
          { uploadId: 'upl_1', name: 'x.exe', size: 10, type: 'application/x-msdownload' },
          'upl_1',
        ]);
      default:
        return undefined;
    }
  }

  const engine = compileForm(buildQuestionTypesBench().schema, { generate: false });
  const fields = [...OLD_FIELDS, ...NEW_FIELDS];
  const faultable = fields.filter((f) => faulty(f) !== undefined || f.required);
  const seen = new Set<string>();
  const out: QuestionTypesSubmission[] = [];
  while (out.length < size) {
    const answers: Record<string, unknown> = {};
    for (const f of fields) if (f.required || chance(0.7)) answers[f.id] = valid(f);
    const faulted: string[] = [];
    if (chance(0.5)) {
      // Most faults in the question types, some in the original ten.
      const pool = chance(0.75) ? faultable.filter((f) => NEW_IDS.has(f.id)) : faultable;
      for (const f of shuffled([...pool]).slice(0, int(1, 3))) {
        const value = faulty(f);
        if (value === undefined) delete answers[f.id];
        else answers[f.id] = value;
        faulted.push(f.id);
      }
    }
    // Fields the answers hide keep what was typed in them a quarter of the time.
    const hidden = engine.visibility(answers).hiddenFields;
    for (const id of hidden) if (!chance(0.25)) delete answers[id];
    const keys = fields.map((f) => f.id).filter((id) => answers[id] !== undefined);
    if (chance(0.5)) shuffled(keys);
    const json = (ids: string[]) =>
      `{${ids.map((k) => `${JSON.stringify(k)}:${JSON.stringify(answers[k])}`).join(',')}}`;
    const text = json(keys);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, withoutText: json(keys.filter((k) => !NEW_IDS.has(k))), faulted });
  }
  return out;
}
