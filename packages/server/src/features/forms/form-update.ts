import type { FormSchema, UpdateFormBody } from '@formloom/contract';
import type { FormUpdate } from '../../db/database.js';
import { schemaOf } from '../../platform/form-schema.js';
import { type FormEditing, patchObject, type VersionedForm, versioned } from './form-editing.js';

export interface FormUpdateDeps {
  /** The optimistic-locking edit every change goes through (`FormEditing.edit`). */
  edit: FormEditing['edit'];
  /**
   * Runs after a save whose schema carries `settings.notifications`: re-saving them is how an
   * owner sends mail again after the outbox disabled the form's mail target (as new settings
   * reconnect a chat connection).
   */
  onNotificationsSaved?: ((formId: string) => Promise<void>) | undefined;
}

/**
 * Changing a form as a whole (PATCH /forms/:id): title and description (kept in step with the
 * schema's meta), settings, expiry, or a new schema.
 */
export function createFormUpdate({ edit, onNotificationsSaved }: FormUpdateDeps) {
  return {
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
  };
}
