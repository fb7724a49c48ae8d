import type {
  ExportFormat,
  Field,
  FormResponse,
  FormSchema,
  ResponsePayment,
  Section,
} from '@formloom/contract';
import { currencyMinorUnits, exportColumns, paymentField, sectionExportColumn } from '@formloom/contract';
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

/**
 * The export columns of one field: the engine's `exportColumns` (a matrix one column per row
 * titled `<label> – <row label>`, an address one per part, a ranking as `A > B > C`, a statement
 * none, every other answer its display text: options by label, several joined by ", ", a file by
 * its name, a consent "yes"), except that a number stays a number. An unanswered field's cells,
 * and a part of an answer left out, are empty.
 */
export function fieldExportColumns(field: Field): ExportColumn[] {
  return exportColumns(field).map((column) => ({
    title: column.title,
    value: (answer) => {
      if (answer === undefined || answer === null) return null;
      if (typeof answer === 'number') return answer;
      const text = column.value(answer);
      return text === '' ? null : text;
    },
  }));
}

/** A quiz's columns after the variables: its marks as the response records them. */
const QUIZ_COLUMNS = ['quizScore', 'quizCorrect', 'quizTotal', 'quizPassed'] as const;

/**
 * A payment's columns after a quiz's marks, for a form with a payment field: its status, the
 * amount charged in major units (37.5 for 3750 cents, so a spreadsheet sums it), its currency and
 * Stripe's PaymentIntent id.
 */
const PAYMENT_COLUMNS = ['paymentStatus', 'paymentAmount', 'paymentCurrency', 'paymentIntentId'] as const;

/** A response's payment cells (`PAYMENT_COLUMNS`); empty for a response stored without one. */
export function paymentCells(payment: ResponsePayment | null | undefined): XlsxCell[] {
  if (payment == null) return [null, null, null, null];
  const digits = currencyMinorUnits(payment.currency) ?? 2;
  return [
    payment.status,
    Number((payment.amount / 10 ** digits).toFixed(digits)),
    payment.currency,
    payment.paymentIntentId,
  ];
}

/** The columns after the answers: one per variable (by its id), then a quiz's marks, then a payment's. */
function trailingColumns(schema: FormSchema): string[] {
  const variables = (schema.variables ?? []).map((v) => v.id);
  return [
    ...variables,
    ...(schema.settings?.quiz === undefined ? [] : QUIZ_COLUMNS),
    ...(paymentField(schema) === undefined ? [] : PAYMENT_COLUMNS),
  ];
}

/** The export column of a repeating section: its entries as JSON (`sectionExportColumn`), empty without. */
function entriesExportColumn(section: Section): ExportColumn {
  const column = sectionExportColumn(section);
  return { title: column.title, value: (answer) => column.value(answer) || null };
}

/**
 * Every answer's export columns in form order, each heading unique (see `responseColumns`): a
 * field's own, and a repeating section's one column where its fields would be; `id` is the key of
 * the answers it reads.
 */
function exportColumnsOf(schema: FormSchema): { id: string; column: ExportColumn; part: number }[] {
  const repeating = new Map(schema.sections.filter((s) => s.repeat !== undefined).map((s) => [s.id, s]));
  const columns: { id: string; column: ExportColumn; part: number }[] = [];
  for (const field of fieldOrder(schema)) {
    const section = repeating.get(field.sectionId);
    if (section === undefined) {
      fieldExportColumns(field).forEach((column, part) => {
        columns.push({ id: field.id, column, part });
      });
    } else if (!columns.some((c) => c.id === section.id)) {
      columns.push({ id: section.id, column: entriesExportColumn(section), part: 0 });
    }
  }
  const taken = new Map<string, number>();
  for (const name of [...FIXED_COLUMNS, ...columns.map((c) => c.column.title), ...trailingColumns(schema)]) {
    taken.set(name, (taken.get(name) ?? 0) + 1);
  }
  return columns.map(({ id, column, part }) => ({
    id,
    part,
    column: taken.get(column.title)! > 1 ? { ...column, title: `${column.title} [${id}]` } : column,
  }));
}

/**
 * The csv and xlsx columns of a form's export: submittedAt, id, language, the fields' columns in
 * form order (`fieldExportColumns`: one per field, one per row of a matrix or part of an address;
 * a repeating section one, titled by the section, of its entries as JSON; a heading that two
 * columns share gets the field's or section's id after it in brackets), then one per variable
 * (headed by its id), then a quiz's marks (`quizScore` in percent, `quizCorrect`, `quizTotal`,
 * `quizPassed`), then a payment field's payment (`paymentStatus`, `paymentAmount` in major units,
 * `paymentCurrency`, `paymentIntentId`).
 */
export function responseColumns(schema: FormSchema): string[] {
  return [
    ...FIXED_COLUMNS,
    ...exportColumnsOf(schema).map((c) => c.column.title),
    ...trailingColumns(schema),
  ];
}

/** A response as an export reads it, with the schema of the revision it answered when that is not the live one. */
export interface ExportedResponse {
  response: FormResponse;
  /** The answered revision's schema: its labels fill the cells (absent: the live form's). */
  revision?: FormSchema | undefined;
}

/**
 * How a form's responses become a file. csv and xlsx: one row a response (`responseColumns`), each
 * answer readable (`fieldExportColumns`; options by their label as the revision the response
 * answered named them, in the form's base language, an answer whose option was removed since keeps
 * its value). json: the responses as the list route returns them (values, not labels; a repeating
 * section's entries as the list, a payment as its `payment`), so a program reads the same shape
 * from both, each with `display`: the same cells keyed by the csv headings.
 */
export function responsesExport(
  schema: FormSchema,
  format: ExportFormat,
  bom: boolean,
): TableExport<ExportedResponse> {
  const columns = exportColumnsOf(schema);
  const variables = (schema.variables ?? []).map((v) => v.id);
  const quiz = schema.settings?.quiz !== undefined;
  const paid = paymentField(schema) !== undefined;
  // Per revision schema, its fields' columns: a cell takes the same part of the same field there.
  const earlier = new WeakMap<FormSchema, Map<string, ExportColumn[]>>();
  const columnsIn = (revision: FormSchema) => {
    let byField = earlier.get(revision);
    if (byField === undefined) {
      byField = new Map(revision.fields.map((f) => [f.id, fieldExportColumns(f)]));
      earlier.set(revision, byField);
    }
    return byField;
  };
  const partsOf = new Map<string, number>();
  for (const c of columns) partsOf.set(c.id, (partsOf.get(c.id) ?? 0) + 1);
  const cells = ({ response, revision }: ExportedResponse) => {
    const old = revision === undefined ? undefined : columnsIn(revision);
    return columns.map(({ id, column, part }) => {
      const then = old?.get(id);
      const used = then !== undefined && then.length === partsOf.get(id) ? then[part]! : column;
      return used.value(response.answers[id]);
    });
  };
  const marks = (r: FormResponse): XlsxCell[] =>
    r.quiz
      ? [r.quiz.score, r.quiz.correct, r.quiz.total, r.quiz.passed === null ? null : String(r.quiz.passed)]
      : [null, null, null, null];
  return {
    format,
    columns: responseColumns(schema),
    row: (exported) => {
      const r = exported.response;
      return [
        r.submittedAt,
        r.id,
        r.language ?? null,
        ...cells(exported),
        ...variables.map((id) => r.variables[id] ?? null),
        ...(quiz ? marks(r) : []),
        ...(paid ? paymentCells(r.payment) : []),
      ];
    },
    json: (exported) => {
      const values = cells(exported);
      const display: Record<string, XlsxCell> = {};
      columns.forEach(({ column }, k) => {
        if (values[k] !== null && values[k] !== undefined) display[column.title] = values[k];
      });
      return { ...exported.response, display };
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
    ): Promise<{ title: string; schema: FormSchema; responses: AsyncGenerator<ExportedResponse> }> {
      const form = await forms.load(accountId, formId);
      const range = dateRange(query);
      // The schemas of earlier revisions, read once each as responses name them.
      const schemaOfRevision = forms.revisionSchemas(form.id, form.revision);
      async function* responses(): AsyncGenerator<ExportedResponse> {
        const pageAfter = (after: ResponseRow | undefined) =>
          store.pageAfter(form.id, range, after, EXPORT_PAGE);
        for await (const page of keysetPages(pageAfter, EXPORT_PAGE)) {
          for (const row of page) {
            const response = toResponse(row);
            yield { response, revision: await schemaOfRevision(response.formRevision) };
          }
        }
      }
      return { title: form.title, schema: compiled.get(form).schema, responses: responses() };
    },
  };
}
