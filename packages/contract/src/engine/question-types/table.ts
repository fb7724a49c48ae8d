import type { ConditionOperator, ConditionValue } from '../../models/conditional-logic.js';
import type { Field, FieldType, QuestionType } from '../../models/field.js';
import type { Section } from '../../models/section.js';
import { isEntry, numberText } from '../logic/answer-values.js';
import type { Test } from '../logic/conditions.js';
import type { PrefilledAnswer } from '../logic/prefill.js';

/** Their English messages, which a browser adds when it loads this (load.browser.ts). */
export { enQuestionTypes } from '../messages/en-question-types.js';

import { enQuestionTypes } from '../messages/en-question-types.js';
import type { AnswerCheck } from '../validate/answer-checks.js';
import type { IssueFactory } from '../validate/issue.js';
import {
  ADDRESS_PARTS,
  addressCheck,
  choiceCheck,
  consentCheck,
  dateTimeCheck,
  dateTimeInstant,
  integerCheck,
  isMultipleChoice,
  matrixCheck,
  needsChoiceCheck,
  phoneCheck,
  phoneE164,
  rankingCheck,
  signatureCheck,
  sliderCheck,
  statementCheck,
  timeCheck,
  timeMinutes,
  urlCheck,
} from './checks.js';
import type { QuestionHooks } from './hooks.js';
import type { QuestionKind } from './kinds.js';
import { sliderText } from './parts.js';

/**
 * One entry per question type beyond the original ten (docs/form-model.md "Question types"): what
 * the runtime, the renderers, the builder, the figures and the exports read about the type. The
 * engine's checks (answers, conditions, integrity, translations, scores, exports) read the same
 * entries; the integrity checks of the configs are in integrity/question-types.ts.
 */
/**
 * A question type's code: what the table holds of it. Its kind (family, figure, operators, rules:
 * kinds.ts) is not in it, so that the table's chunk shares no data with a browser's start;
 * `questionType` gives both.
 */
export interface QuestionTypeCode {
  /** The answer as one line of plain text (recall, exports, e-mails, chat messages). */
  display(field: Field, answer: unknown): string;
  /** The type check of a non-empty answer: its normalised value, an `Issue`, or `EMPTY_ANSWER`. */
  check(field: Field, issue: IssueFactory): AnswerCheck;
  /**
   * What a condition on the field (or on its `row` / `rank`) compares: the answer, or the part
   * `read` takes from it, compared as a field of `type` would be.
   */
  comparesAs(field: Field, part: ConditionPart): ComparedAs;
  /** The items whose `score` counts in `{"score": id}` (options, matrix columns); none: no score. */
  scored?(field: Field): readonly { readonly value: string; readonly score?: number | undefined }[];
  /** The field's texts beyond its label, help, placeholder and options (translation keys). */
  texts?(field: Field): readonly FieldText[];
  /** Export columns other than one column of the display text (a matrix's one per row). */
  columns?(field: Field): readonly ExportColumn[];
  /**
   * The answer a link's values for the field give (docs/form-model.md "Prefill"), `undefined` to
   * ignore them; absent: the first value as it is. `list` splits and orders them as for a checkbox.
   */
  prefill?(field: Field, values: string[], list: ListValues): PrefilledAnswer | undefined;
}

/** `listValues` of prefill.ts, handed in (the table's chunk shares no module with a page's start). */
type ListValues = (whole: ReadonlySet<string>, values: string[]) => string[];

/** A number as a person writes it in a link; `undefined` when it is none. */
function numberValue(_field: Field, values: string[]): number | undefined {
  const text = values[0]!;
  const n = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A matrix's `row:value` pairs (repeated or comma-separated): the row is the longest row id before
 * a colon, so ids and values may hold colons. A multiple matrix gathers a row's values in a list.
 */
function pairValues(
  field: Field,
  values: string[],
  list: ListValues,
): Record<string, string | string[]> | undefined {
  const rows = (field.matrix?.rows ?? []).map((r) => r.id).sort((a, b) => b.length - a.length);
  const pairs = new Set<string>();
  for (const c of field.matrix?.columns ?? []) for (const row of rows) pairs.add(`${row}:${c.value}`);
  const multiple = field.matrix?.multiple === true;
  const out: Record<string, string | string[]> = {};
  for (const pair of list(pairs, values)) {
    const row = rows.find((id) => pair.startsWith(`${id}:`));
    if (row === undefined) continue;
    const value = pair.slice(row.length + 1);
    const had = out[row];
    if (!multiple) {
      if (had === undefined) out[row] = value;
    } else if (had === undefined) out[row] = [value];
    else if (Array.isArray(had) && !had.includes(value)) had.push(value);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A ranking's options, best first. */
function rankValues(field: Field, values: string[], list: ListValues): string[] | undefined {
  const ranked = list(new Set(optionValues(field)), values);
  return ranked.length > 0 ? ranked : undefined;
}

export type { QuestionFamily, QuestionFigure, QuestionKind } from './kinds.js';

/** The part of an answer a condition or a rule's `when` names. */
export interface ConditionPart {
  readonly row?: string | undefined;
  readonly rank?: number | undefined;
  readonly part?: 'country' | undefined;
}

/** See `QuestionTypeEntry.comparesAs`. */
export interface ComparedAs {
  readonly type: FieldType;
  /** The part of the answer compared; absent: the whole answer. */
  readonly read?: (answer: unknown) => unknown;
  /** The values a choice is compared with (option values, matrix column values). */
  readonly values?: readonly string[];
  /**
   * The type's own test of an operator (`undefined`: the test of `type`): a time and a date and
   * time compare `equals` / `before` / `after` as points on one line.
   */
  readonly test?: (operator: ConditionOperator, value: ConditionValue | undefined) => Test | undefined;
  /** A time's or a date and time's place on that line (minutes, milliseconds); NaN for none. */
  readonly point?: (value: unknown) => number;
  /**
   * A condition's value as an answer of the type is stored (a phone number as E.164), which is
   * what it is compared with; undefined when no answer could be stored so.
   */
  readonly stored?: (value: unknown) => string | undefined;
}

/** A text of a field a translation may replace: `fields.<id>.<key>`, at `path` inside the field. */
export interface FieldText {
  readonly key: string;
  readonly text: string;
  readonly path: readonly (string | number)[];
}

/** One column of a response export: its title and the cell of an answer. */
export interface ExportColumn {
  readonly title: string;
  value(answer: unknown): string;
}

const isOther = (a: unknown): a is { other: string } =>
  typeof a === 'object' &&
  a !== null &&
  !Array.isArray(a) &&
  typeof (a as { other?: unknown }).other === 'string';

const isRecord = (a: unknown): a is Record<string, unknown> =>
  typeof a === 'object' && a !== null && !Array.isArray(a);

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

/** A matrix row's answer: its column's label, or several joined by ", ". */
function rowText(field: Field, value: unknown): string {
  const columns = field.matrix?.columns ?? [];
  const column = (v: unknown) =>
    typeof v === 'string' ? (columns.find((c) => c.value === v)?.label ?? v) : '';
  return Array.isArray(value) ? value.map(column).join(', ') : column(value);
}

const scalar = (answer: unknown): string => (typeof answer === 'number' ? numberText(answer) : '');

const asNumber = (): ComparedAs => ({ type: 'number' });
const optionValues = (field: Field) => (field.options ?? []).map((o) => o.value);

/** A choice compares as radio, or as checkbox when several may be chosen. */
export function choiceComparedAs(field: Field): ComparedAs {
  return { type: isMultipleChoice(field) ? 'checkbox' : 'radio', values: optionValues(field) };
}

/** A row's answer; on the whole matrix, the answer when some row is answered, else undefined. */
function matrixComparedAs(field: Field, part: ConditionPart): ComparedAs {
  const row = part.row;
  if (row === undefined) {
    return {
      type: 'matrix',
      read: (a) => (isRecord(a) && Object.keys(a).some((k) => rowText(field, a[k]) !== '') ? a : undefined),
    };
  }
  return {
    type: field.matrix?.multiple === true ? 'checkbox' : 'radio',
    values: (field.matrix?.columns ?? []).map((c) => c.value),
    read: (a) => (isRecord(a) && Object.hasOwn(a, row) ? a[row] : undefined),
  };
}

/** A ranking compares as checkbox (ranked at all), its `rank` as the radio answer ranked there. */
function rankingComparedAs(field: Field, part: ConditionPart): ComparedAs {
  const rank = part.rank;
  if (rank === undefined) return { type: 'checkbox', values: optionValues(field) };
  return {
    type: 'radio',
    values: optionValues(field),
    read: (a) => (Array.isArray(a) ? a[rank - 1] : undefined),
  };
}

const text = (key: string, value: string | undefined, path: (string | number)[]): FieldText[] =>
  value === undefined ? [] : [{ key, text: value, path }];

const asText = (): ComparedAs => ({ type: 'text' });
const isTrue = (a: unknown) => a === true;

/**
 * `equals` / `before` / `after` on the points `point` gives an answer and the condition's value
 * (minutes of the day, milliseconds of an instant; NaN for none, which nothing equals).
 */
const onLine =
  (point: (value: unknown) => number): NonNullable<ComparedAs['test']> =>
  (operator, value) => {
    const expected = point(value);
    if (operator === 'equals') return (a) => point(a) === expected;
    if (operator === 'before') return (a) => point(a) < expected;
    if (operator === 'after') return (a) => point(a) > expected;
    return undefined;
  };
/**
 * A phone compares as text, its `equals` (and `notEquals`) as E.164 on both sides: a value written
 * nationally ("030 1234567" with the default country DE) equals the stored `+49301234567`.
 */
function phoneComparedAs(field: Field): ComparedAs {
  const stored = phoneE164(field);
  return {
    type: 'text',
    stored,
    test: (operator, value) => {
      if (operator !== 'equals' || value === undefined) return undefined;
      const expected = stored(value);
      if (expected === undefined || expected === '') return () => false;
      return (a) => stored(a) === expected;
    },
  };
}
const asString = (_field: Field, answer: unknown): string => (typeof answer === 'string' ? answer : '');
const noPrefill = () => undefined;

/** An address part's label in English (exports); the renderers take the respondent's language. */
const ADDRESS_LABELS: Readonly<Record<(typeof ADDRESS_PARTS)[number], string>> = {
  line1: enQuestionTypes.addressLine1,
  line2: enQuestionTypes.addressLine2,
  postalCode: enQuestionTypes.addressPostalCode,
  city: enQuestionTypes.addressCity,
  region: enQuestionTypes.addressRegion,
  country: enQuestionTypes.addressCountry,
};

const addressPart = (answer: unknown, part: string): string => {
  const v = isRecord(answer) && Object.hasOwn(answer, part) ? answer[part] : undefined;
  return typeof v === 'string' ? v : '';
};

/** A part as `addressCheck` stores it: trimmed, the country upper-cased. */
const storedPart = (answer: unknown, part: string): string => {
  const v = addressPart(answer, part).trim();
  return part === 'country' ? v.toUpperCase() : v;
};

/** A file answer's name (a signature's upload, as a file's). */
const fileName = (answer: unknown): string =>
  isRecord(answer) && typeof answer.name === 'string' ? answer.name : '';

const TABLE: { readonly [T in QuestionType]: QuestionTypeCode } = {
  rating: {
    display: (field, answer) =>
      typeof answer === 'number' ? `${numberText(answer)}/${field.rating?.max ?? 5}` : '',
    check: (field, issue) => integerCheck(1, field.rating?.max ?? 5, issue),
    comparesAs: asNumber,
    prefill: numberValue,
  },
  nps: {
    display: (_field, answer) => scalar(answer),
    check: (_field, issue) => integerCheck(0, 10, issue),
    comparesAs: asNumber,
    prefill: numberValue,
    texts: (field) => [
      ...text('nps.lowLabel', field.nps?.lowLabel, ['nps', 'lowLabel']),
      ...text('nps.highLabel', field.nps?.highLabel, ['nps', 'highLabel']),
    ],
  },
  scale: {
    display: (_field, answer) => scalar(answer),
    check: (field, issue) => integerCheck(field.scale?.min ?? 1, field.scale?.max ?? 5, issue),
    comparesAs: asNumber,
    prefill: numberValue,
    texts: (field) => [
      ...text('scale.lowLabel', field.scale?.lowLabel, ['scale', 'lowLabel']),
      ...text('scale.midLabel', field.scale?.midLabel, ['scale', 'midLabel']),
      ...text('scale.highLabel', field.scale?.highLabel, ['scale', 'highLabel']),
    ],
  },
  slider: {
    display: sliderText,
    check: sliderCheck,
    comparesAs: asNumber,
    prefill: numberValue,
    texts: (field) => text('slider.unit', field.slider?.unit, ['slider', 'unit']),
  },
  matrix: {
    display: (field, answer) => {
      if (!isRecord(answer)) return '';
      const parts: string[] = [];
      for (const row of field.matrix?.rows ?? []) {
        const shown = Object.hasOwn(answer, row.id) ? rowText(field, answer[row.id]) : '';
        if (shown !== '') parts.push(`${row.label}: ${shown}`);
      }
      return parts.join('; ');
    },
    check: matrixCheck,
    comparesAs: matrixComparedAs,
    prefill: pairValues,
    scored: (field) => field.matrix?.columns ?? [],
    texts: (field) => [
      ...(field.matrix?.rows ?? []).map((r, i) => ({
        key: `rows.${r.id}`,
        text: r.label,
        path: ['matrix', 'rows', i, 'label'],
      })),
      ...(field.matrix?.columns ?? []).map((c, i) => ({
        key: `columns.${c.value}`,
        text: c.label,
        path: ['matrix', 'columns', i, 'label'],
      })),
    ],
    columns: (field) =>
      (field.matrix?.rows ?? []).map((row) => ({
        title: `${field.label} – ${row.label}`,
        value: (answer: unknown) =>
          isRecord(answer) && Object.hasOwn(answer, row.id) ? rowText(field, answer[row.id]) : '',
      })),
  },
  ranking: {
    display: (field, answer) =>
      Array.isArray(answer) ? answer.map((v, i) => `${i + 1}. ${choiceText(field, v)}`).join(', ') : '',
    check: rankingCheck,
    comparesAs: rankingComparedAs,
    prefill: rankValues,
    columns: (field) => [
      {
        title: field.label,
        value: (answer: unknown) =>
          Array.isArray(answer) ? answer.map((v) => choiceText(field, v)).join(' > ') : '',
      },
    ],
  },
  picture_choice: {
    display: choicesDisplay,
    check: choiceCheck,
    comparesAs: choiceComparedAs,
    scored: (field) => field.options ?? [],
  },
  phone: {
    display: asString,
    check: phoneCheck,
    comparesAs: phoneComparedAs,
  },
  url: {
    display: asString,
    check: urlCheck,
    comparesAs: asText,
  },
  time: {
    display: asString,
    check: timeCheck,
    comparesAs: () => ({ type: 'time', point: timeMinutes, test: onLine(timeMinutes) }),
  },
  datetime: {
    display: asString,
    check: dateTimeCheck,
    comparesAs: () => ({ type: 'datetime', point: dateTimeInstant, test: onLine(dateTimeInstant) }),
  },
  address: {
    display: (_field, answer) =>
      ADDRESS_PARTS.map((p) => addressPart(answer, p))
        .filter((p) => p !== '')
        .join(', '),
    check: addressCheck,
    comparesAs: (_field, part) =>
      part.part === undefined
        ? { type: 'address' }
        : // Read as stored (trimmed, the country upper-cased): conditions see the answer as sent.
          { type: 'text', read: (a) => storedPart(a, part.part!) || undefined },
    prefill: noPrefill,
    columns: (field) =>
      ADDRESS_PARTS.map((p) => ({
        title: `${field.label} – ${ADDRESS_LABELS[p]}`,
        value: (answer: unknown) => addressPart(answer, p),
      })),
  },
  signature: {
    display: (_field, answer) => (fileName(answer) !== '' ? 'signed' : ''),
    check: signatureCheck,
    comparesAs: () => ({ type: 'signature' }),
    prefill: noPrefill,
    columns: (field) => [{ title: field.label, value: fileName }],
  },
  consent: {
    display: (_field, answer) => (answer === true ? 'yes' : ''),
    check: consentCheck,
    comparesAs: () => ({
      type: 'consent',
      test: (operator) => (operator === 'isChecked' ? isTrue : undefined),
    }),
    prefill: (_field, values) => (values[0] === 'true' || values[0] === '1' ? true : undefined),
    texts: (field) => text('consent', field.consent?.text, ['consent', 'text']),
  },
  statement: {
    display: () => '',
    check: statementCheck,
    comparesAs: () => ({ type: 'statement' }),
    prefill: noPrefill,
    // Never answered: no export column.
    columns: () => [],
    texts: (field) => text('statement', field.statement?.text, ['statement', 'text']),
  },
  payment: {
    // Never answered: the payment is the response's own `payment`, not an answer.
    display: () => '',
    check: statementCheck,
    comparesAs: () => ({ type: 'payment' }),
    prefill: noPrefill,
    columns: () => [],
    texts: (field) => text('payment', field.payment?.description, ['payment', 'description']),
  },
};

/** The code of a question type; `undefined` for the original ten types. */
function typeCode(type: string): QuestionTypeCode | undefined {
  return Object.hasOwn(TABLE, type) ? TABLE[type as QuestionType] : undefined;
}

/** A question type's kind and code (kinds.ts and this table). */
export interface QuestionTypeEntry extends QuestionKind, QuestionTypeCode {}

/** The entries, given the kinds (entries.ts joins them where both are wanted: Node, the builder). */
export function questionTypeEntries(
  kinds: { readonly [T in QuestionType]: QuestionKind },
): QuestionTypeEntry[] {
  return (Object.keys(TABLE) as QuestionType[]).map((type) => ({ ...kinds[type], ...TABLE[type] }));
}

/**
 * The display text of any field's answer: an option's label for choices (an "Other" answer's own
 * text), labels joined by ", " for several, the file name for a file, a number as written, the
 * question types as their entry shows them ("4/5", "Row: Column; …", "1. A, 2. B"). Plain text:
 * insert it as text, never as HTML. An unanswered field gives "".
 */
export function answerDisplayText(field: Field, answer: unknown): string {
  if (answer === undefined || answer === null) return '';
  const entry = typeCode(field.type);
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

/**
 * The columns of a field in a response export (CSV, XLSX): one per matrix row titled
 * `<label> – <row label>`, a ranking as `A > B > C`, every other field one column of its label
 * with `answerDisplayText`.
 *
 * ```ts
 * exportColumns(matrixField).map((c) => c.title); // ['Service – Speed', 'Service – Price']
 * exportColumns(matrixField)[0]?.value({ speed: 'good', price: 'bad' }); // 'Good'
 * ```
 */
export function exportColumns(field: Field): ExportColumn[] {
  const columns = typeCode(field.type)?.columns?.(field);
  if (columns !== undefined) return [...columns];
  return [{ title: field.label, value: (answer) => answerDisplayText(field, answer) }];
}

/**
 * The column of a repeating section in a response export (CSV, XLSX), in place of its fields'
 * columns: titled by the section's title, its cell the entries as JSON as stored (values, not
 * labels: `[{"name":"Ada","age":40}]`); "" without entries (docs/form-model.md "Repeating sections").
 *
 * ```ts
 * sectionExportColumn(guests).value([{ name: 'Ada' }]); // '[{"name":"Ada"}]'
 * ```
 */
export function sectionExportColumn(section: Section): ExportColumn {
  return {
    title: section.title,
    value: (answer) => (Array.isArray(answer) && answer.some(isEntry) ? JSON.stringify(answer) : ''),
  };
}

/** What conditions on the field (or its row / rank) compare: its entry's, else its own type. */
export function comparedAs(field: Field, part: ConditionPart = {}): ComparedAs {
  const entry = typeCode(field.type);
  if (entry !== undefined) return entry.comparesAs(field, part);
  return field.type === 'select' || field.type === 'radio' || field.type === 'checkbox'
    ? choiceComparedAs(field)
    : { type: field.type };
}

/** A field's texts beyond label, help, placeholder and options: its type's, and its "Other" label. */
export function fieldTexts(field: Field): FieldText[] {
  const texts = [...(typeCode(field.type)?.texts?.(field) ?? [])];
  if (field.other !== undefined)
    texts.push({ key: 'other', text: field.other.label, path: ['other', 'label'] });
  return texts;
}

/** The scored items of a field (`{"score": id}`): its entry's, else the options of a choice. */
export function scoredItems(
  field: Field,
): readonly { readonly value: string; readonly score?: number | undefined }[] | null {
  const entry = typeCode(field.type);
  if (entry !== undefined) return entry.scored?.(field) ?? null;
  return field.type === 'select' || field.type === 'radio' || field.type === 'checkbox'
    ? (field.options ?? [])
    : null;
}

/** The hooks the engine's own modules call (hooks.ts); load.ts registers them. */
export const QUESTION_HOOKS: QuestionHooks = {
  questionCheck: (field, issue) => questionCheck(field, issue),
  comparedAs: (field, part) => comparedAs(field, part),
  fieldTexts: (field) => fieldTexts(field),
  scoredItems: (field) => scoredItems(field),
  answerDisplayText: (field, answer) => answerDisplayText(field, answer),
  prefillValue: (field, values, list) => prefillValue(field, values, list),
};

/** A question type's answer from a link's values (`prefillAnswers`); `undefined`: ignore them. */
export function prefillValue(field: Field, values: string[], list: ListValues): PrefilledAnswer | undefined {
  const prefill = typeCode(field.type)?.prefill;
  return prefill === undefined ? values[0] : prefill(field, values, list);
}

/** The type check of a question type, or of a choice with other / exclusive / multiple; else null. */
export function questionCheck(field: Field, issue: IssueFactory): AnswerCheck | null {
  const entry = typeCode(field.type);
  if (entry !== undefined) return entry.check(field, issue);
  return needsChoiceCheck(field) ? choiceCheck(field, issue) : null;
}
