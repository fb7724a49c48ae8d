import type { Field, FormSchema, UpdateFieldBody } from '@formloom/contract';
import { notFound } from '../../domain-errors.js';
import { schemaOf } from '../../platform/form-schema.js';
import { type FormEditing, patchObject, type VersionedForm, versioned } from './form-editing.js';

export interface FormFieldsDeps {
  /** The optimistic-locking edit every change goes through (`FormEditing.edit`). */
  edit: FormEditing['edit'];
}

function findFieldIndex(schema: FormSchema, formId: string, fieldId: string): number {
  const index = schema.fields.findIndex((f) => f.id === fieldId);
  if (index < 0) throw notFound(`Field "${fieldId}" not found in form ${formId}`);
  return index;
}

/** A form's fields one at a time: adding, patching, deleting one, each an edit of the schema. */
export function createFormFields({ edit }: FormFieldsDeps) {
  return {
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
