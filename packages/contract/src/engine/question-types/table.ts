import type { Field, QuestionType } from '../../models/field.js';

/**
 * One entry per question type beyond the original ten (docs/form-model.md "Question types"): what
 * the runtime, the renderers, the builder, the figures and the exports read about the type. The
 * engine's checks (answers, conditions, integrity, translations) read the same entries.
 */
export interface QuestionTypeEntry {
  readonly type: QuestionType;
  /** The renderers' chunk that draws the type; a form without the family loads none of it. */
  readonly family: QuestionFamily;
  /** What the figures page shows of the type's answers. */
  readonly figure: QuestionFigure;
  /** The answer as one line of plain text (recall, exports, e-mails, chat messages). */
  display(field: Field, answer: unknown): string;
}

export type QuestionFamily = 'scales' | 'matrix' | 'ranking' | 'choices';
/**
 * `distribution`: counts per value, mean and median; `nps`: the score and its three groups;
 * `matrix`: a row × column table of counts; `ranking`: mean rank per option; `choices`: counts
 * per option, as for checkbox.
 */
export type QuestionFigure = 'distribution' | 'nps' | 'matrix' | 'ranking' | 'choices';

/** A number as a person writes it: `0.1 + 0.2` shows as `0.3`, not `0.30000000000000004`. */
export function numberText(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(12))) : '';
}

const isOther = (a: unknown): a is { other: string } =>
  typeof a === 'object' &&
  a !== null &&
  !Array.isArray(a) &&
  typeof (a as { other?: unknown }).other === 'string';

/** An option's label, or an "Other" answer's own text. */
function choiceText(field: Field, value: unknown): string {
  if (isOther(value)) return value.other;
  if (typeof value !== 'string') return '';
  return field.options?.find((o) => o.value === value)?.label ?? value;
}

/** A single choice, or several joined by ", " (radio, checkbox, select, picture choice). */
export function choicesDisplay(field: Field, answer: unknown): string {
  if (Array.isArray(answer)) return answer.map((v) => choiceText(field, v)).join(', ');
  return choiceText(field, answer);
}

const scalar = (answer: unknown): string => (typeof answer === 'number' ? numberText(answer) : '');

const TABLE: { readonly [T in QuestionType]: QuestionTypeEntry & { readonly type: T } } = {
  rating: {
    type: 'rating',
    family: 'scales',
    figure: 'distribution',
    display: (field, answer) =>
      typeof answer === 'number' ? `${numberText(answer)}/${field.rating?.max ?? 5}` : '',
  },
  nps: { type: 'nps', family: 'scales', figure: 'nps', display: (_field, answer) => scalar(answer) },
  scale: {
    type: 'scale',
    family: 'scales',
    figure: 'distribution',
    display: (_field, answer) => scalar(answer),
  },
  slider: {
    type: 'slider',
    family: 'scales',
    figure: 'distribution',
    display: (field, answer) => {
      const text = scalar(answer);
      return text !== '' && field.slider?.unit !== undefined ? `${text} ${field.slider.unit}` : text;
    },
  },
  matrix: {
    type: 'matrix',
    family: 'matrix',
    figure: 'matrix',
    display: (field, answer) => {
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return '';
      const config = field.matrix;
      const column = (value: unknown) =>
        typeof value === 'string' ? (config?.columns.find((c) => c.value === value)?.label ?? value) : '';
      const parts: string[] = [];
      for (const row of config?.rows ?? []) {
        if (!Object.hasOwn(answer, row.id)) continue;
        const value = (answer as Record<string, unknown>)[row.id];
        const text = Array.isArray(value) ? value.map(column).join(', ') : column(value);
        if (text !== '') parts.push(`${row.label}: ${text}`);
      }
      return parts.join('; ');
    },
  },
  ranking: {
    type: 'ranking',
    family: 'ranking',
    figure: 'ranking',
    display: (field, answer) =>
      Array.isArray(answer) ? answer.map((v, i) => `${i + 1}. ${choiceText(field, v)}`).join(', ') : '',
  },
  picture_choice: { type: 'picture_choice', family: 'choices', figure: 'choices', display: choicesDisplay },
};

/** The entry of a question type; `undefined` for the original ten types. */
export function questionType(type: string): QuestionTypeEntry | undefined {
  return Object.hasOwn(TABLE, type) ? TABLE[type as QuestionType] : undefined;
}

/** Every question type's entry, in the order of `QUESTION_TYPES`. */
export const QUESTION_TYPE_ENTRIES: readonly QuestionTypeEntry[] = Object.values(TABLE);

/**
 * The display text of any field's answer: an option's label for choices (an "Other" answer's own
 * text), labels joined by ", " for several, the file name for a file, a number as written, the
 * question types as their entry shows them ("4/5", "Row: Column; …", "1. A, 2. B"). Plain text:
 * insert it as text, never as HTML. An unanswered field gives "".
 */
export function answerDisplayText(field: Field, answer: unknown): string {
  if (answer === undefined || answer === null) return '';
  const entry = questionType(field.type);
  if (entry !== undefined) return entry.display(field, answer);
  if (typeof answer === 'number') return numberText(answer);
  if (typeof answer === 'string') return field.options ? choiceText(field, answer) : answer;
  if (Array.isArray(answer)) return choicesDisplay(field, answer);
  if (isOther(answer)) return answer.other;
  if (typeof answer === 'object' && typeof (answer as { name?: unknown }).name === 'string') {
    return (answer as { name: string }).name;
  }
  return '';
}

/** A 32-bit FNV-1a hash of a text: the seed of one respondent's order. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator, so one respondent sees one order on every render. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Items in the order one respondent sees them: as listed, or, when the field has `shuffle`, in an
 * order drawn from `seed` (the same seed, the same order: a render after a post or a resume keeps
 * it) and the field's id. `keepLast` items (the exclusive option) stay at the end in their order.
 *
 * ```ts
 * shuffled(field, field.options ?? [], 'respondent-seed', (o) => o.value === field.exclusiveValue);
 * ```
 */
export function shuffled<T>(
  field: Pick<Field, 'id' | 'shuffle'>,
  items: readonly T[],
  seed: string,
  keepLast: (item: T) => boolean = () => false,
): T[] {
  if (field.shuffle !== true) return [...items];
  const moving = items.filter((item) => !keepLast(item));
  const last = items.filter(keepLast);
  const next = generator(hash(`${seed}\u0000${field.id}`));
  for (let i = moving.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [moving[i], moving[j]] = [moving[j]!, moving[i]!];
  }
  return [...moving, ...last];
}
