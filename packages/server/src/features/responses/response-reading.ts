import {
  type FormResponse,
  hasMorePages,
  isLanguage,
  type ResponseListQuery,
  type ResponsePage,
  type SubmissionQuiz,
} from '@formloom/contract';
import type { Db, FormRow, ResponseRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';
import { notFound } from '../../domain-errors.js';
import { rangeBound } from '../../platform/date-range.js';
import type { FormsService } from '../forms/index.js';
import type { CompiledForms } from './compiled-forms.js';
import type { ResponseCounts } from './response-counts.js';
import { createResponsesStore } from './responses-store.js';
import { quizMarks, readQuiz } from './submission-ending.js';

export function toResponse(row: ResponseRow): FormResponse {
  return {
    id: row.id,
    formId: row.form_id,
    answers: fromJson(row.answers),
    variables: row.variables === null ? {} : fromJson(row.variables),
    language: row.language as FormResponse['language'],
    endingId: row.ending_id,
    formRevision: row.form_revision ?? null,
    quiz: row.quiz === null ? null : readQuiz(row.quiz),
    // Only responses given from a proven address carry it.
    ...(row.verified_email == null ? {} : { verifiedEmail: row.verified_email }),
    // Only responses of a form with a payment field carry one.
    ...(row.payment == null ? {} : { payment: fromJson(row.payment) }),
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

/** The inclusive range of a query's `startDate` and `endDate`, as stored timestamps. */
export function dateRange(query: { startDate?: string | undefined; endDate?: string | undefined }) {
  return {
    from: query.startDate === undefined ? undefined : rangeBound(query.startDate, 'start'),
    to: query.endDate === undefined ? undefined : rangeBound(query.endDate, 'end'),
  };
}

export interface ResponseReadingDeps {
  db: Db;
  /** Loads an account's form (404 for another account's). */
  forms: FormsService;
  /** The form's count, the total of an unfiltered list. */
  counts: Pick<ResponseCounts, 'total'>;
  /** The compiled forms: a quiz's questions are marked again for the thank-you page. */
  compiled: CompiledForms;
}

/** Reading stored responses: the owner's list and one response, and a respondent's recall. */
export function createResponseReading({ db, forms, counts, compiled }: ResponseReadingDeps) {
  const store = createResponsesStore(db);

  /**
   * The response `responseId` of `form`, a form the caller has read as its account's (`forms.get`
   * or `load`: the tenant check is done), so a caller that needs the form too reads it once.
   */
  async function getOf(form: { id: string }, responseId: string): Promise<FormResponse> {
    const row = await store.find(form.id, responseId);
    if (row === undefined) throw responseNotFound(form.id, responseId);
    return toResponse(row);
  }

  return {
    async list(accountId: string, formId: string, query: ResponseListQuery): Promise<ResponsePage> {
      const form = await forms.load(accountId, formId);
      const search =
        query.search === undefined || query.search === '' ? undefined : query.search.toLowerCase();
      const filtered =
        query.since !== undefined ||
        query.startDate !== undefined ||
        query.endDate !== undefined ||
        search !== undefined;
      const { rows, total } = await store.list(formId, {
        page: query.page,
        limit: query.limit,
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
        ...dateRange(query),
        search,
        // Unfiltered, the total is the counter kept with every insert (what the count route
        // answers), so a large form is not counted row by row on every page.
        total: filtered ? undefined : await counts.total(form),
      });
      return {
        responses: rows.map(toResponse),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    /**
     * The answers, variables and ending of the response `responseId` of the form `form`, for the
     * thank-you page (its heading, message and recalls), and a quiz's marks with each question
     * asked and its feedback in the respondent's language (the page without JavaScript shows them
     * at the end whatever the quiz's feedback); undefined when there is none (deleted, or of
     * another form). No account is checked: the caller holds the respondent's proof (a signed
     * token naming both).
     */
    async recallOf(
      form: FormRow,
      responseId: string,
    ): Promise<
      | (Pick<FormResponse, 'answers' | 'variables'> & { endingId: string | null; quiz?: SubmissionQuiz })
      | undefined
    > {
      const row = await store.find(form.id, responseId);
      if (row === undefined) return undefined;
      const { answers, variables } = toResponse(row);
      const language = row.language !== null && isLanguage(row.language) ? row.language : undefined;
      // The marks as stored (the form may have changed since); the questions as they read now.
      const marks = row.quiz === null ? undefined : quizMarks(compiled.get(form, language), answers);
      const quiz = marks === undefined ? undefined : { ...marks, ...readQuiz(row.quiz!) };
      return { answers, variables, endingId: row.ending_id, ...(quiz === undefined ? {} : { quiz }) };
    },

    async get(accountId: string, formId: string, responseId: string): Promise<FormResponse> {
      return getOf(await forms.load(accountId, formId), responseId);
    },

    getOf,
  };
}

export const responseNotFound = (formId: string, responseId: string) =>
  notFound(`Response ${responseId} not found in form ${formId}`);
