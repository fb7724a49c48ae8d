import type { DeleteResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { isoNow } from '../../db/json.js';
import type { Wake } from '../../jobs/wake.js';
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
  /**
   * Queues what else a deletion changes outside (the records of the form's destinations), in the
   * deletion's transaction; returns how many outbox deliveries it queued.
   */
  onDeleted?: ResponsesDeleted | undefined;
  /** The app's outbox wake-up, for what `onDeleted` queued. */
  outbox?: Wake | undefined;
}

/** What a deletion of responses of a form queues in its transaction (see `ResponseDeletionDeps.onDeleted`). */
export type ResponsesDeleted = (
  trx: Db,
  form: { id: string; accountId: string },
  responseIds: readonly string[],
) => Promise<number>;

const DAY_MS = 86_400_000;

/** Responses deleted in one transaction (and one audit entry) by the retention chore. */
const PURGE_BATCH = 200;

/** Who deletes responses past a form's retention: the server itself. */
const RETENTION_ACTOR = { type: 'system', id: 'retention' } as const;

/** Deleting a response for good: its row, its count, its files, with an audit entry. */
export function createResponseDeletion({
  db,
  clock,
  forms,
  files,
  deleteFiles,
  onDeleted,
  outbox,
}: ResponseDeletionDeps) {
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
      let queued = 0;
      const keys = await audited(
        db,
        accountId,
        'response.deleted',
        { type: 'response', id: responseId },
        async (trx) => {
          const removed = await removeIn(trx, formId, responseId);
          if (removed !== false)
            queued = (await onDeleted?.(trx, { id: formId, accountId }, [responseId])) ?? 0;
          return removed;
        },
        clock,
      );
      if (keys === false) throw responseNotFound(formId, responseId);
      if (queued > 0) outbox?.notify();
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
                const gone: string[] = [];
                for (const id of ids) {
                  const stored = await removeIn(trx, form.id, id);
                  if (stored !== false) {
                    all.push(...stored);
                    gone.push(id);
                  }
                }
                const queued =
                  (await onDeleted?.(trx, { id: form.id, accountId: form.account_id }, gone)) ?? 0;
                if (queued > 0) outbox?.notify();
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
