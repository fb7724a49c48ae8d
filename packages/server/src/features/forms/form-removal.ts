import type { DeleteResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
import { recordAudit } from '../../platform/audit/index.js';
import { type FormEditing, formNotFound } from './form-editing.js';
import { formDeletedEvent, withEvents } from './form-events.js';
import { createFormsStore } from './forms-store.js';

export interface FormRemovalDeps {
  db: Db;
  clock: () => Date;
  /** The app's outbox wake-up: FORM_DELETED is sent at once. */
  outbox?: Wake | undefined;
  /** Loads an account's form (404 for another account's): `FormEditing.load`. */
  load: FormEditing['load'];
  /**
   * Runs after a form is soft-deleted: its uploaded files are deleted at once (docs/decisions.md: they are
   * the privacy risk).
   */
  onDeleted?: ((formId: string) => Promise<void>) | undefined;
}

/**
 * Deleting a form: soft, with its audit entry and FORM_DELETED in one transaction, then its
 * uploaded files (`onDeleted`). Restoring and purging are the admin's (forms-admin.ts).
 */
export function createFormRemoval({ db, clock, outbox, load, onDeleted }: FormRemovalDeps) {
  return {
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
  };
}
