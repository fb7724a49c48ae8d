import type { ExportFormat, Field, FormResponse, FormSchema } from '@formloom/contract';
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

/** A stored answer as one cell: an option by its label, a file by its name, several values joined. */
function answerCell(field: Field, value: unknown): XlsxCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  const labels = new Map((field.options ?? []).map((o) => [o.value, o.label]));
  const one = (v: unknown): string => {
    if (typeof v === 'string') return labels.get(v) ?? v;
    if (typeof v === 'object' && v !== null && 'name' in v) return String(v.name);
    return String(v);
  };
  return Array.isArray(value) ? value.map(one).join('; ') : one(value);
}

/**
 * The csv and xlsx columns of a form's export: submittedAt, id, language, one per field in form
 * order (headed by its label; a label that two columns share gets the field's id after it in
 * brackets), then one per variable (headed by its id).
 */
export function responseColumns(schema: FormSchema): string[] {
  const fields = fieldOrder(schema);
  const variables = (schema.variables ?? []).map((v) => v.id);
  const taken = new Map<string, number>();
  for (const name of [...FIXED_COLUMNS, ...fields.map((f) => f.label), ...variables]) {
    taken.set(name, (taken.get(name) ?? 0) + 1);
  }
  const fieldColumns = fields.map((f) => (taken.get(f.label)! > 1 ? `${f.label} [${f.id}]` : f.label));
  return [...FIXED_COLUMNS, ...fieldColumns, ...variables];
}

/**
 * How a form's responses become a file. csv and xlsx: one row a response (`responseColumns`);
 * options by their label in the form's base language (an answer whose option was removed since
 * keeps its value), files by their name. json: the responses as the list route returns them
 * (values, not labels), so a program reads the same shape from both.
 */
export function responsesExport(
  schema: FormSchema,
  format: ExportFormat,
  bom: boolean,
): TableExport<FormResponse> {
  const fields = fieldOrder(schema);
  const variables = (schema.variables ?? []).map((v) => v.id);
  return {
    format,
    columns: responseColumns(schema),
    row: (r) => [
      r.submittedAt,
      r.id,
      r.language ?? null,
      ...fields.map((f) => answerCell(f, r.answers[f.id])),
      ...variables.map((id) => r.variables[id] ?? null),
    ],
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
