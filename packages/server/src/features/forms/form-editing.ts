import type { AuditAction, CaptchaProvider, Form, FormSchema } from '@formloom/contract';
import type { Db, FormRow, FormUpdate } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isoNow, toJson } from '../../db/json.js';
import { conflict, notFound, preconditionFailed } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { archiveDue } from '../../platform/archive-rule.js';
import { recordAudit } from '../../platform/audit/index.js';
import { schemaOf } from '../../platform/form-schema.js';
import { publicFormUrl } from '../../platform/share-code.js';
import { ifMatchHolds } from './form-etag.js';
import { formTransitionEvents, withEvents } from './form-events.js';
import { toForm } from './form-mapping.js';
import { nextRevision } from './form-revision-rule.js';
import { createFormRevisionsStore } from './form-revisions-store.js';
import { createFormsStore } from './forms-store.js';
import { assertSchemaSound } from './schema-check.js';

export interface FormEditingDeps {
  db: Db;
  clock: () => Date;
  /** Origin (and optional path prefix) of public links: a publish event's `publicUrl`. */
  publicUrl: string;
  /** The app's outbox wake-up (`WorkSignals.outbox`): form events are sent at once. */
  outbox?: Wake | undefined;
  /** The captcha providers this server verifies: a form may only use one of them (default: none). */
  captchaProviders?: readonly CaptchaProvider[] | undefined;
  /** The owner uploads: a schema may only name the images of its own account. */
  images?: OwnedBySchema | undefined;
  /** The themes: a schema's `settings.themeId` may only name a theme of its own account. */
  themes?: OwnedBySchema | undefined;
}

/** What refuses a schema naming another account's resource (an image, a theme): 400. */
export interface OwnedBySchema {
  assertOwned(accountId: string, schema: FormSchema, trx?: Db): Promise<void>;
}

/** A form with its edit version, which the HTTP layer answers as its `ETag`. */
export interface VersionedForm {
  form: Form;
  version: number;
}

export const versioned = (row: FormRow): VersionedForm => ({
  form: toForm(row),
  version: Number(row.version),
});

/** What an edit changes: column values and, optionally, a new schema (checked before saving). */
export interface Edit {
  values?: FormUpdate;
  schema?: FormSchema;
}

/**
 * Every lost race means another edit was written, so a burst of n concurrent edits settles in n
 * rounds at most; on PostgreSQL (several connections, several instances) they truly interleave.
 */
const EDIT_ATTEMPTS = 12;

/** After a lost race: a short random wait, so the losers do not all read and write again in step. */
const editBackoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * (attempt + 1)));

export const formNotFound = (id: string) => notFound(`Form ${id} not found`);

/** Applies a PATCH-style change: `undefined` keeps a property, `null` removes it. */
export function patchObject<T extends object>(target: T, patch: object): T {
  const out: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out as T;
}

/**
 * The core every change of a form goes through: loading an account's form (archiving it when
 * that is due), checking a schema before it is saved, and the optimistic-locking edit loop.
 */
export function createFormEditing({
  db,
  clock,
  publicUrl,
  outbox,
  captchaProviders = [],
  images,
  themes,
}: FormEditingDeps) {
  const store = createFormsStore(db, db, outbox);
  const revisions = createFormRevisionsStore(db);
  const linkOf = (code: string) => publicFormUrl(publicUrl, code);

  /** The integrity check, then the images and the theme the schema names: the account's own only. */
  async function assertSavable(accountId: string, schema: FormSchema, trx: Db = db): Promise<void> {
    assertSchemaSound(schema, undefined, captchaProviders);
    await images?.assertOwned(accountId, schema, trx);
    await themes?.assertOwned(accountId, schema, trx);
  }

  /** A visible form of the account, archived first if that is due. Else 404. */
  async function load(accountId: string, id: string): Promise<FormRow> {
    const row = await store.find(accountId, id);
    if (row === undefined) throw formNotFound(id);
    const nowIso = isoNow(clock());
    if (!archiveDue(row, nowIso)) return row;
    await store.archive(row, nowIso);
    return { ...row, publish_status: 'ARCHIVED', updated_at: nowIso };
  }

  /**
   * Read, change, check, write, with optimistic locking: a concurrent edit makes this one read
   * again and re-apply, so no edit is lost. A schema that fails `checkSchema` is never written.
   * `ifMatch` (the caller's `If-Match`): the edit applies only to that version of the form, so a
   * change made meanwhile is refused rather than re-applied over (412).
   */
  async function edit(
    accountId: string,
    id: string,
    action: AuditAction,
    change: (row: FormRow) => Edit | undefined,
    ifMatch?: string,
  ): Promise<FormRow> {
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      // With the whole response count (its shards too): a cap set now is checked against it.
      const row = await store.withFullCount(await load(accountId, id));
      if (ifMatch !== undefined && !ifMatchHolds(ifMatch, Number(row.version))) {
        throw preconditionFailed(
          `Form ${id} was changed since the version If-Match names (${ifMatch}); it is now "${row.version}": read it again and redo the edit`,
        );
      }
      const result = change(row);
      if (result === undefined) return row;
      const nowIso = isoNow(clock());
      const values: FormUpdate = { ...result.values, updated_at: nowIso };
      if (result.schema !== undefined) {
        await assertSavable(accountId, result.schema);
        values.schema = toJson(result.schema);
        values.retention_days = result.schema.settings?.retentionDays ?? null;
      }
      const next = { ...row, ...values } as FormRow;
      if (archiveDue(next, nowIso, result.schema ?? schemaOf(row))) values.publish_status = 'ARCHIVED';
      const revision = await nextRevision(revisions, row, values, nowIso);
      if (revision !== undefined) values.revision = revision.revision;
      try {
        const written = await withEvents(
          db,
          async (trx) => {
            const done = await createFormsStore(trx).updateVersion(
              accountId,
              id,
              Number(row.version),
              values,
            );
            if (done) await recordAudit(trx, accountId, action, { type: 'form', id }, clock);
            if (done && revision !== undefined) await createFormRevisionsStore(trx).insert(id, revision);
            return {
              result: done,
              events: done
                ? formTransitionEvents(
                    row,
                    { ...row, ...values } as FormRow,
                    nowIso,
                    linkOf,
                    result.schema ?? schemaOf(row),
                  )
                : [],
            };
          },
          outbox,
        );
        if (written) {
          return (await store.find(accountId, id)) ?? next;
        }
      } catch (error) {
        // A share code collision (96 random bits: practically never) is retried with a new code.
        if (!isUniqueViolation(error)) throw error;
      }
      await editBackoff(attempt);
    }
    throw conflict(`Form ${id} is being changed by other requests; retry`);
  }

  return { load, edit, assertSavable };
}

export type FormEditing = ReturnType<typeof createFormEditing>;
