import type { Form, FormListItem, FormSchema, PublishStatus, PublishVisibility } from '@formloom/contract';
import type { FormRow } from '../../db/database.js';
import { schemaOf } from '../../platform/form-schema.js';

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
    revision: row.revision ?? null,
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
