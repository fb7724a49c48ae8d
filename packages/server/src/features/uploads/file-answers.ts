import type { FormSchema } from '@formloom/contract';
import { type FileAnswer, takesUpload } from '@formloom/contract/engine';
import type { Db, FormRow } from '../../db/database.js';
import { createUploadsStore } from './uploads-store.js';

/** What a file answer naming an unknown, expired, claimed or foreign upload becomes: not a file. */
const NOT_AN_UPLOAD = Object.freeze({});

const fileFieldsCache = new WeakMap<FormSchema, readonly string[]>();

function fileFieldsOf(schema: FormSchema): readonly string[] {
  let ids = fileFieldsCache.get(schema);
  if (ids === undefined) {
    ids = schema.fields.filter(takesUpload).map((f) => f.id);
    fileFieldsCache.set(schema, ids);
  }
  return ids;
}

function uploadIdOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
  const id = (answer as { uploadId?: unknown }).uploadId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The submission side of uploads. A `file` or `signature` answer is only a claim to an upload: `resolve` swaps
 * it for what the server stored (name, size, detected type) before the engine validates, so
 * size and type rules judge the real file; an id that names no unclaimed, unexpired upload of
 * this form and field becomes an invalid answer ("not a valid uploaded file"). An edit of a
 * response (`responseId`) may also keep a file the response already holds. `claim` then ties
 * the uploads of the stored answers to the response, inside the submission's transaction.
 */
export const fileAnswers = {
  async resolve(
    db: Db,
    form: FormRow,
    schema: FormSchema,
    answers: unknown,
    nowIso: string,
    responseId?: string,
  ): Promise<unknown> {
    const fields = fileFieldsOf(schema);
    if (fields.length === 0 || typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
      return answers;
    }
    const given = answers as Record<string, unknown>;
    const wanted = new Map<string, string>();
    for (const fieldId of fields) {
      if (!Object.hasOwn(given, fieldId)) continue;
      const uploadId = uploadIdOf(given[fieldId]);
      if (uploadId !== undefined) wanted.set(fieldId, uploadId);
    }
    if (wanted.size === 0) return answers;
    const rows = await createUploadsStore(db).findForForm(form.id, [...wanted.values()]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const resolved: Record<string, unknown> = { ...given };
    for (const [fieldId, uploadId] of wanted) {
      const row = byId.get(uploadId);
      const usable =
        row !== undefined &&
        row.field_id === fieldId &&
        ((row.response_id === null && row.expires_at > nowIso) ||
          (responseId !== undefined && row.response_id === responseId));
      const stored: FileAnswer | undefined = usable
        ? { uploadId: row.id, name: row.name, size: Number(row.size), type: row.type }
        : undefined;
      // A typed signature's name rides along; the engine checks it.
      const signedName = (given[fieldId] as { signedName?: unknown }).signedName;
      resolved[fieldId] =
        stored === undefined ? NOT_AN_UPLOAD : signedName === undefined ? stored : { ...stored, signedName };
    }
    return resolved;
  },

  /** Claims the uploads named by the validated (stored) answers for `responseId`. */
  async claim(db: Db, form: FormRow, schema: FormSchema, value: object, responseId: string): Promise<void> {
    const fields = fileFieldsOf(schema);
    if (fields.length === 0) return;
    const ids: string[] = [];
    for (const fieldId of fields) {
      const id = uploadIdOf((value as Record<string, unknown>)[fieldId]);
      if (id !== undefined) ids.push(id);
    }
    await createUploadsStore(db).claim(form.id, ids, responseId);
  },

  /**
   * The storage keys of a response's files, read in the transaction that deletes the response
   * (its upload rows go with it): the objects are deleted once that commits (`UploadsService.deleteStored`).
   */
  storedOf(db: Db, formId: string, responseId: string): Promise<string[]> {
    return createUploadsStore(db).keysOfResponse(formId, responseId);
  },
};

export type FileAnswers = typeof fileAnswers;

/** `keepUploadsUntil`, as the type of what a feature is given. */
export type KeepUploadsUntil = typeof keepUploadsUntil;

/**
 * Keeps the uploads a saved partial response's answers name until the partial expires, so
 * completing it later still finds them; the upload sweep deletes them after that, unless a
 * submission claimed them.
 */
export async function keepUploadsUntil(
  db: Db,
  form: FormRow,
  schema: FormSchema,
  answers: object,
  nowIso: string,
  untilIso: string,
): Promise<void> {
  const fields = fileFieldsOf(schema);
  if (fields.length === 0) return;
  const ids: string[] = [];
  for (const fieldId of fields) {
    const id = uploadIdOf((answers as Record<string, unknown>)[fieldId]);
    if (id !== undefined) ids.push(id);
  }
  await createUploadsStore(db).keepUntil(form.id, ids, nowIso, untilIso);
}
