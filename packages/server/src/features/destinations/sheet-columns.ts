import type { FormSchema } from '@formloom/contract';
import { type CellValue, fieldCells, RESPONSE_ID_COLUMN } from './record-fields.js';

/** The key of the column that holds the response id (column A, by which a row is found again). */
export const RESPONSE_KEY = '@response';
/** The key of the column that holds when the response was submitted. */
export const SUBMITTED_KEY = '@submitted';
export const SUBMITTED_COLUMN = 'Submitted at';

/** A column of the sheet: the field (or response id, submission time) it holds, and its header. */
export interface SheetColumn {
  key: string;
  title: string;
}

/**
 * What a Google Sheets destination remembers of its sheet: the sheet's numeric id (row deletions
 * name it) and its columns in order, by key. A column stays where it is while its field lives,
 * whatever its label becomes; a new field's column goes at the end; a deleted field's column
 * stays (its cells hold older answers).
 */
export interface SheetState {
  sheetId: number;
  columns: SheetColumn[];
}

/** The columns the form asks for now, in the form's order: response id, submission time, then its fields. */
export function wantedColumns(
  schema: FormSchema,
  fieldMap: Readonly<Record<string, string>> | null,
): SheetColumn[] {
  const cells = fieldCells(schema, fieldMap, { formId: '', responseId: '', answers: {} }, '');
  return [
    { key: RESPONSE_KEY, title: RESPONSE_ID_COLUMN },
    { key: SUBMITTED_KEY, title: SUBMITTED_COLUMN },
    ...cells.map((c) => ({ key: c.key, title: c.name })),
  ];
}

/**
 * The sheet's columns after a change of the form: the kept ones where they were (renamed to the
 * field's label now), new ones after them.
 */
export function mergeColumns(kept: readonly SheetColumn[], wanted: readonly SheetColumn[]): SheetColumn[] {
  const titles = new Map(wanted.map((c) => [c.key, c.title]));
  const out = kept.map((c) => ({ key: c.key, title: titles.get(c.key) ?? c.title }));
  const known = new Set(kept.map((c) => c.key));
  for (const c of wanted) if (!known.has(c.key)) out.push(c);
  return out;
}

export const sameColumns = (a: readonly SheetColumn[], b: readonly SheetColumn[]) =>
  a.length === b.length && a.every((c, i) => c.key === b[i]!.key && c.title === b[i]!.title);

/** A typed cell as a sheet takes it: a multiple choice as one text, an empty answer as an empty cell. */
export function sheetCell(value: CellValue | undefined): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return value;
}
