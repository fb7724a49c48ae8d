import type { DeleteResult } from '@formloom/contract';
import type { Db } from '../../db/database.js';
import { audited } from '../../platform/audit/index.js';
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

/** Deleting a response for good: its row, its count, its files, with an audit entry. */
export function createResponseDeletion({ db, clock, forms, files, deleteFiles }: ResponseDeletionDeps) {
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
        async (trx) => {
          const stored = (await files?.storedOf(trx, formId, responseId)) ?? [];
          if (!(await createResponsesStore(trx, db).remove(formId, responseId))) return false;
          await forms.submissionForms(trx, db).decrementResponses(formId);
          return stored;
        },
        clock,
      );
      if (keys === false) throw responseNotFound(formId, responseId);
      await deleteFiles?.(keys);
      return { id: responseId, deleted: true };
    },
  };
}
