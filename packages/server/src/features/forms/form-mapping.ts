import type {
  Form,
  FormListItem,
  FormSchema,
  PublicForm,
  PublishStatus,
  PublishVisibility,
} from '@formloom/contract';
import type { FormRow } from '../../db/database.js';
import { fromJson } from '../../db/json.js';

export function schemaOf(row: FormRow): FormSchema {
  return fromJson<FormSchema>(row.schema);
}

export function toListItem(row: FormRow, schema: FormSchema = schemaOf(row)): FormListItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    publishStatus: row.publish_status as PublishStatus,
    publishVisibility: row.publish_visibility as PublishVisibility,
    publishedAt: row.published_at,
    shareUrl: row.share_code,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    meta: schema.meta,
    settings: schema.settings ?? {},
  };
}

export function toForm(row: FormRow): Form {
  const schema = schemaOf(row);
  return { ...toListItem(row, schema), schema };
}

/** What the public page gets: the schema and nothing about the owner. */
export function toPublicForm(row: FormRow): PublicForm {
  return {
    code: row.share_code!,
    title: row.title,
    description: row.description,
    schema: schemaOf(row),
    acceptsResponses: row.publish_status === 'PUBLISHED',
    expiresAt: row.expires_at,
  };
}
