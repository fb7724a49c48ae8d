import { randomUUID } from 'node:crypto';
import {
  type CreateSmartFormBody,
  hasMorePages,
  type PublishSmartFormResult,
  type SessionListQuery,
  type SessionPage,
  type SmartForm,
  type SmartFormDetail,
  type SmartFormListQuery,
  type SmartFormPage,
  type SmartFormSessionDetail,
  type SmartFormStatus,
  type UnpublishMode,
  type UpdateSmartFormBody,
} from '@formloom/contract';
import type { Db, SmartFormRow, SmartFormsTable } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { notFound } from '../../domain-errors.js';
import { audited, recordAudit } from '../../platform/audit/index.js';
import { generateShareCode } from '../../platform/share-code.js';
import { type ExportedSession, exportedSessions } from './export-stream.js';
import { abandonActiveSessions, createSessionsStore, toSession } from './sessions-store.js';
import { createSmartFormsStore } from './smart-forms-store.js';

export interface SmartFormsServiceDeps {
  db: Db;
  clock: () => Date;
  /** Origin of public links: the interview page is `<publicUrl>/s/<code>`. */
  publicUrl: string;
}

export function smartFormPublicUrl(publicOrigin: string, code: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/s/${code}`;
}

/** A title when none was given: the purpose's first sentence, cut at a word near 80 characters. */
export function titleFromPurpose(purpose: string): string {
  const sentence = purpose.trim().split(/(?<=[.!?])\s/)[0] ?? purpose;
  const flat = sentence.replace(/\s+/g, ' ').replace(/[.!?]+$/, '');
  if (flat.length <= 80) return flat;
  const cut = flat.slice(0, 80);
  const space = cut.lastIndexOf(' ');
  return `${space > 40 ? cut.slice(0, space) : cut}…`;
}

export function toSmartForm(row: SmartFormRow, publicOrigin: string): SmartForm {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    purpose: row.purpose,
    targetAudience: row.target_audience,
    languages: fromJson<string[]>(row.languages),
    maxQuestions: row.max_questions,
    isPrivate: row.is_private === 1,
    referenceJson: row.reference_json,
    status: row.status as SmartFormStatus,
    shareUrl: row.share_code,
    publicUrl:
      row.status === 'published' && row.share_code !== null
        ? smartFormPublicUrl(publicOrigin, row.share_code)
        : null,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The owner's side of smart forms: list, read with statistics, edit, publish, delete. */
export function createSmartFormsService({ db, clock, publicUrl }: SmartFormsServiceDeps) {
  const store = createSmartFormsStore(db);
  const sessions = createSessionsStore(db);
  const missing = (id: string) => notFound(`Smart form ${id} not found`);

  async function load(accountId: string, id: string): Promise<SmartFormRow> {
    const row = await store.find(accountId, id);
    if (row === undefined) throw missing(id);
    return row;
  }

  async function change(accountId: string, id: string, values: Partial<SmartFormsTable>, trx: Db = db) {
    const row = await createSmartFormsStore(trx).update(accountId, id, {
      ...values,
      updated_at: isoNow(clock()),
    });
    if (row === undefined) throw missing(id);
    return row;
  }

  return {
    async list(accountId: string, query: SmartFormListQuery): Promise<SmartFormPage> {
      const { rows, total } = await store.list(accountId, query);
      return {
        smartForms: rows.map((row) => toSmartForm(row, publicUrl)),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    /** A page of the caller's smart form's sessions (another account's form is a 404, like a missing one). */
    async listSessions(accountId: string, id: string, query: SessionListQuery): Promise<SessionPage> {
      const row = await load(accountId, id);
      const { rows, total } = await sessions.list(row.id, query);
      return {
        sessions: rows.map(toSession),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    /** One session of the caller's smart form, with its transcript and analysis. */
    async getSession(accountId: string, id: string, sessionId: string): Promise<SmartFormSessionDetail> {
      const row = await load(accountId, id);
      const session = await sessions.findOf(row.id, sessionId);
      if (session === undefined) throw notFound(`Session ${sessionId} not found`);
      return sessions.detail(session);
    },

    /**
     * What an export needs: the form's title and question cap, and its sessions, oldest first,
     * read as they are iterated (see `exportedSessions`).
     */
    async exportOf(
      accountId: string,
      id: string,
    ): Promise<{ title: string; maxQuestions: number; sessions: AsyncGenerator<ExportedSession> }> {
      const row = await load(accountId, id);
      return { title: row.title, maxQuestions: row.max_questions, sessions: exportedSessions(db, row.id) };
    },

    async get(accountId: string, id: string): Promise<SmartFormDetail> {
      const row = await load(accountId, id);
      return { ...toSmartForm(row, publicUrl), stats: await store.stats(row.id) };
    },

    async create(accountId: string, body: CreateSmartFormBody): Promise<SmartForm> {
      const nowIso = isoNow(clock());
      const title = body.title ?? titleFromPurpose(body.purpose);
      const row: SmartFormsTable = {
        id: randomUUID(),
        account_id: accountId,
        title,
        title_search: title.toLowerCase(),
        description: body.description ?? null,
        purpose: body.purpose,
        target_audience: body.targetAudience ?? null,
        languages: toJson([...new Set(body.languages)]),
        max_questions: body.maxQuestions,
        is_private: body.isPrivate ? 1 : 0,
        reference_json: body.referenceJson ?? null,
        status: 'draft',
        share_code: null,
        published_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await audited(
        db,
        accountId,
        'smart_form.created',
        { type: 'smart_form', id: row.id },
        (trx) => createSmartFormsStore(trx).insert(row),
        clock,
      );
      return toSmartForm(row, publicUrl);
    },

    /** Only the properties sent change; running sessions keep the settings they started with. */
    async update(accountId: string, id: string, body: UpdateSmartFormBody): Promise<SmartForm> {
      const values: Partial<SmartFormsTable> = {};
      if (body.title !== undefined) {
        values.title = body.title;
        values.title_search = body.title.toLowerCase();
      }
      if (body.purpose !== undefined) values.purpose = body.purpose;
      if (body.description !== undefined) values.description = body.description;
      if (body.targetAudience !== undefined) values.target_audience = body.targetAudience;
      if (body.languages !== undefined) values.languages = toJson([...new Set(body.languages)]);
      if (body.maxQuestions !== undefined) values.max_questions = body.maxQuestions;
      if (body.isPrivate !== undefined) values.is_private = body.isPrivate ? 1 : 0;
      if (body.referenceJson !== undefined) values.reference_json = body.referenceJson;
      const row = await audited(
        db,
        accountId,
        'smart_form.updated',
        { type: 'smart_form', id },
        (trx) => change(accountId, id, values, trx),
        clock,
      );
      return toSmartForm(row, publicUrl);
    },

    async remove(accountId: string, id: string): Promise<{ id: string; deleted: true }> {
      const removed = await audited(
        db,
        accountId,
        'smart_form.deleted',
        { type: 'smart_form', id },
        (trx) => createSmartFormsStore(trx).remove(accountId, id),
        clock,
      );
      if (!removed) throw missing(id);
      return { id, deleted: true };
    },

    /** draft -> published; the share code is kept across unpublish and publish, like a form's. */
    async publish(accountId: string, id: string): Promise<PublishSmartFormResult> {
      const current = await load(accountId, id);
      const row =
        current.status === 'published' && current.share_code !== null
          ? current
          : await audited(
              db,
              accountId,
              'smart_form.published',
              { type: 'smart_form', id },
              (trx) =>
                change(
                  accountId,
                  id,
                  {
                    status: 'published',
                    published_at: isoNow(clock()),
                    share_code: current.share_code ?? generateShareCode(),
                  },
                  trx,
                ),
              clock,
            );
      return {
        id: row.id,
        status: 'published',
        publishedAt: row.published_at!,
        shareUrl: row.share_code!,
        publicUrl: smartFormPublicUrl(publicUrl, row.share_code!),
      };
    },

    /** soft: no new sessions, active ones go on. hard: active sessions are abandoned in the same transaction. */
    async unpublish(accountId: string, id: string, mode: UnpublishMode): Promise<SmartForm> {
      const row = await db.transaction().execute(async (trx) => {
        const updated = await change(accountId, id, { status: 'draft' }, trx);
        if (mode === 'hard') await abandonActiveSessions(trx, { smartFormId: id }, isoNow(clock()));
        await recordAudit(trx, accountId, 'smart_form.unpublished', { type: 'smart_form', id }, clock);
        return updated;
      });
      return toSmartForm(row, publicUrl);
    },
  };
}

export type SmartFormsService = ReturnType<typeof createSmartFormsService>;
