/** Payments through Stripe Checkout: the account's keys, a payment's start and completion, refunds. */
export { createPaymentPages } from './payment-pages.js';
export { createPaymentsRouter } from './payments-router.js';
export {
  createPaymentsService,
  PAYMENT_LIMITS,
  type PaymentLimits,
  type PaymentsService,
} from './payments-service.js';
export { createStripeClients, type StripeClients } from './stripe-clients.js';
