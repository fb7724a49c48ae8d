import type { Db, PaymentAccountRow, PaymentRow } from '../../db/database.js';
import type { StoredSubmission } from '../responses/index.js';

/** SQL for `payment_accounts` and `payments`. `db` may be a transaction. */
export function createPaymentsStore(db: Db) {
  return {
    account(accountId: string): Promise<PaymentAccountRow | undefined> {
      return db
        .selectFrom('payment_accounts')
        .selectAll()
        .where('account_id', '=', accountId)
        .executeTakeFirst();
    },

    async putAccount(row: PaymentAccountRow): Promise<void> {
      const { account_id: _, created_at: __, ...changes } = row;
      await db
        .insertInto('payment_accounts')
        .values(row)
        .onConflict((oc) => oc.column('account_id').doUpdateSet(changes))
        .execute();
    },

    async removeAccount(accountId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('payment_accounts')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async insert(row: PaymentRow): Promise<void> {
      await db.insertInto('payments').values(row).execute();
    },

    bySession(sessionId: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
    },

    byIntent(accountId: string, paymentIntentId: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst();
    },

    byResponse(formId: string, responseId: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('form_id', '=', formId)
        .where('response_id', '=', responseId)
        .executeTakeFirst();
    },

    /**
     * A form's takings per currency (by code) over the paid payments whose responses were
     * submitted within the inclusive bounds: charged less refunded, the refunds, the count. A
     * payment refunded before its response was stored has none and is not counted.
     */
    async revenue(scope: {
      accountId: string;
      formId: string;
      from?: string | undefined;
      to?: string | undefined;
    }): Promise<{ currency: string; amount: number; refunded: number; payments: number }[]> {
      let query = db
        .selectFrom('payments as p')
        .innerJoin('responses as r', 'r.id', 'p.response_id')
        .where('p.form_id', '=', scope.formId)
        .where('p.account_id', '=', scope.accountId)
        .where('p.status', 'in', ['succeeded', 'partially_refunded', 'refunded', 'disputed']);
      if (scope.from !== undefined) query = query.where('r.submitted_at', '>=', scope.from);
      if (scope.to !== undefined) query = query.where('r.submitted_at', '<=', scope.to);
      const rows = await query
        .select((eb) => [
          'p.currency',
          eb.fn.sum<number | string>('p.amount').as('charged'),
          eb.fn.sum<number | string>('p.refunded_amount').as('refunded'),
          eb.fn.countAll<number | string>().as('payments'),
        ])
        .groupBy('p.currency')
        .orderBy('p.currency')
        .execute();
      return rows.map((r) => ({
        currency: r.currency,
        amount: Number(r.charged) - Number(r.refunded),
        refunded: Number(r.refunded),
        payments: Number(r.payments),
      }));
    },

    /** The response a payment stored, if any (a repeated completion answers it). */
    async completedBy(id: string): Promise<StoredSubmission | undefined> {
      const payment = await db
        .selectFrom('payments')
        .select('response_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (payment?.response_id == null) return undefined;
      return db
        .selectFrom('responses')
        .select(['id', 'submitted_at', 'ending_id', 'language', 'answers', 'variables', 'quiz'])
        .where('id', '=', payment.response_id)
        .executeTakeFirst();
    },

    /**
     * Marks the payment completed by `responseId` (paid, with its PaymentIntent) and writes the
     * response's `payment`; false when another completion did first.
     */
    async markCompleted(
      id: string,
      responseId: string,
      paymentIntentId: string | null,
      paymentJson: (row: PaymentRow) => string,
      nowIso: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({
          response_id: responseId,
          payment_intent_id: paymentIntentId,
          status: 'succeeded',
          updated_at: nowIso,
        })
        .where('id', '=', id)
        .where('response_id', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await db
        .updateTable('responses')
        .set({ payment: paymentJson(row) })
        .where('id', '=', responseId)
        .execute();
      return true;
    },

    /**
     * A paid payment whose response could not be stored, refunded in full: `refunded`, with its
     * PaymentIntent and the reason; false when a completion stored it meanwhile.
     */
    async markRefundedUnstored(
      row: PaymentRow,
      paymentIntentId: string | null,
      reason: string,
      nowIso: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({
          status: 'refunded',
          refunded_amount: row.amount,
          payment_intent_id: paymentIntentId,
          refund_reason: reason,
          updated_at: nowIso,
        })
        .where('id', '=', row.id)
        .where('response_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A payment's status and refunded amount, and its response's `payment` with them. */
    async setStatus(
      row: PaymentRow,
      changes: Pick<PaymentRow, 'status' | 'refunded_amount'>,
      paymentJson: (row: PaymentRow) => string,
      nowIso: string,
    ): Promise<PaymentRow> {
      await db
        .updateTable('payments')
        .set({ ...changes, updated_at: nowIso })
        .where('id', '=', row.id)
        .execute();
      const next = { ...row, ...changes, updated_at: nowIso };
      if (row.response_id !== null) {
        await db
          .updateTable('responses')
          .set({ payment: paymentJson(next) })
          .where('id', '=', row.response_id)
          .execute();
      }
      return next;
    },
  };
}
