import {
  answerDisplayText,
  type Field,
  type FormSchema,
  RESPONSE_FILE_PATH,
  sectionExportColumn,
} from '@formloom/contract';
import { isMultipleChoice } from '@formloom/contract/engine';

/** The column every record carries: the response's id, by which a record is found again. */
export const RESPONSE_ID_COLUMN = 'Response ID';

/** A cell as a provider's typed columns take it: text, a number, a checkbox, a multiple select. */
export type CellValue = string | number | boolean | string[] | null;

const NUMBER_TYPES = new Set(['number', 'rating', 'nps', 'scale', 'slider']);
const FILE_TYPES = new Set(['file', 'signature']);
const NOT_ANSWERED = new Set(['statement']);

export interface RecordInput {
  formId: string;
  responseId: string;
  /** The stored answers by field id (a repeating section's entries by the section's id). */
  answers: Readonly<Record<string, unknown>>;
}

/**
 * Where a file answer can be fetched: the API's file route of the response (which asks for a key
 * of the account), one link per file, a line each.
 */
function fileLinks(publicUrl: string, input: RecordInput, answer: unknown): string | null {
  const files = (Array.isArray(answer) ? answer : [answer]).filter(
    (f): f is { uploadId: string } =>
      typeof f === 'object' && f !== null && typeof (f as { uploadId?: unknown }).uploadId === 'string',
  );
  if (files.length === 0) return null;
  return files
    .map(
      (f) =>
        publicUrl.replace(/\/+$/, '') +
        RESPONSE_FILE_PATH.replace(':id', encodeURIComponent(input.formId))
          .replace(':responseId', encodeURIComponent(input.responseId))
          .replace(':uploadId', encodeURIComponent(f.uploadId)),
    )
    .join('\n');
}

/**
 * One field's answer as a typed cell: a number for numbers and scales, a list of option labels for
 * a multiple choice (a multiple select column), `true` for a consent, links for files, and the
 * answer's display text (`answerDisplayText`: an option's label, a date as stored, an address on
 * one line) for everything else. Unanswered: null, which empties the cell.
 */
export function cellOf(field: Field, answer: unknown, input: RecordInput, publicUrl: string): CellValue {
  if (answer === undefined || answer === null) return null;
  if (NUMBER_TYPES.has(field.type) && typeof answer === 'number') return answer;
  if (field.type === 'consent') return answer === true;
  if (FILE_TYPES.has(field.type)) return fileLinks(publicUrl, input, answer);
  if (isMultipleChoice(field) && Array.isArray(answer)) {
    return answer.map((value) => answerDisplayText(field, value)).filter((text) => text !== '');
  }
  const text = answerDisplayText(field, answer);
  return text === '' ? null : text;
}

/** A cell of a response's record: the field (or repeating section) it is of, its column name, its value. */
export interface FieldCell {
  /** The field's id (a repeating section's id): what a column is kept by across renames. */
  key: string;
  /** The field map's name, else the field's label (the section's title). */
  name: string;
  value: CellValue;
}

/**
 * A cell per field of the form, in the form's order: each answered field's typed cell, a repeating
 * section's entries as JSON under its title; statements take none.
 */
export function fieldCells(
  schema: FormSchema,
  fieldMap: Readonly<Record<string, string>> | null,
  input: RecordInput,
  publicUrl: string,
): FieldCell[] {
  const out: FieldCell[] = [];
  const repeating = schema.sections.filter((s) => s.repeat !== undefined);
  const repeatIds = new Set(repeating.map((s) => s.id));
  const put = (key: string, name: string, value: CellValue) =>
    out.push({ key, name: fieldMap?.[key] ?? name, value });
  for (const field of schema.fields) {
    if (NOT_ANSWERED.has(field.type) || repeatIds.has(field.sectionId)) continue;
    put(field.id, field.label, cellOf(field, input.answers[field.id], input, publicUrl));
  }
  for (const section of repeating) {
    const text = sectionExportColumn(section).value(input.answers[section.id]);
    put(section.id, section.title, text === '' ? null : text);
  }
  return out;
}

/**
 * The record of a response: a cell per field of the form under its column (the field map's name,
 * else the field's label), a repeating section's entries as JSON under its title, and the
 * response's id under `Response ID`. `unanswered`: whether fields without an answer are written as
 * empty cells (an edit that cleared an answer) or left out (a new record).
 */
export function recordFields(
  schema: FormSchema,
  fieldMap: Readonly<Record<string, string>> | null,
  input: RecordInput,
  options: { publicUrl: string; unanswered: 'empty' | 'omit' },
): Record<string, CellValue> {
  return cellsByName(
    fieldCells(schema, fieldMap, input, options.publicUrl),
    input.responseId,
    options.unanswered,
  );
}

/** `recordFields` of cells already computed (`fieldCells`): each under its column name, and the id. */
export function cellsByName(
  cells: readonly FieldCell[],
  responseId: string,
  unanswered: 'empty' | 'omit',
): Record<string, CellValue> {
  const out: Record<string, CellValue> = {};
  for (const cell of cells) {
    if (cell.value === null && unanswered === 'omit') continue;
    out[cell.name] = cell.value;
  }
  out[RESPONSE_ID_COLUMN] = responseId;
  return out;
}
