import { z } from 'zod';

/** The states of a response's payment. */
export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'refunded',
  'partially_refunded',
  'disputed',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a response records of its payment. */
export const ResponsePayment = z
  .object({
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number().int().describe("Charged, in the currency's minor units (1250 is 12.50 EUR)"),
    currency: z.string().describe('ISO 4217, upper case'),
    sessionId: z.string().describe("The Stripe Checkout Session's id"),
    paymentIntentId: z.string().nullable().describe("The Stripe PaymentIntent's id, once paid"),
    refundedAmount: z.number().int().optional().describe('Refunded so far, in minor units'),
  })
  .describe('Payment');
export type ResponsePayment = z.infer<typeof ResponsePayment>;
