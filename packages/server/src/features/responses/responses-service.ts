import { randomUUID } from 'node:crypto';
import {
  type FormResponse,
  hasMorePages,
  type ResponseCount,
  type ResponseListQuery,
  type ResponsePage,
  type SubmitResponseResult,
} from '@formloom/contract';
import type { ValidationIssue } from '@formloom/contract/engine';
import type { Db, FormRow, ResponseRow } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { badRequest, conflict, notFound } from '../../http/app-error.js';
import { recordEvents } from '../../outbox/record.js';
import { archiveDue, type FormsService } from '../forms/forms-service.js';
import { createFormsStore, type FormsStore } from '../forms/forms-store.js';
import { SHARE_CODE_PATTERN } from '../forms/share-code.js';
import type { FileAnswers } from '../uploads/file-answers.js';
import { responseCreatedEvent } from '../webhooks/form-events.js';
import { type CompiledForms, createCompiledForms } from './compiled-forms.js';
import { fingerprint } from './fingerprint.js';
import { createResponsesStore, type ResponsesStore } from './responses-store.js';

export interface ResponsesServiceDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  compiled?: CompiledForms;
  /** File answers: resolved to the stored uploads before validating, claimed when stored. */
  files?: FileAnswers;
}

/** Idempotency keys are opaque to us; this keeps them printable and indexable. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Thrown inside a submission's transaction to roll it back: the form filled up meanwhile. */
class LastPlaceTaken extends Error {}

export const formGone = () => notFound('No published form under this code');
export const formClosed = () => conflict('This form accepts no more responses (it has expired or is full)');

function toResponse(row: ResponseRow): FormResponse {
  return { id: row.id, formId: row.form_id, answers: fromJson(row.answers), submittedAt: row.submitted_at };
}

/** A bare date starts (or, as an end, covers) its whole UTC day; a date-time is that instant. */
export function rangeBound(value: string, edge: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(value).toISOString();
}

/** How a submission's transaction ended; errors that write nothing are thrown instead. */
type SubmitOutcome = { kind: 'answered'; result: SubmitResponseResult } | { kind: 'closed' };

/** The engine's findings as a 400 naming the first field, with one issue per finding. */
function invalidAnswers(errors: readonly ValidationIssue[]) {
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return badRequest(
    `Invalid answer${first.fieldId ? ` to "${first.fieldId}"` : ''}: ${first.message}${more}`,
    errors.map((e) => ({
      path: e.fieldId ? `body.answers.${e.fieldId}` : 'body.answers',
      code: e.rule,
      message: e.message,
      fieldId: e.fieldId,
    })),
  );
}

export function createResponsesService({
  db,
  clock,
  forms,
  compiled = createCompiledForms(),
  files,
}: ResponsesServiceDeps) {
  const formsStore = createFormsStore(db);
  const store = createResponsesStore(db);

  /**
   * The form behind a share code when it is PUBLISHED or ARCHIVED (archived first when due);
   * a draft, deleted or unknown form is a 404. `forms` is the store to read and write through,
   * so a submission can do this inside its transaction, as of its own submission time.
   */
  async function publicFormIn(forms: FormsStore, code: string, nowIso: string): Promise<FormRow> {
    if (!SHARE_CODE_PATTERN.test(code)) throw formGone();
    const row = await forms.findByShareCode(code);
    if (row === undefined || row.publish_status === 'DRAFT') throw formGone();
    if (archiveDue(row, nowIso, compiled.get(row).schema)) {
      await forms.archive(row, nowIso, compiled.get(row).schema);
      return { ...row, publish_status: 'ARCHIVED', updated_at: nowIso };
    }
    return row;
  }

  /**
   * As `publicFormIn`, for a submission: when the validator of the form's current version is
   * cached, the form is read without its `schema` text (the cached text of that version is the
   * same); otherwise it is read whole.
   */
  async function submissionFormIn(forms: FormsStore, code: string, nowIso: string): Promise<FormRow> {
    if (!SHARE_CODE_PATTERN.test(code)) throw formGone();
    const head = await forms.findByShareCodeWithoutSchema(code);
    if (head === undefined || head.publish_status === 'DRAFT') throw formGone();
    const schema = compiled.schemaText(head.id, head.version);
    if (schema === undefined) return publicFormIn(forms, code, nowIso);
    const row: FormRow = { ...head, schema };
    if (archiveDue(row, nowIso, compiled.get(row).schema)) {
      await forms.archive(row, nowIso, compiled.get(row).schema);
      return { ...row, publish_status: 'ARCHIVED', updated_at: nowIso };
    }
    return row;
  }

  /** The first submission under this key, if any; 409 when it was made with other answers. */
  async function replay(
    responses: ResponsesStore,
    formId: string,
    key: string,
    print: string,
  ): Promise<SubmitResponseResult | undefined> {
    const existing = await responses.findByIdempotencyKey(formId, key);
    if (existing === undefined) return undefined;
    if (existing.idempotency_fingerprint !== print) {
      throw conflict(
        'This Idempotency-Key was already used with other answers; use a new key for a new submission',
      );
    }
    return { responseId: existing.id, submittedAt: existing.submitted_at };
  }

  return {
    publicForm: (code: string) => publicFormIn(formsStore, code, isoNow(clock())),

    /**
     * Validates with the engine (hidden fields dropped, unknown keys refused) and stores the
     * response. With an idempotency key, a retry answers the first submission's result.
     *
     * One transaction from the form lookup to the counter: the form read at its start is the
     * state the checks and the insert rely on (no second read), and on SQLite's single connection
     * the submission takes the connection once instead of once per query. The outcomes are those
     * of checking in this order: form accepting, then the idempotency replay, then the answers.
     */
    async submit(code: string, answers: unknown, idempotencyKey?: string): Promise<SubmitResponseResult> {
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters');
      }
      const print = idempotencyKey === undefined ? null : fingerprint(answers);
      const outcome = await db
        .transaction()
        .execute(async (trx): Promise<SubmitOutcome> => {
          const txForms = createFormsStore(trx, db);
          const txResponses = createResponsesStore(trx, db);
          const submittedAt = isoNow(clock());
          const form = await submissionFormIn(txForms, code, submittedAt);
          // Returned, not thrown: an archiving just done by publicFormIn must be committed.
          if (form.publish_status !== 'PUBLISHED') return { kind: 'closed' };
          // The first submission under this key, when there is one, answers this one whatever it
          // holds. Looking it up only when it can change the outcome (the answers fail, or the key is
          // taken so the insert stores nothing) gives every result the up-front lookup gave, and a
          // fresh key costs no extra query.
          const earlier = () =>
            idempotencyKey === undefined ? undefined : replay(txResponses, form.id, idempotencyKey, print!);
          const validator = compiled.get(form);
          const checked = validator.validate(
            files ? await files.resolve(trx, form, validator.schema, answers, submittedAt) : answers,
          );
          if (!checked.ok) {
            const first = await earlier();
            if (first) return { kind: 'answered', result: first };
            throw invalidAnswers(checked.errors);
          }
          const row: ResponseRow = {
            id: randomUUID(),
            form_id: form.id,
            account_id: form.account_id,
            answers: toJson(checked.value),
            submitted_at: submittedAt,
            idempotency_key: idempotencyKey ?? null,
            idempotency_fingerprint: print,
          };
          if (!(await txResponses.insert(row))) {
            // The key is taken: by an earlier submission, or by a concurrent one that won the race
            // (possible on a database with several connections). Answer as its retry would be.
            const first = await earlier();
            return first ? { kind: 'answered', result: first } : { kind: 'closed' };
          }
          await files?.claim(trx, form, validator.schema, checked.value, row.id);
          const count = await txForms.incrementResponses(form.id);
          const max = validator.schema.settings?.maxResponses;
          // Another submission took the last place after this one read the form (it happens with
          // several connections, i.e. PostgreSQL): undo this one and answer as for a full form.
          if (max !== undefined && count > max) throw new LastPlaceTaken();
          await recordEvents(
            trx,
            [responseCreatedEvent(form, validator.schema, { ...row, answers: checked.value })],
            db,
          );
          if (archiveDue({ ...form, response_count: count }, row.submitted_at, validator.schema)) {
            await txForms.archive({ ...form, response_count: count }, row.submitted_at, validator.schema);
          }
          return { kind: 'answered', result: { responseId: row.id, submittedAt: row.submitted_at } };
        })
        .catch((error: unknown): SubmitOutcome => {
          if (error instanceof LastPlaceTaken) return { kind: 'closed' };
          throw error;
        });
      if (outcome.kind === 'closed') throw formClosed();
      return outcome.result;
    },

    async list(accountId: string, formId: string, query: ResponseListQuery): Promise<ResponsePage> {
      const form = await forms.load(accountId, formId);
      const filtered =
        query.since !== undefined || query.startDate !== undefined || query.endDate !== undefined;
      const { rows, total } = await store.list(formId, {
        page: query.page,
        limit: query.limit,
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
        from: query.startDate === undefined ? undefined : rangeBound(query.startDate, 'start'),
        to: query.endDate === undefined ? undefined : rangeBound(query.endDate, 'end'),
        // Unfiltered, the total is the counter kept with every insert (what the count route
        // answers), so a large form is not counted row by row on every page.
        total: filtered ? undefined : Number(form.response_count),
      });
      return {
        responses: rows.map(toResponse),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    async get(accountId: string, formId: string, responseId: string): Promise<FormResponse> {
      await forms.load(accountId, formId);
      const row = await store.find(formId, responseId);
      if (row === undefined) throw notFound(`Response ${responseId} not found in form ${formId}`);
      return toResponse(row);
    },

    async count(accountId: string, formId: string): Promise<ResponseCount> {
      const form = await forms.load(accountId, formId);
      return { count: Number(form.response_count) };
    },
  };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
