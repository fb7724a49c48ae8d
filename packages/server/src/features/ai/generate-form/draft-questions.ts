import { type Field, type FieldOption, SCHEMA_LIMITS } from '@formloom/contract';
import { z } from 'zod';
import { slug, unique } from './draft-ids.js';
import type { FieldDraft } from './form-draft.js';

/**
 * The parts of a field draft that configure the question types (docs/ai.md "How a generation
 * runs"): rating, nps, scale, slider, matrix, ranking, picture choice, multiple select, "Other",
 * the exclusive option and shuffle. As for the rest of the draft, the model names things by their
 * labels and the server makes the ids and values (`questionParts`). A consent's and a statement's
 * text is `noticeText`. Every part is nullable, as
 * strict JSON Schema outputs want every property present.
 */
export const QuestionDraftParts = {
  multiple: z
    .boolean()
    .nullable()
    .describe('select and picture_choice: true when several options may be chosen'),
  other: z
    .string()
    .nullable()
    .describe(
      'Choice fields: the label of an "Other" option answered with text (e.g. "Other"); null otherwise',
    ),
  exclusiveOption: z
    .string()
    .nullable()
    .describe(
      'checkbox, or select / picture_choice with multiple: the option, written exactly as in `options`, that excludes the others ("None of the above"); null otherwise',
    ),
  shuffle: z
    .boolean()
    .nullable()
    .describe('Choice and matrix fields: true to show the options (matrix: rows) in a random order'),
  imageUrls: z
    .array(z.string())
    .nullable()
    .describe('picture_choice only: the https URL of each option’s image, in the order of `options`'),
  rating: z
    .object({
      max: z.number().nullable().describe('3 to 10; 5 when null'),
      icon: z.enum(['star', 'heart', 'number']).nullable(),
    })
    .nullable()
    .describe('rating fields only (stars 1..max)'),
  nps: z
    .object({ lowLabel: z.string().nullable(), highLabel: z.string().nullable() })
    .nullable()
    .describe('nps fields only: the labels of 0 and 10, or null for the defaults'),
  scale: z
    .object({
      min: z.number().describe('0 or 1'),
      max: z.number().describe('2 to 10'),
      lowLabel: z.string().nullable(),
      midLabel: z.string().nullable(),
      highLabel: z.string().nullable(),
    })
    .nullable()
    .describe('scale fields only (an opinion scale such as 1 = strongly disagree .. 5 = strongly agree)'),
  slider: z
    .object({
      min: z.number(),
      max: z.number(),
      step: z.number().describe('Greater than 0'),
      unit: z.string().nullable().describe('Shown beside the value, e.g. "%", "€", "km"'),
    })
    .nullable()
    .describe('slider fields only'),
  matrix: z
    .object({
      rows: z.array(z.string()).describe('The statements or items, each answered on the columns'),
      columns: z.array(z.string()).describe('2 to 20 answers shared by every row'),
      multiple: z.boolean().nullable().describe('true when a row may take several columns'),
    })
    .nullable()
    .describe('matrix fields only'),
  ranking: z
    .object({ top: z.number().nullable().describe('Rank only the best `top` options; null: all of them') })
    .nullable()
    .describe('ranking fields only (the options are what is ranked)'),
  noticeText: z
    .string()
    .nullable()
    .describe(
      'consent: the sentence agreed to; statement: the text shown (links as [label](https://…)); null otherwise',
    ),
} as const;

const CHOICE_TYPES: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'picture_choice',
  'ranking',
]);
/** The default of `rating.max`, and of the scale a model leaves out. */
const DEFAULT_RATING_MAX = 5;
const DEFAULT_SCALE = { min: 1 as const, max: 5 };

/** A trimmed label within the schema's limits, or undefined. */
function labelOf(text: string | null | undefined, limit: number = SCHEMA_LIMITS.maxLabelLength) {
  const label = text?.trim() ?? '';
  return label === '' ? undefined : label.slice(0, limit);
}

function clampInt(value: number | null | undefined, low: number, high: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(high, Math.max(low, Math.round(value)));
}

function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:' && text.length <= 2000;
  } catch {
    return false;
  }
}

/** Distinct non-empty labels, in order, at most `limit`. */
function distinctLabels(labels: readonly string[], limit: number): string[] {
  const out = new Map<string, string>();
  for (const l of labels) {
    const label = labelOf(l);
    if (label !== undefined && !out.has(label.toLowerCase())) out.set(label.toLowerCase(), label);
  }
  return [...out.values()].slice(0, limit);
}

function matrixOf(draft: NonNullable<FieldDraft['matrix']>): Field['matrix'] {
  const rowIds = new Set<string>();
  const values = new Set<string>();
  const rows = distinctLabels(draft.rows, SCHEMA_LIMITS.maxOptionsPerField).map((label, i) => ({
    id: unique(slug(label, `row_${i + 1}`), rowIds),
    label,
  }));
  const columns = distinctLabels(draft.columns, SCHEMA_LIMITS.maxMatrixColumns).map((label, i) => ({
    value: unique(slug(label, `column_${i + 1}`), values),
    label,
  }));
  // Too few rows or columns is not a matrix: left out, the integrity check tells the model.
  if (rows.length < 1 || columns.length < 2) return undefined;
  return { rows, columns, ...(draft.multiple ? { multiple: true } : {}) };
}

/** A slider the engine accepts: min below max, a step above 0 and no wider than the range. */
function sliderOf(draft: FieldDraft['slider']): NonNullable<Field['slider']> {
  const finite = (n: number | undefined) => typeof n === 'number' && Number.isFinite(n);
  if (draft === null || !finite(draft.min) || !finite(draft.max) || draft.min === draft.max)
    return { min: 0, max: 100, step: 1 };
  const [min, max] = draft.min < draft.max ? [draft.min, draft.max] : [draft.max, draft.min];
  const step =
    finite(draft.step) && draft.step > 0 && draft.step <= max - min ? draft.step : niceStep(max - min);
  const unit = labelOf(draft.unit, 20);
  return { min, max, step, ...(unit ? { unit } : {}) };
}

/** 1, or for a wide or narrow range the round step (1, 2 or 5 × 10^k) that gives at most 100 stops. */
export function niceStep(range: number): number {
  if (range <= 0 || !Number.isFinite(range)) return 1;
  if (Number.isInteger(range) && range <= 100) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(range / 100));
  for (const m of [1, 2, 5, 10]) if (range / (m * magnitude) <= 100) return m * magnitude;
  return 10 * magnitude;
}

/**
 * The question-type parts of the field a draft describes, each only on the types it belongs to:
 * a config on another type is dropped, a config out of bounds is brought within them (a rating of
 * 20 stars becomes 10), a required config the model left out gets its default, and an option the
 * parts name (the exclusive one) is matched by its label. `options` are the field's, built already.
 */
export function questionParts(draft: FieldDraft, options: readonly FieldOption[]): Partial<Field> {
  const parts: Partial<Field> = {};
  const type = draft.type;
  const multiple = draft.multiple === true && (type === 'select' || type === 'picture_choice');
  if (multiple) parts.multiple = true;
  if (CHOICE_TYPES.has(type)) {
    const other = labelOf(draft.other);
    if (other !== undefined) parts.other = { label: other };
    const exclusive = labelOf(draft.exclusiveOption);
    const option = options.find((o) => o.label === exclusive || o.value === exclusive);
    if (option && (type === 'checkbox' || multiple)) parts.exclusiveValue = option.value;
  }
  if (draft.shuffle === true && (CHOICE_TYPES.has(type) || type === 'matrix')) parts.shuffle = true;
  switch (type) {
    case 'picture_choice':
      // An option without a usable image keeps none: the integrity check names it to the model.
      parts.options = options.map((o, i) => {
        const url = draft.imageUrls?.[i]?.trim();
        return url !== undefined && isHttpsUrl(url) ? { ...o, imageUrl: url } : o;
      });
      break;
    case 'rating':
      parts.rating = {
        max: clampInt(draft.rating?.max, 3, 10, DEFAULT_RATING_MAX),
        ...(draft.rating?.icon ? { icon: draft.rating.icon } : {}),
      };
      break;
    case 'nps': {
      const lowLabel = labelOf(draft.nps?.lowLabel, 200);
      const highLabel = labelOf(draft.nps?.highLabel, 200);
      if (lowLabel || highLabel)
        parts.nps = { ...(lowLabel ? { lowLabel } : {}), ...(highLabel ? { highLabel } : {}) };
      break;
    }
    case 'scale': {
      const s = draft.scale;
      const lowLabel = labelOf(s?.lowLabel, 200);
      const midLabel = labelOf(s?.midLabel, 200);
      const highLabel = labelOf(s?.highLabel, 200);
      parts.scale = {
        min: s?.min === 0 ? 0 : DEFAULT_SCALE.min,
        max: clampInt(s?.max, 2, 10, DEFAULT_SCALE.max),
        ...(lowLabel ? { lowLabel } : {}),
        ...(midLabel ? { midLabel } : {}),
        ...(highLabel ? { highLabel } : {}),
      };
      break;
    }
    case 'slider':
      parts.slider = sliderOf(draft.slider);
      break;
    case 'matrix': {
      const matrix = draft.matrix === null ? undefined : matrixOf(draft.matrix);
      if (matrix) parts.matrix = matrix;
      break;
    }
    case 'consent':
    case 'statement': {
      // The label stands in for a text the draft left out.
      const text = labelOf(draft.noticeText, 10_000) ?? labelOf(draft.label) ?? type;
      parts[type] = { text };
      break;
    }
    case 'ranking': {
      const top = draft.ranking?.top;
      if (typeof top === 'number' && Number.isInteger(top) && top >= 1 && top < options.length)
        parts.ranking = { top };
      break;
    }
  }
  return parts;
}
