import { randomUUID } from 'node:crypto';
import {
  type DeleteResult,
  type FormCaptcha,
  type FormResponse,
  type FormSchema,
  hasMorePages,
  IDEMPOTENCY_KEY_RULE,
  isIdempotencyKey,
  type ResponseCount,
  type ResponseListQuery,
  type ResponsePage,
  type SubmitResponseResult,
} from '@formloom/contract';
import {
  checkAnswerTypes,
  type LanguageRequest,
  pickLanguage,
  type ValidationIssue,
} from '@formloom/contract/engine';
import { CaptchaFailedError, type CaptchaVerifier } from '../../captcha/captcha-verifier.js';
import type { Db, FormRow, ResponseRow } from '../../db/database.js';
import { sqlDialectOf } from '../../db/dialect.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { keysetPages } from '../../db/keyset.js';
import { badRequest, conflict, type DomainError, notFound } from '../../domain-errors.js';
import { createIdempotencyStore, fingerprint, idempotencyExpiry } from '../../idempotency/index.js';
import { detached } from '../../jobs/background.js';
import type { Wake } from '../../jobs/wake.js';
import { recordEvents } from '../../outbox/record.js';
import { audited } from '../../platform/audit/index.js';
import { rangeBound } from '../../platform/date-range.js';
import { formClosed, formGone } from '../../platform/form-errors.js';
import {
  archiveDue,
  type FormsService,
  responseCreatedEvent,
  SHARE_CODE_PATTERN,
  type SubmissionForms,
  submissionForms,
} from '../forms/index.js';
import type { ResponseMails } from '../notifications/index.js';
import type { FileAnswers } from '../uploads/index.js';
import { type CompiledForms, createCompiledForms } from './compiled-forms.js';
import { createResponsesStore, type ResponsesStore } from './responses-store.js';

export interface ResponsesServiceDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  compiled?: CompiledForms;
  /** File answers: resolved to the stored uploads before validating, claimed when stored. */
  files?: FileAnswers;
  /**
   * Submissions that arrive on the same turn of the event loop are stored in one transaction
   * (group commit), each with its own result. Default: on SQLite, whose single connection runs
   * one transaction at a time anyway; PostgreSQL runs concurrent submissions on several
   * connections instead.
   */
  groupCommit?: boolean;
  /** The app's outbox wake-up (`WorkSignals.outbox`): FORM_RESPONSE_CREATED is sent at once. */
  outbox?: Wake;
  /** Queues the notification mails of a new response (`settings.notifications`). */
  mails?: ResponseMails;
  /** Verifies the tokens of forms with `settings.captcha`; without it such a form takes no submission. */
  captcha?: CaptchaVerifier;
  /** Deletes a deleted response's stored files once the deletion commits (`UploadsService.deleteStored`). */
  deleteFiles?: (storageKeys: readonly string[]) => Promise<void>;
}

/**
 * Most submissions one group commit holds: a bigger burst is split, so one transaction (and the
 * rerun of its submissions one by one, should it fail) stays short.
 */
const MAX_GROUP = 64;

/** Responses an export reads at a time: a few hundred kilobytes of answers at most. */
const EXPORT_PAGE = 500;

/** Thrown inside a submission's transaction to roll it back: the form filled up meanwhile. */
class LastPlaceTaken extends Error {}

/** Thrown inside a submission's transaction to roll it back: another submission completed its link first. */
class LinkTaken extends Error {}

/**
 * Something a submission completes, exactly once, in the transaction that stores the response
 * (a partial response: features/partials). Its own store does the SQL; `trx` is the submission's
 * transaction.
 */
export interface SubmissionLink {
  /** The response that already completed it, if any; locks it (where the dialect can) until the commit. */
  completed(trx: Db): Promise<SubmitResponseResult | undefined>;
  /** Marks it completed by `responseId`; false when another submission did first. */
  complete(trx: Db, responseId: string): Promise<boolean>;
}

function toResponse(row: ResponseRow): FormResponse {
  return {
    id: row.id,
    formId: row.form_id,
    answers: fromJson(row.answers),
    variables: row.variables === null ? {} : fromJson(row.variables),
    language: row.language as FormResponse['language'],
    submittedAt: row.submitted_at,
  };
}

/** A submission as received: the answers as sent, the key when there is one, with its fingerprint. */
interface Submission {
  code: string;
  answers: unknown;
  /** What the request says about the respondent's language (body `language`, Accept-Language). */
  language: LanguageRequest;
  idempotencyKey: string | undefined;
  print: string | null;
  /** The form's captcha token was verified (a form without a captcha needs none). */
  captchaChecked?: boolean;
  /** What this submission completes, once (a partial response). */
  link?: SubmissionLink | undefined;
}

/**
 * How a submission ended inside its transaction. `refused` is decided before the submission
 * writes anything (the form is gone, the answers are invalid, the key was used with other
 * answers), so the transaction holding it may commit; a failure after a write is thrown instead.
 */
type SubmitOutcome =
  | { kind: 'answered'; result: SubmitResponseResult }
  | { kind: 'closed' }
  | { kind: 'refused'; error: DomainError }
  | { kind: 'captcha'; captcha: FormCaptcha };

/** A submission waiting for its group's commit, with its caller's promise. */
interface Queued extends Submission {
  resolve(result: SubmitResponseResult): void;
  reject(error: unknown): void;
}

/** What the caller gets for an outcome. */
/** A form with a captcha was reached by a submission whose token is not verified yet. */
class CaptchaRequired extends Error {
  constructor(readonly captcha: FormCaptcha) {
    super('captcha required');
  }
}

function resultOf(outcome: SubmitOutcome): SubmitResponseResult {
  if (outcome.kind === 'answered') return outcome.result;
  if (outcome.kind === 'captcha') throw new CaptchaRequired(outcome.captcha);
  throw outcome.kind === 'closed' ? formClosed() : outcome.error;
}

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
  groupCommit = sqlDialectOf(db).groupCommit,
  outbox,
  mails,
  captcha: captchaVerifier,
  deleteFiles,
}: ResponsesServiceDeps) {
  const formsStore = submissionForms(db, db, outbox);
  const store = createResponsesStore(db);

  /** `row`, archived first when that is due (expired or full) as of `nowIso`. */
  async function archivedIfDue(forms: SubmissionForms, row: FormRow, nowIso: string): Promise<FormRow> {
    const { schema } = compiled.get(row);
    if (!archiveDue(row, nowIso, schema)) return row;
    await forms.archive(row, nowIso, schema);
    return { ...row, publish_status: 'ARCHIVED', updated_at: nowIso };
  }

  /**
   * The form behind a share code when it is PUBLISHED or ARCHIVED (archived first when due);
   * a draft, deleted or unknown form is a 404. `forms` is the store to read and write through,
   * so a submission can do this inside its transaction, as of its own submission time.
   */
  async function publicFormIn(forms: SubmissionForms, code: string, nowIso: string): Promise<FormRow> {
    if (!SHARE_CODE_PATTERN.test(code)) throw formGone();
    const row = await forms.findByShareCode(code);
    if (row === undefined || row.publish_status === 'DRAFT') throw formGone();
    return archivedIfDue(forms, row, nowIso);
  }

  /**
   * As `publicFormIn`, for a submission, with undefined for a form that is gone: when the
   * validator of the form's current version is cached, the form is read without its `schema`
   * text (the cached text of that version is the same); otherwise it is read whole.
   */
  async function submissionFormIn(
    forms: SubmissionForms,
    code: string,
    nowIso: string,
  ): Promise<FormRow | undefined> {
    if (!SHARE_CODE_PATTERN.test(code)) return undefined;
    const head = await forms.findByShareCodeWithoutSchema(code);
    if (head === undefined || head.publish_status === 'DRAFT') return undefined;
    const schema = compiled.schemaText(head.id, head.version);
    // Read again in the same transaction: the same row, now with its schema.
    const row = schema === undefined ? await forms.findByShareCode(code) : { ...head, schema };
    return row === undefined ? undefined : archivedIfDue(forms, row, nowIso);
  }

  /**
   * The first submission under this key as the outcome, if any; refused when it had other answers.
   * A key past its expiry (the same rule as the create routes') is forgotten here, in the
   * submission's transaction, and then the key is free.
   */
  async function replay(
    trx: Db,
    formId: string,
    key: string,
    print: string,
    nowIso: string,
  ): Promise<SubmitOutcome | undefined> {
    const keys = createIdempotencyStore(trx);
    const existing = await keys.findSubmission(formId, key);
    if (existing === undefined) return undefined;
    if (idempotencyExpiry(existing.submitted_at) <= nowIso) {
      await keys.forgetSubmission(existing.id);
      return undefined;
    }
    if (existing.idempotency_fingerprint !== print) {
      return {
        kind: 'refused',
        error: conflict(
          'This Idempotency-Key was already used with other answers; use a new key for a new submission',
        ),
      };
    }
    return { kind: 'answered', result: { responseId: existing.id, submittedAt: existing.submitted_at } };
  }

  /**
   * One submission inside the transaction `trx` (whose stores are `txForms` and `txResponses`).
   * The form read at its start is the state the checks and the insert rely on (no second read).
   * The outcomes are those of checking in this order: form accepting, then the idempotency
   * replay, then the answers.
   */
  async function submitIn(
    trx: Db,
    txForms: SubmissionForms,
    txResponses: ResponsesStore,
    { code, answers, language: languageRequest, idempotencyKey, print, captchaChecked, link }: Submission,
  ): Promise<SubmitOutcome> {
    const submittedAt = isoNow(clock());
    const form = await submissionFormIn(txForms, code, submittedAt);
    if (form === undefined) return { kind: 'refused', error: formGone() };
    // A link completed before (a repeated complete) answers with its response, even once the form
    // has filled up or expired since.
    const done = await link?.completed(trx);
    if (done !== undefined) return { kind: 'answered', result: done };
    // An archiving just done by submissionFormIn is committed with the transaction.
    if (form.publish_status !== 'PUBLISHED') return { kind: 'closed' };
    const base = compiled.get(form).schema;
    // A captcha is verified outside any transaction (it is a request to the provider): the
    // submission stops here, having written nothing, and runs again once the token is accepted.
    // A retry of a stored submission is answered without a new token.
    const captcha = base.settings?.captcha;
    if (captcha !== undefined && captchaChecked !== true) {
      return (
        (idempotencyKey === undefined
          ? undefined
          : await replay(trx, form.id, idempotencyKey, print!, submittedAt)) ?? {
          kind: 'captcha',
          captcha,
        }
      );
    }
    // The first submission under this key, when there is one, answers this one whatever it
    // holds. Looking it up only when it can change the outcome (the answers fail, or the key is
    // taken so the insert stores nothing) gives every result the up-front lookup gave, and a
    // fresh key costs no extra query.
    const earlier = () =>
      idempotencyKey === undefined ? undefined : replay(trx, form.id, idempotencyKey, print!, submittedAt);
    // Validated in the respondent's language, so the messages are too; the answers, the stored
    // response and the event are the same in every language (labels in the base language).
    const language = pickLanguage(base, languageRequest);
    const validator = compiled.get(form, language);
    const checked = validator.validate(
      files ? await files.resolve(trx, form, validator.schema, answers, submittedAt) : answers,
    );
    if (!checked.ok) return (await earlier()) ?? { kind: 'refused', error: invalidAnswers(checked.errors) };
    const row: ResponseRow = {
      id: randomUUID(),
      form_id: form.id,
      account_id: form.account_id,
      answers: toJson(checked.value),
      submitted_at: submittedAt,
      idempotency_key: idempotencyKey ?? null,
      idempotency_fingerprint: print,
      language,
      // Computed by the engine from the validated answers, never taken from the client.
      variables: checked.variables === undefined ? null : toJson(checked.variables),
    };
    if (!(await txResponses.insert(row))) {
      // The key is taken: by an earlier submission, or by a concurrent one that won the race
      // (possible on a database with several connections). Answer as its retry would be.
      const first = await earlier();
      if (first !== undefined) return first;
      // Its holder had expired and is forgotten now: the key is free (unless a concurrent
      // retry took it meanwhile, which then answers this one).
      if (!(await txResponses.insert(row))) return (await earlier()) ?? { kind: 'closed' };
    }
    if (link !== undefined && !(await link.complete(trx, row.id))) throw new LinkTaken();
    await files?.claim(trx, form, base, checked.value, row.id);
    const max = base.settings?.maxResponses;
    let counted = form;
    if (max === undefined) {
      // No cap: the count goes to one of the form's shard rows, so submissions to a popular form
      // do not queue on its row, which is only read.
      await txForms.incrementShardedResponses(form.id);
    } else {
      // A cap: the count on the form's row, whose lock makes it exact (plus the shards a form
      // filled while it had no cap).
      const count = await txForms.incrementResponses(form.id);
      // Another submission took the last place after this one read the form (it happens with
      // several connections, i.e. PostgreSQL): undo this one and answer as for a full form.
      if (count > max) throw new LastPlaceTaken();
      counted = { ...form, response_count: count };
    }
    const queued = await recordEvents(
      trx,
      [responseCreatedEvent(form, base, { ...row, answers: checked.value, variables: checked.variables })],
      db,
    );
    // The mails go with the webhooks: in this transaction, so a response never lacks its mails.
    const mailed =
      mails === undefined
        ? 0
        : await mails.queue(trx, {
            formId: form.id,
            accountId: form.account_id,
            responseId: row.id,
            submittedAt: row.submitted_at,
            schema: base,
            language,
            answers: checked.value,
            variables: checked.variables,
          });
    // Woken before the commit: on SQLite's one connection the worker's query waits for it.
    if (queued + mailed > 0) outbox?.notify();
    if (archiveDue(counted, row.submitted_at, base)) {
      await txForms.archive(counted, row.submitted_at, base);
    }
    return { kind: 'answered', result: { responseId: row.id, submittedAt: row.submitted_at } };
  }

  /**
   * A submission in a transaction of its own: on SQLite's single connection it takes the
   * connection once instead of once per query.
   */
  async function submitAlone(submission: Submission): Promise<SubmitResponseResult> {
    const outcome = await db
      .transaction()
      .execute((trx) =>
        submitIn(trx, submissionForms(trx, db, outbox), createResponsesStore(trx, db), submission),
      )
      .catch(async (error: unknown): Promise<SubmitOutcome> => {
        if (error instanceof LastPlaceTaken) return { kind: 'closed' };
        // A concurrent submission completed the same link and committed: its response answers.
        const first = error instanceof LinkTaken ? await submission.link?.completed(db) : undefined;
        if (first !== undefined) return { kind: 'answered', result: first };
        throw error;
      });
    return resultOf(outcome);
  }

  /**
   * Group commit: submissions in one transaction, one after the other, as they would run alone
   * (each sees the ones before it: the count, the idempotency keys, an archiving). A commit costs
   * about as much as the rest of a submission's statements together, and writes each page once
   * for the whole group. Each caller still gets its own result, and only after the commit. When
   * one of them fails after writing (a database error, the last place taken on another
   * connection), the transaction rolls back and each runs again alone, so the failure stays its
   * own.
   */
  async function submitGroup(group: Queued[]): Promise<void> {
    if (group.length === 1) {
      submitAlone(group[0]!).then(group[0]!.resolve, group[0]!.reject);
      return;
    }
    let outcomes: SubmitOutcome[];
    try {
      outcomes = await db.transaction().execute(async (trx) => {
        const txForms = submissionForms(trx, db, outbox);
        const txResponses = createResponsesStore(trx, db);
        const done: SubmitOutcome[] = [];
        for (const submission of group) done.push(await submitIn(trx, txForms, txResponses, submission));
        return done;
      });
    } catch {
      for (const queued of group) submitAlone(queued).then(queued.resolve, queued.reject);
      return;
    }
    group.forEach((queued, i) => {
      try {
        queued.resolve(resultOf(outcomes[i]!));
      } catch (error) {
        queued.reject(error);
      }
    });
  }

  /** Submissions waiting for the end of this turn of the event loop, to be stored together. */
  let waiting: Queued[] = [];
  function submitWithOthers(submission: Submission): Promise<SubmitResponseResult> {
    return new Promise((resolve, reject) => {
      // setImmediate runs once the requests that arrived with this one have been handled.
      if (waiting.push({ ...submission, resolve, reject }) === 1) {
        // Stored for every request of the group: as none of them (see `detached`).
        setImmediate(
          detached(() => {
            const due = waiting;
            waiting = [];
            for (let i = 0; i < due.length; i += MAX_GROUP) void submitGroup(due.slice(i, i + MAX_GROUP));
          }),
        );
      }
    });
  }

  return {
    publicForm: (code: string) => publicFormIn(formsStore, code, isoNow(clock())),

    /**
     * The origins the form behind `code` lets call its public routes (`settings.allowedOrigins`),
     * undefined when it names none; from the cached validator's schema while its version is cached.
     * Throws a NotFoundError for a form that is gone.
     */
    async allowedOrigins(code: string): Promise<readonly string[] | undefined> {
      const form = await submissionFormIn(formsStore, code, isoNow(clock()));
      if (form === undefined) throw formGone();
      return compiled.get(form).schema.settings?.allowedOrigins;
    },

    /**
     * For a draft of answers (a partial response): the form behind `code` when it accepts
     * responses, and its base schema, once the answers' types pass (`checkAnswerTypes`: the
     * submission's validator, required-ness and rules left out). 404 for a form that is gone, 409
     * for an archived one, 400 naming the answers of a wrong type.
     */
    async draftForm(code: string, answers: unknown): Promise<{ form: FormRow; schema: FormSchema }> {
      // Read as a submission reads it: without the schema text while its version is cached.
      const form = await submissionFormIn(formsStore, code, isoNow(clock()));
      if (form === undefined) throw formGone();
      if (form.publish_status !== 'PUBLISHED') throw formClosed();
      const compiledForm = compiled.get(form);
      const checked = checkAnswerTypes(compiledForm, answers);
      if (!checked.ok) throw invalidAnswers(checked.errors);
      return { form, schema: compiledForm.schema };
    },

    /**
     * Validates with the engine (hidden fields dropped, unknown keys refused) and stores the
     * response, with the respondent's language (`pickLanguage` of `language`). With an idempotency key, a retry answers the first submission's result. With
     * a `link` (a partial response), the response completes it in the same transaction, once: a
     * link completed before answers with its response. It resolves once the response is committed.
     */
    async submit(
      code: string,
      answers: unknown,
      idempotencyKey?: string,
      language: LanguageRequest = {},
      /** The captcha widget's token and the respondent's address, for a form with a captcha. */
      captcha: { token?: string | undefined; remoteIp?: string | undefined } = {},
      /** What this submission completes, once (a partial response). */
      link?: SubmissionLink,
    ): Promise<SubmitResponseResult> {
      if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey)) {
        throw badRequest(`Idempotency-Key must be ${IDEMPOTENCY_KEY_RULE}`);
      }
      const submission: Submission = {
        code,
        answers,
        language,
        idempotencyKey,
        print: idempotencyKey === undefined ? null : fingerprint(answers),
        link,
      };
      const run = (s: Submission) => (groupCommit ? submitWithOthers(s) : submitAlone(s));
      try {
        return await run(submission);
      } catch (error) {
        if (!(error instanceof CaptchaRequired)) throw error;
        const verdict = (await captchaVerifier?.verify(error.captcha, captcha.token, captcha.remoteIp)) ?? {
          ok: false,
          reason: 'no captcha provider is configured on this server',
        };
        if (!verdict.ok) throw new CaptchaFailedError(`The captcha was not accepted: ${verdict.reason}`);
        return run({ ...submission, captchaChecked: true });
      }
    },

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
        from: query.startDate === undefined ? undefined : rangeBound(query.startDate, 'start'),
        to: query.endDate === undefined ? undefined : rangeBound(query.endDate, 'end'),
        search,
        // Unfiltered, the total is the counter kept with every insert (what the count route
        // answers), so a large form is not counted row by row on every page.
        total: filtered ? undefined : Number((await formsStore.withFullCount(form)).response_count),
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
     * The answers and variables of the response `responseId` of the form `formId`, for the
     * thank-you page's recalls; undefined when there is none (deleted, or of another form). No
     * account is checked: the caller holds the respondent's proof (a signed token naming both).
     */
    async recallOf(
      formId: string,
      responseId: string,
    ): Promise<Pick<FormResponse, 'answers' | 'variables'> | undefined> {
      const row = await store.find(formId, responseId);
      if (row === undefined) return undefined;
      const { answers, variables } = toResponse(row);
      return { answers, variables };
    },

    async get(accountId: string, formId: string, responseId: string): Promise<FormResponse> {
      await forms.load(accountId, formId);
      const row = await store.find(formId, responseId);
      if (row === undefined) throw notFound(`Response ${responseId} not found in form ${formId}`);
      return toResponse(row);
    },

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
      const range = {
        from: query.startDate === undefined ? undefined : rangeBound(query.startDate, 'start'),
        to: query.endDate === undefined ? undefined : rangeBound(query.endDate, 'end'),
      };
      async function* responses(): AsyncGenerator<FormResponse> {
        const pageAfter = (after: ResponseRow | undefined) =>
          store.pageAfter(form.id, range, after, EXPORT_PAGE);
        for await (const page of keysetPages(pageAfter, EXPORT_PAGE)) yield* page.map(toResponse);
      }
      return { title: form.title, schema: compiled.get(form).schema, responses: responses() };
    },

    /**
     * Deletes a response for good, with its uploaded files, in one transaction with its audit
     * entry (`response.deleted`) and the count's decrement; the files' objects go once it
     * commits. decisions.md names no webhook event for it. Another account's form is a 404.
     */
    async remove(accountId: string, formId: string, responseId: string): Promise<DeleteResult> {
      await forms.load(accountId, formId);
      const keys = await audited(
        db,
        accountId,
        'response.deleted',
        { type: 'response', id: responseId },
        async (trx) => {
          const stored = (await files?.storedOf(trx, formId, responseId)) ?? [];
          if (!(await createResponsesStore(trx, db).remove(formId, responseId))) return false;
          await submissionForms(trx, db).decrementResponses(formId);
          return stored;
        },
        clock,
      );
      if (keys === false) throw notFound(`Response ${responseId} not found in form ${formId}`);
      await deleteFiles?.(keys);
      return { id: responseId, deleted: true };
    },

    async count(accountId: string, formId: string): Promise<ResponseCount> {
      const form = await forms.load(accountId, formId);
      return { count: Number((await formsStore.withFullCount(form)).response_count) };
    },
  };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
