import type { Db, IdempotencyKeysTable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';

export type IdempotencyRecord = IdempotencyKeysTable;

/** The `idempotency_keys` rows: one per (account, key), claimed by the first request that uses it. */
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

    /** Deletes every expired row. */
    async sweep(now: string): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
