import type { FormSchema } from '@formloom/contract';
import type { FormRow } from '../db/database.js';
import { schemaOf } from './form-schema.js';

/** A published form is archived once its expiry passes or its response limit is reached. */
export function archiveDue(row: FormRow, nowIso: string, schema: FormSchema = schemaOf(row)): boolean {
  if (row.publish_status !== 'PUBLISHED') return false;
  if (row.expires_at !== null && row.expires_at <= nowIso) return true;
  const max = schema.settings?.maxResponses;
  return max !== undefined && Number(row.response_count) >= max;
}
