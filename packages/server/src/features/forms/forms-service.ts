import { randomUUID } from 'node:crypto';
import {
  type AuditAction,
  type CaptchaProvider,
  type CreateBlankFormBody,
  type CreateFormBody,
  DEFAULT_SCHEMA_VERSION,
  type DeleteResult,
  type Field,
  type Form,
  type FormListQuery,
  type FormPage,
  type FormSchema,
  hasMorePages,
  type Language,
  type PublishFormResult,
  type UpdateFieldBody,
  type UpdateFormBody,
} from '@formloom/contract';
import { translationKeys } from '@formloom/contract/engine';
import type { Db, FormRow, FormUpdate } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { isoNow, toJson } from '../../db/json.js';
import { badRequest, conflict, notFound, preconditionFailed } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { archiveDue } from '../../platform/archive-rule.js';
import { recordAudit } from '../../platform/audit/index.js';
import { schemaOf } from '../../platform/form-schema.js';
import { generateShareCode, publicFormUrl } from '../../platform/share-code.js';
import { ifMatchHolds } from './form-etag.js';
import { formCreatedEvent, formDeletedEvent, formTransitionEvents, withEvents } from './form-events.js';
import { toForm, toListItem } from './form-mapping.js';
import { createFormsStore, type FormsStore } from './forms-store.js';
import { assertSchemaSound } from './schema-check.js';

export interface FormsServiceDeps {
  db: Db;
  clock: () => Date;
  /** Origin (and optional path prefix) of public links. */
  publicUrl: string;
  /**
   * Runs after a form is soft-deleted: its uploaded files are deleted at once (docs/decisions.md: they are
   * the privacy risk).
   */
  onDeleted?: (formId: string) => Promise<void>;
  /**
   * Runs after a save whose schema carries `settings.notifications`: re-saving them is how an
   * owner sends mail again after the outbox disabled the form's mail target (as new settings
   * reconnect a chat connection).
   */
  onNotificationsSaved?: (formId: string) => Promise<void>;
  /** The app's outbox wake-up (`WorkSignals.outbox`): form events are sent at once. */
  outbox?: Wake;
  /** The captcha providers this server verifies: a form may only use one of them (default: none). */
  captchaProviders?: readonly CaptchaProvider[];
  /**
   * The owner uploads (the uploads feature's service): a schema may only name the images of its
   * own account. Declared here, as what forms need of it: uploads already reads forms' types.
   */
  images?: { assertOwned(accountId: string, schema: FormSchema, trx?: Db): Promise<void> };
}

/** A form with its edit version, which the HTTP layer answers as its `ETag`. */
export interface VersionedForm {
  form: Form;
  version: number;
}

const versioned = (row: FormRow): VersionedForm => ({ form: toForm(row), version: Number(row.version) });

/** What an edit changes: column values and, optionally, a new schema (checked before saving). */
interface Edit {
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

/**
 * What a submission (the responses feature) reads and writes of its form: the form behind a share
 * code, archiving it, counting the response. `trx`: the submission's transaction (or `db`
 * itself outside one); `db`: the database it belongs to; `outbox`: woken when an archiving
 * queued an event. A narrow view, so the forms store stays private to this feature.
 */
export type SubmissionForms = Pick<
  FormsStore,
  | 'findByShareCode'
  | 'findByShareCodeWithoutSchema'
  | 'archive'
  | 'incrementResponses'
  | 'incrementShardedResponses'
  | 'decrementResponses'
  | 'withFullCount'
>;

export function submissionForms(trx: Db, db: Db = trx, outbox?: Wake): SubmissionForms {
  return createFormsStore(trx, db, outbox);
}

function blankSchema(
  title: string,
  description: string | undefined,
  language: FormSchema['meta']['language'],
) {
  const schema: FormSchema = {
    ...DEFAULT_SCHEMA_VERSION,
    meta: { title, language, ...(description === undefined ? {} : { description }) },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'section-1', title: '', order: 0 }],
    fields: [],
  };
  return schema;
}

/** Applies a PATCH-style change: `undefined` keeps a property, `null` removes it. */
function patchObject<T extends object>(target: T, patch: object): T {
  const out: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out as T;
}

export function createFormsService({
  db,
  clock,
  publicUrl,
  onDeleted,
  onNotificationsSaved,
  outbox,
  captchaProviders = [],
  images,
}: FormsServiceDeps) {
  const store = createFormsStore(db, db, outbox);
  /** The integrity check, then the images the schema names: the account's own only. */
  const assertSavable = async (accountId: string, schema: FormSchema, trx: Db = db) => {
    assertSchemaSound(schema, undefined, captchaProviders);
    await images?.assertOwned(accountId, schema, trx);
  };
  const linkOf = (code: string) => publicFormUrl(publicUrl, code);

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
      }
      const next = { ...row, ...values } as FormRow;
      if (archiveDue(next, nowIso, result.schema ?? schemaOf(row))) values.publish_status = 'ARCHIVED';
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

  function findFieldIndex(schema: FormSchema, formId: string, fieldId: string): number {
    const index = schema.fields.findIndex((f) => f.id === fieldId);
    if (index < 0) throw notFound(`Field "${fieldId}" not found in form ${formId}`);
    return index;
  }

  return {
    load,
    /** The narrow view of the forms a submission reads and writes (`submissionForms`), for the responses feature. */
    submissionForms,

    async list(accountId: string, query: FormListQuery): Promise<FormPage> {
      await store.archiveExpired(isoNow(clock()), accountId);
      const { rows, total } = await store.list(accountId, {
        page: query.page,
        limit: query.limit,
        search: query.search?.trim().toLowerCase(),
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
      });
      return {
        forms: rows.map((row) => toListItem(row)),
        total,
        page: query.page,
        limit: query.limit,
        hasMore: hasMorePages({ total, page: query.page, limit: query.limit }),
      };
    },

    async get(accountId: string, id: string): Promise<Form> {
      return toForm(await load(accountId, id));
    },

    /** The form and its edit version (its `ETag`). */
    async getVersioned(accountId: string, id: string): Promise<VersionedForm> {
      return versioned(await load(accountId, id));
    },

    /** `trx`: a transaction to create the form in (an AI job's, which commits with it). */
    async create(accountId: string, body: CreateFormBody, trx: Db = db): Promise<Form> {
      let schema: FormSchema;
      let description: string | null;
      if ('schema' in body && body.schema !== undefined) {
        schema = body.schema;
        description = body.schema.meta.description ?? null;
      } else {
        const blank = body as CreateBlankFormBody;
        schema = blankSchema(blank.title, blank.description, blank.language ?? 'en');
        description = blank.description ?? null;
      }
      await assertSavable(accountId, schema, trx);
      const nowIso = isoNow(clock());
      const row: FormRow = {
        id: randomUUID(),
        account_id: accountId,
        title: body.title,
        title_search: body.title.toLowerCase(),
        description,
        schema: toJson(schema),
        publish_status: 'DRAFT',
        publish_visibility: 'PUBLIC',
        share_code: null,
        published_at: null,
        expires_at: null,
        response_count: 0,
        version: 1,
        deleted_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await withEvents(
        trx,
        async (inner) => {
          await createFormsStore(inner).insert(row);
          await recordAudit(inner, accountId, 'form.created', { type: 'form', id: row.id }, clock);
          return { result: undefined, events: [formCreatedEvent(row)] };
        },
        outbox,
      );
      return toForm(row);
    },

    async update(
      accountId: string,
      id: string,
      body: UpdateFormBody,
      ifMatch?: string,
    ): Promise<VersionedForm> {
      const row = await edit(
        accountId,
        id,
        'form.updated',
        (current) => {
          if (Object.values(body).every((v) => v === undefined)) return undefined;
          const values: FormUpdate = {};
          // Without a new schema, title and description edits keep the schema's meta in step.
          let schema: FormSchema = body.schema ?? schemaOf(current);
          if (body.title !== undefined) {
            values.title = body.title;
            values.title_search = body.title.toLowerCase();
            if (body.schema === undefined)
              schema = { ...schema, meta: { ...schema.meta, title: body.title } };
          }
          if (body.description !== undefined) {
            values.description = body.description;
            if (body.schema === undefined) {
              schema = { ...schema, meta: patchObject(schema.meta, { description: body.description }) };
            }
          }
          if (body.settings !== undefined) {
            // An empty list is no list: any origin may call the form again, as with none.
            const { allowedOrigins, ...rest } = body.settings;
            const origins = allowedOrigins?.length === 0 ? null : allowedOrigins;
            schema = {
              ...schema,
              settings: patchObject(schema.settings ?? {}, { ...rest, allowedOrigins: origins }),
            };
          }
          if (body.expiresAt !== undefined) {
            values.expires_at = body.expiresAt === null ? null : new Date(body.expiresAt).toISOString();
          }
          return { values, schema };
        },
        ifMatch,
      );
      if (body.schema?.settings?.notifications !== undefined) await onNotificationsSaved?.(id);
      return versioned(row);
    },

    async remove(accountId: string, id: string): Promise<DeleteResult> {
      const current = await load(accountId, id);
      const nowIso = isoNow(clock());
      const deleted = await withEvents(
        db,
        async (trx) => {
          const done = await createFormsStore(trx).update(accountId, id, {
            deleted_at: nowIso,
            updated_at: nowIso,
          });
          if (done) await recordAudit(trx, accountId, 'form.deleted', { type: 'form', id }, clock);
          return { result: done, events: done ? [formDeletedEvent(current, nowIso)] : [] };
        },
        outbox,
      );
      if (!deleted) throw formNotFound(id);
      await onDeleted?.(id);
      return { id, deleted: true };
    },

    async publish(accountId: string, id: string): Promise<PublishFormResult> {
      const row = await edit(accountId, id, 'form.published', (current) => {
        if (current.publish_status === 'PUBLISHED') return undefined;
        const nowIso = isoNow(clock());
        if (current.expires_at !== null && current.expires_at <= nowIso) {
          throw badRequest(
            `Form ${id} expired at ${current.expires_at}; set a later expiresAt (or null) first`,
          );
        }
        const max = schemaOf(current).settings?.maxResponses;
        if (max !== undefined && Number(current.response_count) >= max) {
          throw badRequest(
            `Form ${id} has reached settings.maxResponses (${max}); raise or remove the limit first`,
          );
        }
        return {
          values: {
            publish_status: 'PUBLISHED',
            published_at: nowIso,
            share_code: current.share_code ?? generateShareCode(),
          },
        };
      });
      return {
        id: row.id,
        publishStatus: 'PUBLISHED',
        publishedAt: row.published_at!,
        shareUrl: row.share_code!,
        publicUrl: publicFormUrl(publicUrl, row.share_code!),
      };
    },

    /** Back to DRAFT; the share code is kept, so publishing again revives the same link. */
    async unpublish(accountId: string, id: string): Promise<Form> {
      const row = await edit(accountId, id, 'form.unpublished', (current) =>
        current.publish_status === 'DRAFT' ? undefined : { values: { publish_status: 'DRAFT' } },
      );
      return toForm(row);
    },

    async addField(accountId: string, id: string, field: Field, ifMatch?: string): Promise<VersionedForm> {
      const row = await edit(
        accountId,
        id,
        'field.created',
        (current) => {
          const schema = schemaOf(current);
          return { schema: { ...schema, fields: [...schema.fields, field] } };
        },
        ifMatch,
      );
      return versioned(row);
    },

    /**
     * Writes texts into one language (`translations.<language>`) in `trx`: an AI job's
     * transaction, which commits with it. A text the language has stays, unless `overwrite`; keys
     * the form no longer has (it was edited while the job ran) are left out; the schema is checked
     * like any edit. 404 when the form is gone, 409 when it changed under the transaction.
     */
    async setTranslations(
      accountId: string,
      id: string,
      language: Language,
      texts: Readonly<Record<string, string>>,
      trx: Db,
      { overwrite = false }: { overwrite?: boolean } = {},
    ): Promise<Form> {
      const row = await createFormsStore(trx, db, outbox).find(accountId, id);
      if (row === undefined) throw formNotFound(id);
      const schema = schemaOf(row);
      const known = new Set(translationKeys(schema).map((t) => t.key));
      const written = Object.fromEntries(Object.entries(texts).filter(([key]) => known.has(key)));
      // Read in this transaction: a text typed while the job ran is kept too.
      const stored = Object.fromEntries(
        Object.entries(schema.translations?.[language] ?? {}).filter(
          ([key, text]) => known.has(key) && text.trim() !== '',
        ),
      );
      const table = overwrite ? { ...stored, ...written } : { ...written, ...stored };
      const next: FormSchema = { ...schema, translations: { ...schema.translations, [language]: table } };
      assertSchemaSound(next, undefined, captchaProviders);
      const values: FormUpdate = { schema: toJson(next), updated_at: isoNow(clock()) };
      if (
        !(await createFormsStore(trx, db, outbox).updateVersion(accountId, id, Number(row.version), values))
      ) {
        throw conflict(`Form ${id} was changed meanwhile; translate it again`);
      }
      await recordAudit(trx, accountId, 'form.translated', { type: 'form', id }, clock);
      return toForm({ ...row, ...values, version: Number(row.version) + 1 });
    },

    async updateField(
      accountId: string,
      id: string,
      fieldId: string,
      patch: UpdateFieldBody,
      ifMatch?: string,
    ): Promise<VersionedForm> {
      const row = await edit(
        accountId,
        id,
        'field.updated',
        (current) => {
          const schema = schemaOf(current);
          const index = findFieldIndex(schema, id, fieldId);
          const fields = [...schema.fields];
          fields[index] = patchObject(fields[index]!, patch);
          return { schema: { ...schema, fields } };
        },
        ifMatch,
      );
      return versioned(row);
    },

    async deleteField(
      accountId: string,
      id: string,
      fieldId: string,
      ifMatch?: string,
    ): Promise<VersionedForm> {
      const row = await edit(
        accountId,
        id,
        'field.deleted',
        (current) => {
          const schema = schemaOf(current);
          findFieldIndex(schema, id, fieldId);
          return { schema: { ...schema, fields: schema.fields.filter((f) => f.id !== fieldId) } };
        },
        ifMatch,
      );
      return versioned(row);
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
