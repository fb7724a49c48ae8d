import type { FormSchema, ResponseCount } from '@formloom/contract';
import type { Db, FormRow } from '../../db/database.js';
import { archiveDue } from '../../platform/archive-rule.js';
import type { FormsService, SubmissionForms } from '../forms/index.js';
import type { CompiledForms } from './compiled-forms.js';

export interface ResponseCountsDeps {
  db: Db;
  /** Loads an account's form for the count route (404 for another account's). */
  forms: FormsService;
  compiled: CompiledForms;
}

/** Thrown inside a submission's transaction to roll it back: the form filled up meanwhile. */
export class LastPlaceTaken extends Error {}

/**
 * A form's response count and what follows from it: a form that a count fills (`maxResponses`)
 * or time expires is archived, and takes no more responses.
 */
export function createResponseCounts({ db, forms, compiled }: ResponseCountsDeps) {
  const formsStore = forms.submissionForms(db);

  /** The form's count: its row's counter plus its shard rows. */
  async function total(form: FormRow): Promise<number> {
    return Number((await formsStore.withFullCount(form)).response_count);
  }

  return {
    total,

    /**
     * `row`, archived first through `store` when that is due (expired or full) as of `nowIso`.
     * `store` is the caller's, so a submission archives inside its transaction.
     */
    async archivedIfDue(store: SubmissionForms, row: FormRow, nowIso: string): Promise<FormRow> {
      const { schema } = compiled.get(row);
      if (!archiveDue(row, nowIso, schema)) return row;
      await store.archive(row, nowIso, schema);
      return { ...row, publish_status: 'ARCHIVED', updated_at: nowIso };
    },

    /**
     * Counts one new response of `form` in the submission's transaction (`store`); the form as
     * counted. Throws LastPlaceTaken when a cap was reached meanwhile.
     */
    async added(store: SubmissionForms, form: FormRow, schema: FormSchema): Promise<FormRow> {
      const max = schema.settings?.maxResponses;
      if (max === undefined) {
        // No cap: the count goes to one of the form's shard rows, so submissions to a popular form
        // do not queue on its row, which is only read.
        await store.incrementShardedResponses(form.id);
        return form;
      }
      // A cap: the count on the form's row, whose lock makes it exact (plus the shards a form
      // filled while it had no cap).
      const count = await store.incrementResponses(form.id);
      // Another submission took the last place after this one read the form (it happens with
      // several connections, i.e. PostgreSQL): undo this one and answer as for a full form.
      if (count > max) throw new LastPlaceTaken();
      return { ...form, response_count: count };
    },

    async count(accountId: string, formId: string): Promise<ResponseCount> {
      return { count: await total(await forms.load(accountId, formId)) };
    },
  };
}

export type ResponseCounts = ReturnType<typeof createResponseCounts>;
