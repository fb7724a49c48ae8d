import { z } from 'zod';
import { DeleteResult, Uuid } from '../models/common.js';
import { success } from '../models/envelope.js';
import {
  CompletedPayment,
  ConnectStripeBody,
  RefundBody,
  ResponsePayment,
  StartedPayment,
  StartPaymentBody,
  StripeConnection,
} from '../models/payment.js';
import { meta } from './metadata.js';
import { completePayment, startPayment } from './public-routes.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  c,
  errorResponses,
  FormIdParams,
  PUBLIC_ERRORS,
  SESSION_ERRORS,
  ShareCodeParams,
} from './shared.js';

/**
 * Payments through Stripe Checkout (docs/payments.md). The account's keys are set by its owners
 * and admins; a respondent starts a payment with the answers and completes it once Stripe has
 * taken it; a response's payment is refunded through Stripe. Stripe's own webhook is served beside
 * these routes (`STRIPE_WEBHOOK_PATH`).
 */

const manage = meta({ auth: 'cookie', permission: 'payments.manage', refusesKeys: true });
const MANAGE_ERRORS = SESSION_ERRORS;
const sessionOnly = 'Needs a dashboard session of an owner or admin; an API key is refused (403).';
const byShareCode = meta({ auth: 'shareCode' });
const formGone = {
  404: 'No published form under this code',
  401: 'PASSWORD_REQUIRED: the form is password-protected and no valid `X-Formloom-Access` token came',
};
const SessionParams = ShareCodeParams.extend({
  sessionId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/)
    .describe("The Checkout Session's id (`session_id` of the return address)"),
});
const RefundParams = FormIdParams.extend({ responseId: Uuid.describe('Response id') });

export const paymentsRouter = c.router({
  getStripeConnection: {
    method: 'GET',
    path: '/v1/me/payments/stripe',
    summary: "Read the account's Stripe connection",
    description: `Whether keys are set, their mode (test or live, from the keys) and the publishable key; never a secret. ${sessionOnly}`,
    responses: { 200: success(StripeConnection, 'The connection'), ...errorResponses(MANAGE_ERRORS) },
    metadata: manage,
  },
  connectStripe: {
    method: 'PUT',
    path: '/v1/me/payments/stripe',
    body: ConnectStripeBody,
    summary: "Set the account's Stripe keys",
    description: `The secret key and the webhook secret are sealed at rest and never read back; setting them again replaces them. Recorded in the audit log as \`payments.connected\`. ${sessionOnly}`,
    responses: {
      200: success(StripeConnection, 'Connected'),
      ...errorResponses([...MANAGE_ERRORS, ...BODY_ERRORS]),
    },
    metadata: manage,
  },
  disconnectStripe: {
    method: 'DELETE',
    path: '/v1/me/payments/stripe',
    summary: "Remove the account's Stripe keys",
    description: `Forms with a payment field take no payment until keys are set again; responses keep their payments. ${sessionOnly}`,
    responses: {
      200: success(DeleteResult, 'Disconnected'),
      ...errorResponses([...MANAGE_ERRORS, ...BODY_ERRORS, 404], { 404: 'No Stripe keys are set' }),
    },
    metadata: manage,
  },
  startPayment: {
    ...startPayment,
    pathParams: ShareCodeParams,
    body: StartPaymentBody,
    summary: 'Start a payment',
    description:
      'A form with a payment field: the answers are validated as a submission would be (400 naming each problem, the captcha checked), kept until paid, and a Stripe Checkout Session is created for the amount the server computes from the form (never one a client sends). ' +
      'Send the respondent to `checkoutUrl`; Stripe sends them back to `/f/:code/paid?session_id=…`. Limited per address and per form (429 `PAYMENT_LIMIT`).',
    responses: {
      201: success(StartedPayment, 'Checkout Session created'),
      ...errorResponses(
        [
          ...PUBLIC_ERRORS,
          ...BODY_ERRORS,
          401,
          404,
          409,
          503,
          'CAPTCHA_FAILED',
          'STRIPE_NOT_CONNECTED',
          'CHECKOUT_NOT_NEEDED',
        ],
        {
          ...formGone,
          409: 'FORM_CLOSED; STRIPE_NOT_CONNECTED: the account has no Stripe keys; CHECKOUT_NOT_NEEDED: the form has no payment field',
          503: 'Stripe did not answer; nothing was charged',
        },
      ),
    },
    metadata: byShareCode,
  },
  completePayment: {
    ...completePayment,
    pathParams: SessionParams,
    body: c.noBody(),
    summary: 'Complete a payment',
    description:
      'Asks Stripe for the Checkout Session: once it is paid, for the amount and currency computed at the start, for this form, the response is stored, once. ' +
      'A repeated completion (or one after Stripe’s `checkout.session.completed` webhook) answers the same response. Before payment: 402 `PAYMENT_REQUIRED_FIRST`.',
    responses: {
      200: success(CompletedPayment, 'The response, stored once'),
      ...errorResponses(
        [
          ...PUBLIC_ERRORS,
          ...BODY_ERRORS,
          401,
          402,
          404,
          409,
          503,
          'PAYMENT_REQUIRED_FIRST',
          'PAYMENT_REFUNDED',
        ],
        {
          ...formGone,
          402: 'PAYMENT_REQUIRED_FIRST: the session is not paid (yet)',
          404: 'No payment of this form under this session',
          409: 'The session does not match the payment it was made for; PAYMENT_REFUNDED: paid, but the form could no longer take the answers (closed, deleted, full, or the answers no longer valid), so the payment was refunded in full',
          503: 'Stripe did not answer; try again',
        },
      ),
    },
    metadata: byShareCode,
  },
  refundPayment: {
    method: 'POST',
    path: '/v1/forms/:id/responses/:responseId/refund',
    pathParams: RefundParams,
    body: RefundBody,
    summary: "Refund a response's payment",
    description:
      'Refunds through Stripe all that is left of the payment, or `amount` (minor units) of it; the payment becomes `refunded` or `partially_refunded`. Recorded in the audit log as `response.refunded`.',
    responses: {
      200: success(ResponsePayment, 'The payment after the refund'),
      ...errorResponses([...API_KEY_ERRORS, ...BODY_ERRORS, 404, 409, 503], {
        404: 'Form or response not found, or the response has no payment',
        409: 'Nothing left to refund, or more than is left',
        503: 'Stripe did not answer',
      }),
    },
    metadata: meta({
      auth: 'apiKey',
      scope: 'FORMS_WRITE',
      permission: 'payments.manage',
      minPlan: 'STARTER',
    }),
  },
});
