import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Field, UploadResult } from '@formloom/contract';
import { effectiveMaxUploadMB, mimeTypeAllowed, uploadTypes } from '@formloom/contract/engine';
import type { Db, FormRow, UploadRow } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { tooLarge, unsupportedType } from '../../domain-errors.js';
import type { Logger } from '../../logger.js';
import { formGone } from '../../platform/form-errors.js';
import type { Storage } from '../../storage/storage.js';
import { withoutControlCharacters } from '../../util/file-name.js';
import { detectContentType, inspectStream } from './content-type.js';
import { createUploadsStore } from './uploads-store.js';

/** An upload that no submission claims within this time is deleted (docs/decisions.md "Server"). */
export const DEFAULT_UPLOAD_TTL_MS = 24 * 3_600_000;
const MIB = 1024 * 1024;
/** The expiry sweep runs at most this often, after an upload. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

/** The largest file a field takes: a `file` field's `maxSizeMB` (never above the server's cap), a signature's 512 KB. */
export function maxUploadBytes(field: Field | undefined): number {
  return Math.floor(effectiveMaxUploadMB(field) * MIB);
}

function describeMB(bytes: number): string {
  return `${Number((bytes / MIB).toFixed(2))} MB`;
}

export const fileTooLarge = (maxBytes: number) =>
  tooLarge(`The file is larger than this field's limit of ${describeMB(maxBytes)}`);

/**
 * The file name as shown to form owners: no folder part, no control or bidi characters, at most 255
 * UTF-16 units (the contract's limit), never cutting a character in two.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = withoutControlCharacters(base);
  let out = '';
  for (const char of clean === '' ? 'file' : clean) {
    if (out.length + char.length > 255) break;
    out += char;
  }
  return out;
}

export interface UploadsServiceDeps {
  db: Db;
  clock: () => Date;
  storage: Storage;
  logger: Logger;
  ttlMs?: number;
}

export interface StoredFile {
  row: UploadRow;
  body: Readable;
}

/**
 * Files of `file` and `signature` answers: stored while they stream in (size and type checked on the way), claimed
 * by the submission that names them, readable by the form's owner, deleted with their form or
 * when nobody claims them in time.
 */
export function createUploadsService({
  db,
  clock,
  storage,
  logger,
  ttlMs = DEFAULT_UPLOAD_TTL_MS,
}: UploadsServiceDeps) {
  const store = createUploadsStore(db);
  let lastSweep = 0;

  async function sweepExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await store.expired(isoNow(clock()), SWEEP_BATCH);
      for (const row of rows) await storage.delete(row.storage_key);
      await store.delete(rows.map((r) => r.id));
      total += rows.length;
      if (rows.length < SWEEP_BATCH) return total;
    }
  }

  return {
    /**
     * Streams `file` to storage for `field` of `form`. Fails with 413 as soon as it grows past the
     * field's limit and with 415 when its content (magic bytes) is not an allowed type; either way
     * nothing is kept. The client's file name is kept (cleaned); its MIME type is not trusted.
     */
    async save(
      form: FormRow,
      field: Field,
      file: Readable,
      info: { filename?: string | undefined; mimeType: string },
    ): Promise<UploadResult> {
      const id = randomBytes(18).toString('base64url');
      const key = `forms/${form.id}/${id}`;
      const maxBytes = maxUploadBytes(field);
      const allowed = uploadTypes(field);
      let type = 'application/octet-stream';
      const checked = inspectStream({
        maxBytes,
        tooLarge: () => fileTooLarge(maxBytes),
        inspect: async (head) => {
          type = await detectContentType(head, info.mimeType);
          if (!mimeTypeAllowed(type, allowed)) {
            throw unsupportedType(
              `The file's content is ${type}, which this field does not accept (allowed: ${allowed!.join(', ')})`,
            );
          }
        },
      });
      file.on('error', (error) => checked.destroy(error));
      const { size } = await storage.put(key, file.pipe(checked));

      const now = clock();
      const row: UploadRow = {
        id,
        form_id: form.id,
        account_id: form.account_id,
        field_id: field.id,
        storage_key: key,
        name: cleanFileName(info.filename),
        size,
        type,
        created_at: isoNow(now),
        expires_at: isoNow(new Date(now.getTime() + ttlMs)),
        response_id: null,
      };
      // A form deleted while its file streamed in: its files are gone for good, this one too.
      if (!(await store.formLive(form.id))) {
        await storage.delete(key);
        throw formGone();
      }
      await store.insert(row);
      if (now.getTime() - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = now.getTime();
        sweepExpired().catch((err: unknown) => logger.error({ err }, 'sweep of expired uploads failed'));
      }
      return { uploadId: id, name: row.name, size, type, expiresAt: row.expires_at };
    },

    /** A file of a stored response (the caller has checked the form is the reader's). */
    async open(formId: string, responseId: string, uploadId: string): Promise<StoredFile | undefined> {
      const row = await store.findOfResponse(formId, responseId, uploadId);
      if (row === undefined) return undefined;
      const body = await storage.get(row.storage_key);
      return body === undefined ? undefined : { row, body };
    },

    /** docs/decisions.md (form DELETE): a deleted form's uploaded files are deleted at once, for good. */
    async deleteForForm(formId: string): Promise<void> {
      await storage.deletePrefix(`forms/${formId}/`);
      await store.deleteForForm(formId);
    },

    /** Deletes the stored objects under `keys` (a deleted response's files, see `fileAnswers.storedOf`). */
    async deleteStored(keys: readonly string[]): Promise<void> {
      for (const key of keys) await storage.delete(key);
    },

    /** Deletes unclaimed uploads past their expiry; runs by itself after uploads, at most once a minute. */
    sweepExpired,
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
