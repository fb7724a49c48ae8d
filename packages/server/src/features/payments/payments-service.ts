import { randomUUID } from 'node:crypto';
import {
  type CompletedPayment,
  type ConnectStripeBody,
  type DeleteResult,
  type PaymentStatus,
  paymentAmount,
  paymentField,
  type RefundBody,
  type ResponsePayment,
  type StartedPayment,
  type StartPaymentBody,
  type StripeConnection,
  stripeKeyMode,
} from '@formloom/contract';
import type { LanguageRequest } from '@formloom/contract/engine';
import type Stripe from 'stripe';
import { CaptchaFailedError, type CaptchaVerifier } from '../../captcha/captcha-verifier.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db, PaymentRow } from '../../db/database.js';
import { fromJson, isoNow, toJson } from '../../db/json.js';
import {
  badRequest,
  ConflictError,
  conflict,
  ForbiddenError,
  FormClosedError,
  InvalidInputError,
  NotFoundError,
  notFound,
  PaymentConflictError,
  PaymentRequiredFirstError,
  tooManyRequests,
  unavailable,
} from '../../domain-errors.js';
import { audited } from '../../platform/audit/index.js';
import { createLimiter, rateLimitInfo } from '../../platform/limits/index.js';
import type { FormsService } from '../forms/index.js';
import type { ResponsesService, SubmissionLink } from '../responses/index.js';
import { createPaymentsStore } from './payments-store.js';
import type { StripeClients } from './stripe-clients.js';

/**
 * Payments started per address and form, and per form: a person pays a few times at most, while
 * card testing (stolen card numbers tried through a form's Checkout) starts many sessions.
 */
export const PAYMENT_LIMITS = {
  perAddress: { limit: 10, windowMs: 600_000 },
  perForm: { limit: 300, windowMs: 600_000 },
};
export type PaymentLimits = typeof PAYMENT_LIMITS;

export interface PaymentsServiceDeps {
  db: Db;
  clock: () => Date;
  box: SecretBox;
  forms: FormsService;
  responses: ResponsesService;
  stripe: StripeClients;
  /** FORMLOOM_PUBLIC_URL: where Stripe sends the respondent back. */
  publicUrl: string;
  captcha?: CaptchaVerifier | undefined;
  limits?: PaymentLimits | undefined;
}

/** The sealed secrets open only on their own account's row. */
const secretContext = (accountId: string) => `payment_accounts:${accountId}`;
const webhookContext = (accountId: string) => `payment_accounts:${accountId}:webhook`;

/** What a response answers of its payment. */
export function paymentOf(row: PaymentRow): ResponsePayment {
  return {
    status: row.status as PaymentStatus,
    amount: Number(row.amount),
    currency: row.currency,
    sessionId: row.session_id,
    paymentIntentId: row.payment_intent_id,
    ...(Number(row.refunded_amount) > 0 ? { refundedAmount: Number(row.refunded_amount) } : {}),
  };
}
const paymentJson = (row: PaymentRow) => toJson(paymentOf(row));

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Stripe unreachable or failing: nothing changed on our side; the caller may try again. */
function stripeDown(error: unknown): never {
  const type = (error as { type?: string }).type;
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
    throw unavailable('Stripe did not answer; try again');
  }
  throw error;
}

/**
 * Why a paid payment's response cannot be stored, in words for the owner; undefined for a failure
 * that may pass (Stripe or the database down), after which a later completion or Stripe's webhook
 * stores it.
 */
export function unstorableReason(error: unknown): string | undefined {
  if (error instanceof FormClosedError)
    return 'The form took no more responses when the payment came back (closed, expired or full)';
  if (error instanceof NotFoundError)
    return 'The form was deleted or unpublished before the payment came back';
  if (error instanceof InvalidInputError)
    return 'The answers were no longer valid for the form when the payment came back';
  if (error instanceof ConflictError || error instanceof ForbiddenError)
    return `The form refused the response when the payment came back: ${error.message}`;
  return undefined;
}

/** What the respondent is told of a payment refunded because its response could not be stored. */
const refundedError = (reason: string) =>
  new PaymentConflictError(
    `Your payment was refunded in full: its answers could not be stored. ${reason}`,
    'PAYMENT_REFUNDED',
  );

/**
 * Payments through Stripe Checkout (docs/payments.md): an account's keys, a payment started with
 * the answers (validated as a submission, kept in `payments` until paid), completed once Stripe
 * says it is paid for the amount, currency and form it was started for (the response stored once,
 * by the one submission path), and its later refunds and disputes.
 */
export function createPaymentsService({
  db,
  clock,
  box,
  forms,
  responses,
  stripe,
  publicUrl,
  captcha,
  limits = PAYMENT_LIMITS,
}: PaymentsServiceDeps) {
  const store = createPaymentsStore(db);
  const limiter = createLimiter({ db, clock });
  const base = publicUrl.replace(/\/+$/, '');

  const connectionOf = (row: { mode: string; publishable_key: string } | undefined, accountId: string) =>
    ({
      connected: row !== undefined,
      mode: row === undefined ? null : (row.mode as 'test' | 'live'),
      publishableKey: row?.publishable_key ?? null,
      webhookUrl: `${base}/v1/payments/stripe/webhook/${accountId}`,
    }) satisfies StripeConnection;

  /** A Stripe client with the account's secret key; 409 STRIPE_NOT_CONNECTED without keys. */
  async function clientOf(accountId: string): Promise<Stripe> {
    const row = await store.account(accountId);
    if (row === undefined) {
      throw new PaymentConflictError(
        "The form's account takes no payments: its Stripe keys are not set",
        'STRIPE_NOT_CONNECTED',
      );
    }
    return stripe.client(box.open(row.secret_key_sealed, secretContext(accountId)));
  }

  async function limit(formId: string, address: string): Promise<void> {
    const taken = await limiter.consumeAll([
      { key: `payment:${formId}:${address}`, rule: limits.perAddress },
      { key: `payment:${formId}`, rule: limits.perForm },
    ]);
    const refused = taken.answers.find((a) => !a.allowed);
    if (!taken.allowed && refused !== undefined) {
      throw tooManyRequests(
        `Too many payments started on this form; retry in ${refused.retryAfterSeconds} s`,
        rateLimitInfo(refused, 'PAYMENT_LIMIT'),
      );
    }
  }

  /**
   * Stores the payment's response once, through the one submission path with the payment as its
   * link: a completion before answers with the response it stored.
   */
  function storeOnce(code: string, row: PaymentRow, paymentIntentId: string | null) {
    const link: SubmissionLink = {
      paid: true,
      payment: { ...paymentOf(row), status: 'succeeded', paymentIntentId },
      completed: (trx) => createPaymentsStore(trx).completedBy(row.id),
      complete: (trx, responseId) =>
        createPaymentsStore(trx).markCompleted(
          row.id,
          responseId,
          paymentIntentId,
          paymentJson,
          isoNow(clock()),
        ),
    };
    return responses.submit(
      code,
      fromJson(row.answers),
      undefined,
      { requested: row.language ?? undefined },
      {},
      link,
    );
  }

  /**
   * A paid payment whose response cannot be stored, refunded in full through Stripe (once: the
   * idempotency key is the payment's), marked `refunded` with the reason (kept on the payment, and
   * on the refund's metadata, where the owner reads it on Stripe's dashboard beside the refund);
   * what to tell the respondent.
   */
  async function refundUnstored(
    row: PaymentRow,
    intent: string | null,
    reason: string,
  ): Promise<PaymentConflictError> {
    if (intent !== null) {
      const client = await clientOf(row.account_id);
      try {
        await client.refunds.create(
          {
            payment_intent: intent,
            metadata: { formloomReason: reason, formId: row.form_id, paymentId: row.id },
          },
          { idempotencyKey: `formloom-unstored-${row.id}` },
        );
      } catch (error) {
        stripeDown(error);
      }
    }
    await store.markRefundedUnstored(row, intent, reason, isoNow(clock()));
    return refundedError(reason);
  }

  /**
   * Stores the paid payment's response, or when the form cannot take it any more refunds it
   * (`refundUnstored`) and throws what to tell the respondent.
   */
  async function storeOrRefund(code: string, row: PaymentRow, intent: string | null) {
    try {
      return await storeOnce(code, row, intent);
    } catch (error) {
      const reason = unstorableReason(error);
      if (reason === undefined) throw error;
      // Another completion stored it meanwhile: the refusal is of a repeat, not of the payment.
      const now = await store.bySession(row.session_id);
      if (now?.response_id != null) throw error;
      throw await refundUnstored(row, intent, reason);
    }
  }

  /** The session is paid, for the payment's amount and currency, on its form; else why not. */
  function checkSession(session: Stripe.Checkout.Session, row: PaymentRow): void {
    if (session.payment_status !== 'paid')
      throw new PaymentRequiredFirstError('This payment has not been made (yet)');
    if (
      session.amount_total !== Number(row.amount) ||
      session.currency?.toUpperCase() !== row.currency ||
      session.metadata?.paymentId !== row.id ||
      session.metadata?.formId !== row.form_id
    ) {
      throw conflict('This Checkout Session does not match the payment it was made for');
    }
  }

  return {
    /** A form's takings per currency over its responses submitted in the range (the figures show them). */
    revenue: (scope: Parameters<typeof store.revenue>[0]) => store.revenue(scope),

    async connection(accountId: string): Promise<StripeConnection> {
      return connectionOf(await store.account(accountId), accountId);
    },

    async connect(accountId: string, body: ConnectStripeBody): Promise<StripeConnection> {
      const now = isoNow(clock());
      const row = {
        account_id: accountId,
        secret_key_sealed: box.seal(body.secretKey, secretContext(accountId)),
        webhook_secret_sealed: box.seal(body.webhookSecret, webhookContext(accountId)),
        publishable_key: body.publishableKey,
        mode: stripeKeyMode(body.secretKey),
        created_at: now,
        updated_at: now,
      };
      await audited(db, accountId, 'payments.connected', { type: 'payments', id: accountId }, (trx) =>
        createPaymentsStore(trx).putAccount(row),
      );
      return connectionOf(row, accountId);
    },

    async disconnect(accountId: string): Promise<DeleteResult> {
      const removed = await audited(
        db,
        accountId,
        'payments.disconnected',
        { type: 'payments', id: accountId },
        (trx) => createPaymentsStore(trx).removeAccount(accountId),
      );
      if (!removed) throw notFound('No Stripe keys are set');
      return { id: accountId, deleted: true };
    },

    /**
     * The answers checked as a submission (the captcha too), a Checkout Session for the amount the
     * form computes from them, and the payment kept with the answers until Stripe takes it.
     */
    async start(
      code: string,
      body: Omit<StartPaymentBody, 'language'>,
      who: { language: LanguageRequest; address: string; remoteIp?: string | undefined },
    ): Promise<StartedPayment> {
      const { address } = who;
      const { form, schema, language, checked } = await responses.checkSubmission(
        code,
        body.answers,
        who.language,
      );
      const field = paymentField(schema);
      if (field === undefined) {
        throw new PaymentConflictError(
          'This form takes no payment: submit it instead',
          'CHECKOUT_NOT_NEEDED',
        );
      }
      await limit(form.id, address);
      const formCaptcha = schema.settings?.captcha;
      if (formCaptcha !== undefined) {
        const verdict = (await captcha?.verify(formCaptcha, body.captchaToken, who.remoteIp)) ?? {
          ok: false,
          reason: 'no captcha provider is configured on this server',
        };
        if (!verdict.ok) throw new CaptchaFailedError(`The captcha was not accepted: ${verdict.reason}`);
      }
      const client = await clientOf(form.account_id);
      // From the validated answers (hidden fields dropped), never from anything the client says.
      const quote = paymentAmount(schema, checked.answers)!;
      if (quote.amount === null) {
        throw badRequest('The answers price nothing to pay', [
          { path: `body.answers`, code: 'payment_amount', message: 'The amount to pay is not above zero' },
        ]);
      }
      const id = randomUUID();
      const email = schema.fields.find(
        (f) => f.type === 'email' && typeof checked.answers[f.id] === 'string',
      );
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: quote.currency.toLowerCase(),
                  unit_amount: quote.amount,
                  product_data: { name: quote.description ?? (field.label || schema.meta.title) },
                },
              },
            ],
            // Stripe fills in the session's id; the braces must reach it as they are.
            success_url: `${base}/f/${code}/paid?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${base}/f/${code}`,
            client_reference_id: id,
            metadata: { paymentId: id, formId: form.id, code },
            // Stripe's receipt goes to the respondent's address when the form asks for one.
            ...(email === undefined ? {} : { customer_email: checked.answers[email.id] as string }),
          },
          { idempotencyKey: `formloom-payment-${id}` },
        );
      } catch (error) {
        stripeDown(error);
      }
      const now = isoNow(clock());
      await store.insert({
        id,
        form_id: form.id,
        account_id: form.account_id,
        session_id: session.id,
        // As sent: the completion submits them through the one submission path, which checks again.
        answers: toJson(body.answers),
        language,
        amount: quote.amount,
        currency: quote.currency,
        status: 'pending',
        payment_intent_id: null,
        refunded_amount: 0,
        response_id: null,
        refund_reason: null,
        created_at: now,
        updated_at: now,
      });
      return {
        checkoutUrl: session.url ?? '',
        sessionId: session.id,
        amount: quote.amount,
        currency: quote.currency,
      };
    },

    /**
     * The response of a paid session, stored once: Stripe is asked whether the session is paid, for
     * the amount, currency and form of the payment; a payment completed before answers its response
     * without asking Stripe again.
     */
    async complete(code: string, sessionId: string): Promise<CompletedPayment> {
      const row = await store.bySession(sessionId);
      // A form deleted or unpublished since the payment started: a paid session is refunded below.
      const form = await responses.publicForm(code).catch((error: unknown) => {
        if (error instanceof NotFoundError && row !== undefined && row.response_id === null) return undefined;
        throw error;
      });
      if (row === undefined || (form !== undefined && row.form_id !== form.id))
        throw notFound('No payment of this form under this session');
      if (row.response_id === null && row.refund_reason !== null) throw refundedError(row.refund_reason);
      let intent = row.payment_intent_id;
      if (row.response_id === null) {
        const client = await clientOf(row.account_id);
        let session: Stripe.Checkout.Session;
        try {
          session = await client.checkout.sessions.retrieve(sessionId);
        } catch (error) {
          stripeDown(error);
        }
        checkSession(session, row);
        intent = idOf(session.payment_intent);
        if (form === undefined) {
          // Stripe's word that the session was paid under this code: the form it names is gone.
          if (session.metadata?.code !== code) throw notFound('No payment of this form under this session');
          throw await refundUnstored(row, intent, unstorableReason(notFound('gone'))!);
        }
      }
      const result = await storeOrRefund(code, row, intent);
      const stored = (await store.bySession(sessionId))!;
      return { ...result, payment: paymentOf(stored) };
    },

    /**
     * A verified event of Stripe for the account: a session completed (a closed tab) stores its
     * response as the completion route would; refunds and disputes change the payment's status.
     * 400 for a body whose signature does not match the account's webhook secret.
     */
    async webhook(accountId: string, body: Buffer, signature: string | undefined): Promise<void> {
      const account = await store.account(accountId);
      if (account === undefined) throw notFound('No Stripe keys are set for this account');
      let event: Stripe.Event;
      try {
        event = await stripe.event(
          body,
          signature ?? '',
          box.open(account.webhook_secret_sealed, webhookContext(accountId)),
        );
      } catch {
        throw badRequest('The Stripe-Signature header does not match the body');
      }
      const now = isoNow(clock());
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        const row = await store.bySession(session.id);
        if (row === undefined || row.account_id !== accountId || row.response_id !== null) return;
        // Refunded already, its response not storable: nothing more to do.
        if (row.refund_reason !== null) return;
        // The event is Stripe's own word (its signature checked): no need to ask again.
        checkSession(session, row);
        const intent = idOf(session.payment_intent);
        try {
          // Under the form's share code now (the session's metadata names the one it had).
          const form = await forms.load(accountId, row.form_id);
          await storeOrRefund(form.share_code ?? '', row, intent);
        } catch (error) {
          // Told to the respondent when they come back; Stripe only needs to hear it was handled.
          if (error instanceof PaymentConflictError && error.caseCode === 'PAYMENT_REFUNDED') return;
          if (!(error instanceof NotFoundError)) throw error;
          await refundUnstored(row, intent, unstorableReason(error)!);
        }
        return;
      }
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const intent = idOf(charge.payment_intent);
        const row = intent === null ? undefined : await store.byIntent(accountId, intent);
        if (row === undefined) return;
        const refunded = charge.amount_refunded;
        const status: PaymentStatus = refunded >= Number(row.amount) ? 'refunded' : 'partially_refunded';
        await store.setStatus(
          row,
          { status: row.status === 'disputed' ? 'disputed' : status, refunded_amount: refunded },
          paymentJson,
          now,
        );
        return;
      }
      if (event.type === 'charge.dispute.created') {
        const intent = idOf(event.data.object.payment_intent);
        const row = intent === null ? undefined : await store.byIntent(accountId, intent);
        if (row !== undefined) {
          await store.setStatus(
            row,
            { status: 'disputed', refunded_amount: Number(row.refunded_amount) },
            paymentJson,
            now,
          );
        }
      }
    },

    /** Refunds all that is left of a response's payment, or `amount` of it, through Stripe. */
    async refund(
      accountId: string,
      formId: string,
      responseId: string,
      body: RefundBody,
    ): Promise<ResponsePayment> {
      await forms.load(accountId, formId);
      const row = await store.byResponse(formId, responseId);
      if (row === undefined || row.payment_intent_id === null) throw notFound('This response has no payment');
      const left = Number(row.amount) - Number(row.refunded_amount);
      const amount = body.amount ?? left;
      if (left <= 0) throw conflict('This payment is refunded already');
      if (amount > left) throw conflict(`At most ${left} is left to refund`);
      const client = await clientOf(accountId);
      try {
        await client.refunds.create(
          { payment_intent: row.payment_intent_id, amount },
          { idempotencyKey: `formloom-refund-${row.id}-${row.refunded_amount}-${amount}` },
        );
      } catch (error) {
        stripeDown(error);
      }
      const refunded = Number(row.refunded_amount) + amount;
      const next = await audited(
        db,
        accountId,
        'response.refunded',
        { type: 'response', id: responseId },
        (trx) =>
          createPaymentsStore(trx).setStatus(
            row,
            {
              status:
                row.status === 'disputed'
                  ? 'disputed'
                  : refunded >= Number(row.amount)
                    ? 'refunded'
                    : 'partially_refunded',
              refunded_amount: refunded,
            },
            paymentJson,
            isoNow(clock()),
          ),
      );
      return paymentOf(next);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
