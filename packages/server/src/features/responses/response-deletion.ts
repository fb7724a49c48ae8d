import type { DeleteResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import { audited, runAsAuditCaller } from '../../platform/audit/index.js';
import type { FormsService } from '../forms/index.js';
import type { FileAnswers } from '../uploads/index.js';
import { responseNotFound } from './response-reading.js';
import { createResponsesStore } from './responses-store.js';

export interface ResponseDeletionDeps {
  db: Db;
  clock: () => Date;
  /** Loads an account's form (404 for another account's). */
  forms: FormsService;
  /** Names the stored files of a response (`FileAnswers.storedOf`). */
  files?: Pick<FileAnswers, 'storedOf'> | undefined;
  /** Deletes a deleted response's stored files once the deletion commits (`UploadsService.deleteStored`). */
  deleteFiles?: ((storageKeys: readonly string[]) => Promise<void>) | undefined;
}

const DAY_MS = 86_400_000;

/** Responses deleted in one transaction (and one audit entry) by the retention chore. */
const PURGE_BATCH = 200;

/** Who deletes responses past a form's retention: the server itself. */
const RETENTION_ACTOR = { type: 'system', id: 'retention' } as const;

/** Deleting a response for good: its row, its count, its files, with an audit entry. */
export function createResponseDeletion({ db, clock, forms, files, deleteFiles }: ResponseDeletionDeps) {
  /** Deletes the response's row, its files' rows and one of the form's count, in `trx`; its files' keys, or false when it was gone. */
  async function removeIn(trx: Db, formId: string, responseId: string): Promise<string[] | false> {
    const stored = (await files?.storedOf(trx, formId, responseId)) ?? [];
    if (!(await createResponsesStore(trx, db).remove(formId, responseId))) return false;
    await forms.submissionForms(trx, db).decrementResponses(formId);
    return stored;
  }

  return {
    /**
     * Deletes a response for good, with its uploaded files, in one transaction with its audit entry
     * (`response.deleted`) and the count's decrement; the files' objects go once it commits. No webhook event
     * is defined for it (docs/webhooks.md "Events"). Another account's form is a 404.
     */
    async remove(accountId: string, formId: string, responseId: string): Promise<DeleteResult> {
      await forms.load(accountId, formId);
      const keys = await audited(
        db,
        accountId,
        'response.deleted',
        { type: 'response', id: responseId },
        (trx) => removeIn(trx, formId, responseId),
        clock,
      );
      if (keys === false) throw responseNotFound(formId, responseId);
      await deleteFiles?.(keys);
      return { id: responseId, deleted: true };
    },

    /**
     * The retention chore (docs/server.md "Retention"): deletes for good, with their files, the
     * responses older than their form's `settings.retentionDays`, in batches of `PURGE_BATCH`, each
     * one transaction with one audit entry (`response.purged` on the form, by the server). Answers
     * how many went.
     */
    async purgeRetained(): Promise<number> {
      let purged = 0;
      for (const form of await forms.retained()) {
        const before = isoNow(new Date(clock().getTime() - form.retention_days * DAY_MS));
        const caller = { accountId: form.account_id, actor: RETENTION_ACTOR, ip: null };
        for (;;) {
          const ids = await createResponsesStore(db).idsBefore(form.id, before, PURGE_BATCH);
          if (ids.length === 0) break;
          const keys = await runAsAuditCaller(caller, () =>
            audited(
              db,
              form.account_id,
              'response.purged',
              { type: 'form', id: form.id },
              async (trx) => {
                const all: string[] = [];
                for (const id of ids) {
                  const stored = await removeIn(trx, form.id, id);
                  if (stored !== false) all.push(...stored);
                }
                return all;
              },
              clock,
            ),
          );
          await deleteFiles?.(keys);
          purged += ids.length;
          if (ids.length < PURGE_BATCH) break;
        }
      }
      return purged;
    },
  };
}
