import type {
  Form,
  FormDraft,
  FormRevision,
  FormRevisionDetail,
  FormSchema,
  PutFormDraftBody,
} from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import { conflict, notFound } from '../../domain-errors.js';
import type { FormEditing } from './form-editing.js';
import { toForm } from './form-mapping.js';
import { createFormRevisionsStore, type RevisionRow } from './form-revisions-store.js';

export interface FormRevisionsDeps {
  db: Db;
  clock: () => Date;
  load: FormEditing['load'];
  edit: FormEditing['edit'];
  assertSavable: FormEditing['assertSavable'];
}

const byOf = (row: Pick<RevisionRow, 'by_type' | 'by_id' | 'by_email'>): FormRevision['by'] =>
  row.by_type === null || row.by_id === null
    ? null
    : {
        type: row.by_type as 'user' | 'key',
        id: row.by_id,
        ...(row.by_email === null ? {} : { email: row.by_email }),
      };

const noDraft = (id: string) => notFound(`Form ${id} has no draft`);

/**
 * Revisions and drafts (docs/server.md "Revisions and drafts"): the history of a published
 * form's live schema, restoring an earlier one, and a draft that keeps changes apart from the
 * live form until published as one revision. The revisions themselves are made by every edit
 * (form-editing.ts), so every way of changing the live form makes them alike.
 */
export function createFormRevisions({ db, clock, load, edit, assertSavable }: FormRevisionsDeps) {
  const store = createFormRevisionsStore(db);

  async function revisionOf(accountId: string, id: string, revision: number): Promise<RevisionRow> {
    await load(accountId, id);
    const row = await store.find(id, revision);
    if (row === undefined) throw notFound(`Form ${id} has no revision ${revision}`);
    return row;
  }

  /** The edit that makes `title` and `schema` the live form (a new revision when it is live). */
  const apply = (title: string | null, schema: FormSchema) => ({
    values: title === null ? {} : { title, title_search: title.toLowerCase() },
    schema,
  });

  return {
    /**
     * The schemas of a form's earlier revisions, each read once as asked: undefined for the live
     * revision (`liveRevision`, whose schema the caller has), for null (a row stored before
     * revisions were) and for a revision no longer kept. For readers that go through many
     * responses, each answering the revision it was made on (exports, the figures' funnel). The
     * caller has read the form `id` as its account's (`get` or `load`).
     */
    revisionSchemas(id: string, liveRevision: number | null) {
      const read = new Map<number, Promise<FormSchema | undefined>>();
      return (revision: number | null | undefined): Promise<FormSchema | undefined> | undefined => {
        if (revision === null || revision === undefined || revision === liveRevision) return undefined;
        let schema = read.get(revision);
        if (schema === undefined) {
          schema = store
            .find(id, revision)
            .then((row) => (row === undefined ? undefined : fromJson<FormSchema>(row.schema)));
          read.set(revision, schema);
        }
        return schema;
      };
    },

    async listRevisions(accountId: string, id: string): Promise<{ revisions: FormRevision[] }> {
      await load(accountId, id);
      const rows = await store.list(id);
      return {
        revisions: rows.map((r) => ({
          revision: Number(r.revision),
          publishedAt: r.published_at,
          by: byOf(r),
        })),
      };
    },

    async getRevision(accountId: string, id: string, revision: number): Promise<FormRevisionDetail> {
      const row = await revisionOf(accountId, id, revision);
      return {
        revision: Number(row.revision),
        publishedAt: row.published_at,
        by: byOf(row),
        title: row.title,
        schema: fromJson<FormSchema>(row.schema),
      };
    },

    async restoreRevision(accountId: string, id: string, revision: number): Promise<Form> {
      const row = await revisionOf(accountId, id, revision);
      const schema = fromJson<FormSchema>(row.schema);
      return toForm(await edit(accountId, id, 'form.revision_restored', () => apply(row.title, schema)));
    },

    async getDraft(accountId: string, id: string): Promise<FormDraft | null> {
      const form = await load(accountId, id);
      const draft = await store.draft(id);
      if (draft === undefined) return null;
      return {
        title: draft.title ?? form.title,
        schema: fromJson<FormSchema>(draft.schema),
        baseRevision: draft.base_revision,
        updatedAt: draft.updated_at,
      };
    },

    async putDraft(accountId: string, id: string, body: PutFormDraftBody): Promise<FormDraft> {
      const form = await load(accountId, id);
      await assertSavable(accountId, body.schema);
      const earlier = await store.draft(id);
      const baseRevision = earlier === undefined ? form.revision : earlier.base_revision;
      const updatedAt = isoNow(clock());
      const title = body.title ?? earlier?.title ?? null;
      await store.saveDraft(id, { title, schema: toJson(body.schema), baseRevision, updatedAt });
      return { title: title ?? form.title, schema: body.schema, baseRevision, updatedAt };
    },

    async deleteDraft(accountId: string, id: string): Promise<void> {
      await load(accountId, id);
      if (!(await store.deleteDraft(id))) throw noDraft(id);
    },

    /**
     * The draft applied as one edit (one revision when the form is live), then discarded; refused
     * when the live form has another revision than the one the draft began from.
     */
    async publishDraft(accountId: string, id: string): Promise<Form> {
      await load(accountId, id);
      const draft = await store.draft(id);
      if (draft === undefined) throw noDraft(id);
      const schema = fromJson<FormSchema>(draft.schema);
      const row = await edit(accountId, id, 'form.draft_published', (current) => {
        if ((current.revision ?? null) !== draft.base_revision) {
          throw conflict(
            `The live form is at revision ${current.revision} since the draft began from revision ${draft.base_revision}: read both, save the draft again, then publish it`,
          );
        }
        return apply(draft.title, schema);
      });
      await store.deleteDraft(id);
      return toForm(row);
    },
  };
}
