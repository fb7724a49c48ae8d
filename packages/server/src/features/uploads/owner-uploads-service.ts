import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type FormSchema,
  imageUploadRefs,
  OWNER_UPLOAD_MAX_BYTES,
  OWNER_UPLOAD_TYPES,
  OWNER_UPLOADS_PER_ACCOUNT,
  type OwnerUpload,
} from '@formloom/contract';
import type { Db, OwnerUploadRow } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { badRequest, conflict, tooLarge, unsupportedType } from '../../domain-errors.js';
import type { Storage } from '../../storage/storage.js';
import { detectContentType, inspectStream } from './content-type.js';
import type { FileInfo } from './multipart-file.js';
import { createOwnerUploadsStore } from './owner-uploads-store.js';

/** An upload no form names is deleted this long after it was made (or last found named). */
export const OWNER_UPLOAD_GRACE_MS = 24 * 3_600_000;
const SWEEP_BATCH = 100;
const IMAGE_TYPES: ReadonlySet<string> = new Set(OWNER_UPLOAD_TYPES);
/** `upload:<id>` anywhere in a stored schema's JSON: whatever names it keeps it. */
const NAMED = /"upload:([A-Za-z0-9_-]{1,64})"/g;

export const imageTooLarge = (maxBytes = OWNER_UPLOAD_MAX_BYTES) =>
  tooLarge(`The image is larger than the limit of ${maxBytes / 1024 / 1024} MB`);

export interface OwnerUploadsServiceDeps {
  db: Db;
  clock: () => Date;
  storage: Storage;
  graceMs?: number;
  maxPerAccount?: number;
}

export interface StoredImage {
  row: OwnerUploadRow;
  body: Readable;
}

const toOwnerUpload = (row: OwnerUploadRow): OwnerUpload => ({
  id: row.id,
  contentType: row.content_type as OwnerUpload['contentType'],
  size: Number(row.size),
  createdAt: row.created_at,
});

/**
 * Images form makers upload for their forms: stored while they stream in (checked to be a PNG,
 * JPEG, GIF or WebP by their content, at most 5 MB), named by the account's schemas only, served
 * publicly by id, deleted once no form of the account names them.
 */
export function createOwnerUploadsService({
  db,
  clock,
  storage,
  graceMs = OWNER_UPLOAD_GRACE_MS,
  maxPerAccount = OWNER_UPLOADS_PER_ACCOUNT,
}: OwnerUploadsServiceDeps) {
  const store = createOwnerUploadsStore(db);

  return {
    /**
     * Streams `file` to storage as an upload of the account: 413 as soon as it grows past 5 MB,
     * 415 when its first bytes are not an allowed image; either way nothing is kept.
     */
    async save(accountId: string, file: Readable, info: FileInfo): Promise<OwnerUpload> {
      if ((await store.countOfAccount(accountId)) >= maxPerAccount) {
        throw conflict(
          `This account keeps ${maxPerAccount.toLocaleString('en')} uploaded images already: remove images from forms; one no form uses is deleted a day after its upload`,
        );
      }
      const id = randomBytes(18).toString('base64url');
      const key = `owner/${accountId}/${id}`;
      let type = 'application/octet-stream';
      const checked = inspectStream({
        maxBytes: OWNER_UPLOAD_MAX_BYTES,
        tooLarge: () => imageTooLarge(),
        inspect: async (head) => {
          type = await detectContentType(head, info.mimeType);
          if (!IMAGE_TYPES.has(type)) {
            throw unsupportedType(`The file's content is ${type}: upload a PNG, JPEG, GIF or WebP image`);
          }
        },
      });
      file.on('error', (error) => checked.destroy(error));
      const { size } = await storage.put(key, file.pipe(checked));
      const now = isoNow(clock());
      const row: OwnerUploadRow = {
        id,
        account_id: accountId,
        storage_key: key,
        content_type: type,
        size,
        created_at: now,
        checked_at: now,
      };
      await store.insert(row);
      return toOwnerUpload(row);
    },

    /**
     * Every `upload:<id>` the schema names must be an upload of the account, else a 400 naming
     * each path. Another account's id is answered exactly like an unknown one. `trx`: the
     * transaction the schema is saved in, when there is one.
     */
    async assertOwned(accountId: string, schema: FormSchema, trx: Db = db): Promise<void> {
      await this.assertRefsOwned(accountId, imageUploadRefs(schema), trx);
    },

    /** `assertOwned` for uploads named elsewhere than a schema (a theme's logo), each at its path. */
    async assertRefsOwned(
      accountId: string,
      refs: readonly { path: string; id: string }[],
      trx: Db = db,
      what = 'The schema',
    ): Promise<void> {
      if (refs.length === 0) return;
      const owned = await createOwnerUploadsStore(trx).idsOfAccount(accountId, [
        ...new Set(refs.map((r) => r.id)),
      ]);
      const unknown = refs.filter((r) => !owned.has(r.id));
      if (unknown.length === 0) return;
      const issues = unknown.map((r) => ({
        path: r.path,
        code: 'unknown_upload',
        message: `There is no uploaded image "${r.id}" in this account: upload it with POST /v1/uploads.`,
      }));
      const first = issues[0]!;
      throw badRequest(`${what} is not valid: ${first.path}: ${first.message}`, issues);
    },

    /** An upload's bytes by id, for the public image route. */
    async open(id: string): Promise<StoredImage | undefined> {
      const row = await store.find(id);
      if (row === undefined) return undefined;
      const body = await storage.get(row.storage_key);
      return body === undefined ? undefined : { row, body };
    },

    /**
     * Deletes the uploads that no form (deleted ones too, until purged) or theme of their account has named
     * for `graceMs`; the others are marked as found. Answers how many it deleted.
     */
    async sweep(): Promise<number> {
      const now = clock();
      const nowIso = isoNow(now);
      const before = isoNow(new Date(now.getTime() - graceMs));
      const named = new Map<string, Set<string>>();
      const namedBy = async (accountId: string) => {
        let ids = named.get(accountId);
        if (ids === undefined) {
          ids = new Set();
          for (const schema of await store.schemasOfAccount(accountId))
            for (const match of schema.matchAll(NAMED)) ids.add(match[1]!);
          for (const id of await store.themeImagesOfAccount(accountId)) ids.add(id);
          named.set(accountId, ids);
        }
        return ids;
      };
      let deleted = 0;
      for (;;) {
        const rows = await store.due(before, SWEEP_BATCH);
        const kept: string[] = [];
        const gone: OwnerUploadRow[] = [];
        for (const row of rows) {
          if ((await namedBy(row.account_id)).has(row.id)) kept.push(row.id);
          else gone.push(row);
        }
        await store.markChecked(kept, nowIso);
        for (const row of gone) await storage.delete(row.storage_key);
        await store.delete(gone.map((r) => r.id));
        deleted += gone.length;
        if (rows.length < SWEEP_BATCH) return deleted;
      }
    },
  };
}

export type OwnerUploadsService = ReturnType<typeof createOwnerUploadsService>;
