import { z } from 'zod';
import { SubmitResponseBody, SubmitResponseResult } from './response.js';
import { ResponsePayment } from './response-payment.js';

export { PAYMENT_STATUSES, type PaymentStatus, ResponsePayment } from './response-payment.js';

/**
 * Payments through Stripe Checkout (docs/payments.md): the account's Stripe keys, a payment's
 * start and completion by a respondent, and the payment a response carries.
 */

/**
 * Where Stripe posts an account's events (`checkout.session.completed`, `charge.refunded`,
 * `charge.dispute.created`), each signed with the account's webhook secret. Served beside the
 * contract's routes: Stripe sends its own body, which is verified on its bytes as they came.
 */
export const STRIPE_WEBHOOK_PATH = '/v1/payments/stripe/webhook/:accountId';

/** Where Stripe Checkout sends the respondent back once paid (`session_id` in the query). */
export const PAID_PAGE_PATH = '/f/:code/paid';

const secretKey = z
  .string()
  .max(255)
  .regex(
    /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
    'must be a Stripe secret key (sk_test_…, sk_live_…) or a restricted key',
  );
const publishableKey = z
  .string()
  .max(255)
  .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_…, pk_live_…)');
const webhookSecret = z
  .string()
  .max(255)
  .regex(/^whsec_[A-Za-z0-9+/=_]+$/, "must be a Stripe webhook endpoint's signing secret (whsec_…)");

/** The mode of a Stripe key: `sk_test_…` is test, `sk_live_…` live. */
export function stripeKeyMode(key: string): 'test' | 'live' {
  return /^[a-z]{2}_live_/.test(key) ? 'live' : 'test';
}

export const ConnectStripeBody = z
  .object({
    secretKey: secretKey.describe('The secret (or restricted) key; sealed at rest, never read back'),
    publishableKey: publishableKey.describe('The publishable key'),
    webhookSecret: webhookSecret.describe(
      "The signing secret of the account's webhook endpoint at `/v1/payments/stripe/webhook/<accountId>`; sealed, never read back",
    ),
  })
  .strict()
  .refine((b) => stripeKeyMode(b.secretKey) === stripeKeyMode(b.publishableKey), {
    path: ['publishableKey'],
    message: 'the secret and publishable keys must be of the same mode (both test or both live)',
  });
export type ConnectStripeBody = z.infer<typeof ConnectStripeBody>;

/** The account's Stripe connection as it is read: never a secret. */
export const StripeConnection = z
  .object({
    connected: z.boolean(),
    mode: z.enum(['test', 'live']).nullable().describe("From the keys' prefix; null when not connected"),
    publishableKey: z.string().nullable(),
    webhookUrl: z
      .string()
      .describe("The address to give Stripe's webhook endpoint: this server's, with the account's id"),
  })
  .describe('Stripe connection');
export type StripeConnection = z.infer<typeof StripeConnection>;

/** A payment's start: the answers, as a submission sends them (validated the same way). */
export const StartPaymentBody = SubmitResponseBody.omit({ quizAttempt: true }).describe('Payment start');
export type StartPaymentBody = z.infer<typeof StartPaymentBody>;

export const StartedPayment = z
  .object({
    checkoutUrl: z.string().describe("Stripe Checkout's page: send the respondent there"),
    sessionId: z.string(),
    amount: z.number().int().describe("Computed by the server, in the currency's minor units"),
    currency: z.string(),
  })
  .describe('Payment started');
export type StartedPayment = z.infer<typeof StartedPayment>;

/** A completed payment: the response stored once, as a submission answers, with its payment. */
export const CompletedPayment = SubmitResponseResult.extend({ payment: ResponsePayment }).describe(
  'Payment completed',
);
export type CompletedPayment = z.infer<typeof CompletedPayment>;

export const RefundBody = z
  .object({
    amount: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('In minor units, at most what is left to refund; default: all of it'),
  })
  .strict();
export type RefundBody = z.infer<typeof RefundBody>;
