import type { Form } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { ConflictError, notFound } from '../../domain-errors.js';
import { formatDuration } from '../../util/duration.js';
import { toForm } from './form-mapping.js';
import { createFormsStore } from './forms-store.js';

/** docs/decisions.md (form DELETE): deleted forms are kept this long (restorable), then purged. */
export const DEFAULT_DELETED_RETENTION_MS = 30 * 86_400_000;

/** A deleted form past its retention window: it can no longer be restored. */
export class FormAdminError extends ConflictError {
  override name = 'FormAdminError';
}

export interface FormsAdminOptions {
  db: Db;
  retentionMs?: number;
  clock?: () => Date;
}

/** Operator actions on forms, outside any account's API: restore and purge. */
export function createFormsAdmin({
  db,
  retentionMs = DEFAULT_DELETED_RETENTION_MS,
  clock = () => new Date(),
}: FormsAdminOptions) {
  const store = createFormsStore(db);

  return {
    /** Brings back a soft-deleted form (and so its responses) inside the retention window. */
    async restore(id: string): Promise<Form> {
      const row = await store.findDeleted(id);
      if (row === undefined) throw notFound(`no deleted form with id ${id} (it may be live, or purged)`);
      const now = clock();
      const deletedAt = Date.parse(row.deleted_at!);
      if (now.getTime() - deletedAt >= retentionMs) {
        throw new FormAdminError(
          `form ${id} was deleted at ${row.deleted_at}, more than ${formatDuration(retentionMs)} ago; it is due to be purged`,
        );
      }
      const nowIso = isoNow(now);
      await store.restore(id, nowIso);
      return toForm({ ...row, deleted_at: null, updated_at: nowIso });
    },

    /** Deletes for good every form deleted longer ago than the retention window. */
    async purge(): Promise<number> {
      const cutoff = isoNow(new Date(clock().getTime() - retentionMs));
      let total = 0;
      for (;;) {
        const purged = await store.purgeDeletedBefore(cutoff);
        total += purged;
        if (purged === 0) return total;
      }
    },
  };
}
