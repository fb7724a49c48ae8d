import type { ExportFormat, Field, FormResponse, FormSchema } from '@formloom/contract';
import { answerDisplayText } from '@formloom/contract';
import { fieldOrder } from '@formloom/contract/engine';
import type { Db, ResponseRow } from '../../db/database.js';
import { keysetPages } from '../../db/keyset.js';
import type { TableExport, XlsxCell } from '../../export/index.js';
import type { FormsService } from '../forms/index.js';
import type { CompiledForms } from './compiled-forms.js';
import { dateRange, toResponse } from './response-reading.js';
import { createResponsesStore } from './responses-store.js';

/** Responses an export reads at a time: a few hundred kilobytes of answers at most. */
const EXPORT_PAGE = 500;

const FIXED_COLUMNS = ['submittedAt', 'id', 'language'] as const;

/** One column of a field in the csv and xlsx exports: its heading and how an answer fills it. */
export interface ExportColumn {
  title: string;
  value(answer: unknown): XlsxCell;
}

/** An option's label (an "Other" answer's own text) as the field shows it. */
const choiceLabel = (field: Field, value: unknown) => answerDisplayText({ ...field, type: 'radio' }, value);

/**
 * The export columns of one field, the one place that splits an answer into cells (the engine's
 * `exportColumns` can take its place): a matrix gets one column per row (`<label> – <row label>`,
 * the row's columns by label), a ranking is `A > B > C`, a number stays a number, every other
 * answer is its display text (`answerDisplayText`: options by label, several joined by ", ", a
 * file by its name). An unanswered field's cells are empty.
 */
export function fieldExportColumns(field: Field): ExportColumn[] {
  const blank = (answer: unknown) => answer === undefined || answer === null;
  if (field.type === 'matrix') {
    const columns = field.matrix?.columns ?? [];
    const label = (v: unknown) =>
      typeof v === 'string' ? (columns.find((c) => c.value === v)?.label ?? v) : '';
    return (field.matrix?.rows ?? []).map((row) => ({
      title: `${field.label} – ${row.label}`,
      value: (answer) => {
        if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
        const chosen = (answer as Record<string, unknown>)[row.id];
        if (chosen === undefined || chosen === null) return null;
        return Array.isArray(chosen) ? chosen.map(label).join(', ') : label(chosen);
      },
    }));
  }
  if (field.type === 'ranking') {
    return [
      {
        title: field.label,
        value: (answer) =>
          Array.isArray(answer) ? answer.map((v) => choiceLabel(field, v)).join(' > ') : null,
      },
    ];
  }
  // A signature is its file, as a file answer is: by the upload's name.
  const shown = field.type === 'signature' ? { ...field, type: 'file' as const } : field;
  return [
    {
      title: field.label,
      value: (answer) => {
        if (blank(answer)) return null;
        if (typeof answer === 'number') return answer;
        return answerDisplayText(shown, answer);
      },
    },
  ];
}

/** Every field's export columns in form order, each heading unique (see `responseColumns`). */
function exportColumnsOf(schema: FormSchema): { field: Field; column: ExportColumn }[] {
  const columns = fieldOrder(schema).flatMap((field) =>
    fieldExportColumns(field).map((column) => ({ field, column })),
  );
  const variables = (schema.variables ?? []).map((v) => v.id);
  const taken = new Map<string, number>();
  for (const name of [...FIXED_COLUMNS, ...columns.map((c) => c.column.title), ...variables]) {
    taken.set(name, (taken.get(name) ?? 0) + 1);
  }
  return columns.map(({ field, column }) => ({
    field,
    column: taken.get(column.title)! > 1 ? { ...column, title: `${column.title} [${field.id}]` } : column,
  }));
}

/**
 * The csv and xlsx columns of a form's export: submittedAt, id, language, the fields' columns in
 * form order (`fieldExportColumns`: one per field, one per row of a matrix; a heading that two
 * columns share gets the field's id after it in brackets), then one per variable (headed by its id).
 */
export function responseColumns(schema: FormSchema): string[] {
  const variables = (schema.variables ?? []).map((v) => v.id);
  return [...FIXED_COLUMNS, ...exportColumnsOf(schema).map((c) => c.column.title), ...variables];
}

/**
 * How a form's responses become a file. csv and xlsx: one row a response (`responseColumns`), each
 * answer readable (`fieldExportColumns`; options by their label in the form's base language, an
 * answer whose option was removed since keeps its value). json: the responses as the list route
 * returns them (values, not labels), so a program reads the same shape from both, each with
 * `display`: the same cells keyed by the csv headings.
 */
export function responsesExport(
  schema: FormSchema,
  format: ExportFormat,
  bom: boolean,
): TableExport<FormResponse> {
  const columns = exportColumnsOf(schema);
  const variables = (schema.variables ?? []).map((v) => v.id);
  const cells = (r: FormResponse) => columns.map(({ field, column }) => column.value(r.answers[field.id]));
  return {
    format,
    columns: responseColumns(schema),
    row: (r) => [
      r.submittedAt,
      r.id,
      r.language ?? null,
      ...cells(r),
      ...variables.map((id) => r.variables[id] ?? null),
    ],
    json: (r) => {
      const values = cells(r);
      const display: Record<string, XlsxCell> = {};
      columns.forEach(({ column }, k) => {
        if (values[k] !== null && values[k] !== undefined) display[column.title] = values[k];
      });
      return { ...r, display };
    },
    bom,
    sheetName: 'Responses',
  };
}

export interface ResponseExportsDeps {
  db: Db;
  /** Loads an account's form (404 for another account's). */
  forms: FormsService;
  compiled: CompiledForms;
}

/** Reading a form's responses for an export file (`responsesExport` makes the file). */
export function createResponseExports({ db, forms, compiled }: ResponseExportsDeps) {
  const store = createResponsesStore(db);
  return {
    /**
     * A form's responses for an export, oldest first, within the inclusive date range: read a page
     * of `EXPORT_PAGE` at a time as the reader asks for them (keyset paging), so memory stays flat
     * and the database is free between pages. With the form's title and base-language schema.
     */
    async exportOf(
      accountId: string,
      formId: string,
      query: { startDate?: string | undefined; endDate?: string | undefined },
    ): Promise<{ title: string; schema: FormSchema; responses: AsyncGenerator<FormResponse> }> {
      const form = await forms.load(accountId, formId);
      const range = dateRange(query);
      async function* responses(): AsyncGenerator<FormResponse> {
        const pageAfter = (after: ResponseRow | undefined) =>
          store.pageAfter(form.id, range, after, EXPORT_PAGE);
        for await (const page of keysetPages(pageAfter, EXPORT_PAGE)) yield* page.map(toResponse);
      }
      return { title: form.title, schema: compiled.get(form).schema, responses: responses() };
    },
  };
}
