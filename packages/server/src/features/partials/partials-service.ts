import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CompletePartialBody,
  type CreatedPartial,
  type FormSchema,
  hasMorePages,
  type PageQuery,
  type PartialPage,
  type PublicPartial,
  RESUME_DAYS,
  type SavePartialBody,
  type SubmitResponseResult,
} from '@formloom/contract';
import { isEmptyAnswer, isEntry, type LanguageRequest, pageOrder } from '@formloom/contract/engine';
import { hashSecret, secretMatches } from '../../crypto/secret-hash.js';
import type { Db, FormRow, PartialRow } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { badRequest, notFound } from '../../domain-errors.js';
import type { FormsService } from '../forms/index.js';
import type { ResponsesService, SubmissionLink } from '../responses/index.js';
import type { KeepUploadsUntil } from '../uploads/index.js';
import { createPartialsStore } from './partials-store.js';

export interface PartialsServiceDeps {
  db: Db;
  clock: () => Date;
  forms: FormsService;
  /** The one submission path: drafts are type-checked by it, completes are submitted through it. */
  responses: ResponsesService;
  /** Keeps the uploads a saved partial's answers name as long as it (the uploads feature's `keepUploadsUntil`). */
  keepUploads: KeepUploadsUntil;
}

const DAY_MS = 86_400_000;

/** Not found, whichever of unknown, expired, finished or another form's token it is: nothing is told apart. */
const partialGone = () => notFound('No partial response under this token');

/** `settings.resumeDays` of the form, default 7, at most 30 (the contract's bounds). */
export function resumeDaysOf(schema: FormSchema): number {
  const days = schema.settings?.resumeDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 1
    ? Math.min(days, RESUME_DAYS.max)
    : RESUME_DAYS.default;
}

/**
 * The form's fields with a non-empty saved answer. A field of a repeating section is answered under
 * the section's id, in its entries: it counts once when one of them has a value for it.
 */
function answeredCount(schema: FormSchema, answers: Readonly<Record<string, unknown>>): number {
  const own = (id: string) => (Object.hasOwn(answers, id) ? answers[id] : undefined);
  const answeredIn = (entry: unknown, id: string) =>
    isEntry(entry) && Object.hasOwn(entry, id) && !isEmptyAnswer(entry[id]);
  const repeating = new Set(schema.sections.filter((s) => s.repeat !== undefined).map((s) => s.id));
  return schema.fields.filter((field) => {
    if (!repeating.has(field.sectionId)) return !isEmptyAnswer(own(field.id));
    const entries = own(field.sectionId);
    return Array.isArray(entries) && entries.some((entry) => answeredIn(entry, field.id));
  }).length;
}

/** The page saved, checked to be one of the form's; and the furthest of it and `reached` (the funnel). */
function pages(schema: FormSchema, page: string | undefined, reached: string | null) {
  const order = pageOrder(schema);
  if (page !== undefined && !order.includes(page)) {
    throw badRequest(`body.page: "${page}" is not a page (section id) of this form`, [
      { path: 'body.page', code: 'invalid_page', message: 'Not a page of this form' },
    ]);
  }
  const current = page ?? null;
  const further = current !== null && (reached === null || order.indexOf(current) > order.indexOf(reached));
  return { page: current, reached: further ? current : reached };
}

/**
 * Save and resume (docs/form-model.md "Save and resume"): a respondent's answers saved under a resume
 * token (32 random bytes, base64url; only its SHA-256 is stored, compared in constant time), read
 * and replaced by it until `settings.resumeDays` after it was made, and completed through the
 * responses service's one submission path, exactly once.
 */
export function createPartialsService({ db, clock, forms, responses, keepUploads }: PartialsServiceDeps) {
  const store = createPartialsStore(db);

  /** The unexpired partial of the form behind `code` under `token`, finished or not; else 404. */
  async function find(form: FormRow, token: string, nowIso: string): Promise<PartialRow> {
    const tokenHash = hashSecret(token);
    const row = await store.findByTokenHash(tokenHash);
    if (
      row === undefined ||
      !secretMatches(token, row.token_hash) ||
      row.form_id !== form.id ||
      row.expires_at <= nowIso
    ) {
      throw partialGone();
    }
    return row;
  }

  async function unfinished(form: FormRow, token: string, nowIso: string): Promise<PartialRow> {
    const row = await find(form, token, nowIso);
    if (row.response_id !== null) throw partialGone();
    return row;
  }

  const toPublic = (row: PartialRow): PublicPartial => ({
    answers: fromJson(row.answers),
    page: row.page,
    ...(row.seed === null ? {} : { seed: row.seed }),
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
  });

  return {
    async create(code: string, body: SavePartialBody): Promise<CreatedPartial> {
      const answers = body.answers ?? {};
      const { form, schema } = await responses.draftForm(code, answers);
      const { page, reached } = pages(schema, body.page, null);
      const now = clock();
      const nowIso = isoNow(now);
      const expiresAt = isoNow(new Date(now.getTime() + resumeDaysOf(schema) * DAY_MS));
      const token = randomBytes(32).toString('base64url');
      await store.insert({
        id: randomUUID(),
        form_id: form.id,
        account_id: form.account_id,
        token_hash: hashSecret(token),
        answers: toJson(answers),
        answered_count: answeredCount(schema, answers),
        page,
        seed: body.seed ?? null,
        reached_page: reached,
        response_id: null,
        created_at: nowIso,
        updated_at: nowIso,
        expires_at: expiresAt,
      });
      // The uploads its answers name are kept as long as it is.
      await keepUploads(db, form, schema, answers, nowIso, expiresAt);
      return { resumeToken: token, expiresAt };
    },

    async get(code: string, token: string): Promise<PublicPartial> {
      const form = await responses.publicForm(code);
      return toPublic(await unfinished(form, token, isoNow(clock())));
    },

    /** The hot path of a respondent (a save per page): the form read as a submission reads it, one write. */
    async update(code: string, token: string, body: SavePartialBody): Promise<PublicPartial> {
      const answers = body.answers ?? {};
      const { form, schema } = await responses.draftForm(code, answers);
      const { page } = pages(schema, body.page, null);
      const nowIso = isoNow(clock());
      const changes = {
        answers: toJson(answers),
        answered_count: answeredCount(schema, answers),
        page,
        // A save without a seed keeps the one saved.
        ...(body.seed === undefined ? {} : { seed: body.seed }),
        updated_at: nowIso,
      };
      const row = await store.replace(hashSecret(token), form.id, changes, pageOrder(schema));
      if (row === undefined || !secretMatches(token, row.token_hash)) throw partialGone();
      await keepUploads(db, form, schema, answers, nowIso, row.expires_at);
      return toPublic(row);
    },

    /**
     * The saved answers with the body's merged over them, submitted like a submission; the
     * response completes the partial in its transaction, so a repeated or concurrent complete
     * answers with the same response. A refused complete keeps the partial as it was.
     */
    async complete(
      code: string,
      token: string,
      body: CompletePartialBody,
      acceptLanguage: string | undefined,
      remoteIp?: string,
    ): Promise<SubmitResponseResult> {
      const form = await responses.publicForm(code);
      const row = await find(form, token, isoNow(clock()));
      const answers = { ...fromJson<Record<string, unknown>>(row.answers), ...body.answers };
      const link: SubmissionLink = {
        completed: (trx) => createPartialsStore(trx).completedBy(row.id),
        complete: (trx, responseId) =>
          createPartialsStore(trx).markCompleted(row.id, responseId, isoNow(clock())),
      };
      const language: LanguageRequest = { requested: body.language, acceptLanguage };
      const captcha = { token: body.captchaToken, remoteIp };
      return responses.submit(code, answers, undefined, language, captcha, link, body.quizAttempt, {
        linkToken: body.linkToken,
        verificationToken: body.verificationToken,
      });
    },

    /** A page of a form's unfinished partials for its owner: never a token, never the answers. */
    async list(accountId: string, formId: string, query: PageQuery): Promise<PartialPage> {
      await forms.load(accountId, formId);
      const { rows, total } = await store.list(formId, isoNow(clock()), query);
      return {
        partials: rows.map((r) => ({
          id: r.id,
          answeredCount: Number(r.answered_count),
          page: r.page,
          updatedAt: r.updated_at,
          expiresAt: r.expires_at,
        })),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    /** The partials of a deleted form go at once: their answers are the respondents'. */
    deleteForForm: (formId: string) => store.deleteForForm(formId),
  };
}

export type PartialsService = ReturnType<typeof createPartialsService>;

/** Deletes the partials past their expiry (the scheduler's chore); returns how many. */
export function purgeExpiredPartials(db: Db, now: Date = new Date()): Promise<number> {
  return createPartialsStore(db).purgeExpired(isoNow(now));
}
