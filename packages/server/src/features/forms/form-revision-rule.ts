import type { FormRow, FormUpdate } from '../../db/database.js';
import { currentAuditCaller } from '../../platform/audit/index.js';
import type { createFormRevisionsStore, RevisionRow } from './form-revisions-store.js';

/**
 * The revision a change of a form makes (docs/server.md "Revisions and drafts"), if any: a form
 * that is live after the change (published or archived) gets one when its schema changes, when
 * it is published for the first time, and when it is published again with a schema other than
 * its last revision's. Changes while it is a draft make none. Every write of a form's schema asks
 * here (the edit loop, translations), so each counts alike; the caller sets `values.revision` and
 * inserts the row in the transaction of the write.
 */
export async function nextRevision(
  revisions: Pick<ReturnType<typeof createFormRevisionsStore>, 'find'>,
  row: FormRow,
  values: FormUpdate,
  nowIso: string,
): Promise<RevisionRow | undefined> {
  if ((values.publish_status ?? row.publish_status) === 'DRAFT') return undefined;
  const schema = values.schema ?? row.schema;
  const changed = values.schema !== undefined && values.schema !== row.schema;
  const again =
    row.publish_status === 'DRAFT' &&
    row.revision !== null &&
    (await revisions.find(row.id, row.revision))?.schema !== schema;
  if (row.revision !== null && !changed && !again) return undefined;
  const by = currentAuditCaller()?.actor;
  return {
    revision: (row.revision ?? 0) + 1,
    title: values.title ?? row.title,
    schema,
    published_at: nowIso,
    by_type: by?.type ?? null,
    by_id: by?.id ?? null,
    by_email: by?.email ?? null,
  };
}
