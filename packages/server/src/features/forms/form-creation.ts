import { randomUUID } from 'node:crypto';
import {
  type CreateBlankFormBody,
  type CreateFormBody,
  DEFAULT_SCHEMA_VERSION,
  type Form,
  type FormSchema,
  formTemplate,
} from '@formloom/contract';
import type { Db, FormRow } from '../../db/database.js';
import { isoNow, toJson } from '../../db/json.js';
import { InvalidInputError } from '../../domain-errors.js';
import type { Wake } from '../../jobs/wake.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { FormEditing } from './form-editing.js';
import { formCreatedEvent, withEvents } from './form-events.js';
import { toForm } from './form-mapping.js';
import { createFormsStore } from './forms-store.js';

export interface FormCreationDeps {
  db: Db;
  clock: () => Date;
  /** The app's outbox wake-up: FORM_CREATED is sent at once. */
  outbox?: Wake | undefined;
  /** Checks a schema before it is stored (`FormEditing.assertSavable`). */
  assertSavable: FormEditing['assertSavable'];
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

/** A template's schema (English, with its translations); an unknown id is the caller's mistake. */
function templateSchema(templateId: string): FormSchema {
  const template = formTemplate(templateId);
  if (template === undefined) {
    throw new InvalidInputError(`There is no template "${templateId}": GET /v1/templates lists them.`, [
      {
        path: 'body.templateId',
        code: 'unknown_template',
        message: `No template has the id "${templateId}".`,
      },
    ]);
  }
  return structuredClone(template.schema);
}

/** Creating a form, from a schema, a template or blank, as a DRAFT with its audit entry and FORM_CREATED. */
export function createFormCreation({ db, clock, outbox, assertSavable }: FormCreationDeps) {
  return {
    /** `trx`: a transaction to create the form in (an AI job's, which commits with it). */
    async create(accountId: string, body: CreateFormBody, trx: Db = db): Promise<Form> {
      let schema: FormSchema;
      let description: string | null;
      let title: string;
      if ('templateId' in body) {
        schema = templateSchema(body.templateId);
        description = schema.meta.description ?? null;
        title = body.title ?? schema.meta.title;
      } else if ('schema' in body && body.schema !== undefined) {
        schema = body.schema;
        description = body.schema.meta.description ?? null;
        title = body.title;
      } else {
        const blank = body as CreateBlankFormBody;
        schema = blankSchema(blank.title, blank.description, blank.language ?? 'en');
        description = blank.description ?? null;
        title = blank.title;
      }
      await assertSavable(accountId, schema, trx);
      const nowIso = isoNow(clock());
      const row: FormRow = {
        id: randomUUID(),
        account_id: accountId,
        title,
        title_search: title.toLowerCase(),
        description,
        schema: toJson(schema),
        publish_status: 'DRAFT',
        publish_visibility: 'PUBLIC',
        share_code: null,
        published_at: null,
        expires_at: null,
        revision: null,
        retention_days: schema.settings?.retentionDays ?? null,
        slug: schema.settings?.slug ?? null,
        response_count: 0,
        version: 1,
        deleted_at: null,
        created_at: nowIso,
        updated_at: nowIso,
        // A new form (a copy too) is open to all: access rules are set on the form itself.
        access_password_hash: null,
        access_opens_at: null,
        access_closed_message: null,
        access_one_response: null,
        access_edit_hours: null,
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
  };
}
