import type { Db, IdempotencyKeysTable, ResponseRow } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { idempotencyCutoff } from './expiry.js';

export type IdempotencyRecord = IdempotencyKeysTable;

/**
 * Every stored Idempotency-Key. Two homes, one rule (`expiry.ts`), one purge:
 * - `idempotency_keys`: one row per (account, key) of a create route, claimed by the first request
 *   that uses it, then holding its sealed answer;
 * - `responses.idempotency_key` / `idempotency_fingerprint`: a public submission's key lives on the
 *   response it stored, claimed by the insert itself (unique per form) in the submission's
 *   transaction, so a fresh key costs the submission no statement of its own.
 */
export function createIdempotencyStore(db: Db) {
  return {
    /**
     * Claims the key for a request: true when this request is the first (a row now says it is
     * running); false when the key already has a row, which `find` reads.
     */
    async claim(row: Omit<IdempotencyRecord, 'response_status' | 'response_body'>): Promise<boolean> {
      try {
        const result = await db
          .insertInto('idempotency_keys')
          .values({ ...row, response_status: null, response_body: null })
          .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    find(accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** The answer of the request that claimed the key, for every retry to get. */
    async complete(accountId: string, key: string, status: number, body: string): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ response_status: status, response_body: body })
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .execute();
    },

    /** Gives the key up (the request failed with a 5xx or never answered): a retry may run it again. */
    async release(accountId: string, key: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .where('response_status', 'is', null)
        .execute();
    },

    /** Deletes one expired row, so its key can be claimed again. */
    async forgetExpired(accountId: string, key: string, now: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .where('expires_at', '<=', now)
        .execute();
    },

    /** The response a public submission stored under this key for this form, if any. */
    findSubmission(formId: string, key: string): Promise<ResponseRow | undefined> {
      return db
        .selectFrom('responses')
        .selectAll()
        .where('form_id', '=', formId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** Forgets an expired submission key: the response stays, its key and fingerprint go. */
    async forgetSubmission(responseId: string): Promise<void> {
      await db
        .updateTable('responses')
        .set({ idempotency_key: null, idempotency_fingerprint: null })
        .where('id', '=', responseId)
        .execute();
    },

    /**
     * The one purge: forgets every expired key, of create routes and of submissions; how many.
     * `since`: the cutoff of the previous purge, so only the submissions that expired since are
     * visited (through the (form_id, submitted_at) index; a new index would cost every submission).
     */
    async purgeExpired(now: Date, since?: string): Promise<number> {
      const keys = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now.toISOString())
        .executeTakeFirst();
      let expired = db
        .updateTable('responses')
        .set({ idempotency_key: null, idempotency_fingerprint: null })
        .where('form_id', 'in', db.selectFrom('forms').select('id'))
        .where('submitted_at', '<=', idempotencyCutoff(now))
        .where('idempotency_key', 'is not', null);
      if (since !== undefined) expired = expired.where('submitted_at', '>', since);
      const submissions = await expired.executeTakeFirst();
      return Number(keys.numDeletedRows ?? 0) + Number(submissions.numUpdatedRows ?? 0);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/**
 * The chore that purges expired keys (listed in chores.ts): each run visits only the submissions
 * that expired since the previous run of this process (the first visits all older ones once).
 */
export function createIdempotencyPurge({ db, clock }: { db: Db; clock: () => Date }): () => Promise<number> {
  const store = createIdempotencyStore(db);
  let sweptUpTo: string | undefined;
  return async () => {
    const now = clock();
    const purged = await store.purgeExpired(now, sweptUpTo);
    sweptUpTo = idempotencyCutoff(now);
    return purged;
  };
}
