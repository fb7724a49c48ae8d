import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Payments through Stripe Checkout (docs/payments.md). `payment_accounts`: an account's Stripe keys,
 * the secret key and the webhook secret sealed (the row's account id as associated data), the
 * publishable key and the mode in the clear. `payments`: a payment from its start (the answers as
 * sent, kept until paid; the amount the server computed; the Checkout Session's id, unique) to the
 * response it stored, with its status as Stripe's events change it. `responses.payment`: the JSON
 * a response answers of its payment, written with the response and on each status change.
 */
export const payments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_accounts')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('secret_key_sealed', 'text', (c) => c.notNull())
      .addColumn('webhook_secret_sealed', 'text', (c) => c.notNull())
      .addColumn('publishable_key', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull().unique())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('language', 'text')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_intent_id', 'text')
      .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('response_id', 'text', (c) => c.references('responses.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payments_intent_idx').on('payments').column('payment_intent_id').execute();
    await db.schema.createIndex('payments_response_idx').on('payments').column('response_id').execute();
    await db.schema.alterTable('responses').addColumn('payment', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('responses').dropColumn('payment').execute();
    await db.schema.dropTable('payments').execute();
    await db.schema.dropTable('payment_accounts').execute();
  },
};
