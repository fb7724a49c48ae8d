import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `payments.refund_reason`: why the server refunded a payment on its own (its response could not
 * be stored once paid: the form closed, deleted or full, the answers no longer valid), in words
 * the owner reads; null for a payment nobody refunded, or refunded by the owner or on Stripe.
 */
export const paymentRefundReason: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payments').addColumn('refund_reason', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('payments').dropColumn('refund_reason').execute();
  },
};
