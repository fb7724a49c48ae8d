import type { FormSchema } from '@formloom/contract';
import type { FormRow } from '../db/database.js';
import { fromJson } from '../db/json.js';

/** A form row's stored schema, parsed. */
export function schemaOf(row: FormRow): FormSchema {
  return fromJson<FormSchema>(row.schema);
}
