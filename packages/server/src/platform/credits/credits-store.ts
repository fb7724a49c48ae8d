import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type LedgerKind = 'grant' | 'reserve' | 'refund';

export interface LedgerEntry {
  id: string;
  account_id: string;
  kind: string;
  delta: number;
  balance_after: number;
  reason: string;
  reservation_id: string | null;
  refunded: number;
  created_at: string;
}

/**
 * The SQL of credits. Every balance change is a conditional `UPDATE ... RETURNING`, atomic on
 * SQLite and PostgreSQL alike, so concurrent spenders cannot take the balance below zero; the
 * service runs each one in a transaction with its ledger row.
 */
export function createCreditsStore(db: Db) {
  return {
    /** Adds `delta` (negative: takes) unless the balance would drop below zero; the new balance. */
    async change(accountId: string, delta: number): Promise<number | undefined> {
      const row = await db
        .updateTable('accounts')
        .set({ credit_balance: sql<number>`credit_balance + ${delta}` })
        .where('id', '=', accountId)
        .where(sql<boolean>`credit_balance + ${delta} >= 0`)
        .returning('credit_balance')
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.credit_balance);
    },

    async balance(accountId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select('credit_balance')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.credit_balance);
    },

    async append(entry: Omit<LedgerEntry, 'refunded'>): Promise<void> {
      await db.insertInto('credit_ledger').values(entry).execute();
    },

    findEntry(id: string): Promise<LedgerEntry | undefined> {
      return db.selectFrom('credit_ledger').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Marks `amount` of a reservation refunded, unless that would refund more than it took. */
    async markRefunded(reservationId: string, amount: number): Promise<boolean> {
      const result = await db
        .updateTable('credit_ledger')
        .set({ refunded: sql<number>`refunded + ${amount}` })
        .where('id', '=', reservationId)
        .where('kind', '=', 'reserve')
        .where(sql<boolean>`refunded + ${amount} <= -delta`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A page of the account's rows, newest first, and how many it has. */
    async page(
      accountId: string,
      page: number,
      limit: number,
    ): Promise<{ rows: LedgerEntry[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('credit_ledger')
          .selectAll()
          .where('account_id', '=', accountId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('credit_ledger')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    list(accountId: string, limit: number): Promise<LedgerEntry[]> {
      return db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
