import type { FormSchema } from '@formloom/contract';
import { expect } from 'vitest';
import { signedInMember } from './members-kit.js';
import { publishForm } from './page-fixtures.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import type { TestServer } from './test-server.js';

/** Test-mode Stripe keys as an owner sets them. */
export const STRIPE_KEYS = {
  secretKey: 'sk_test_51Formloom0secret',
  publishableKey: 'pk_test_51Formloom0public',
  webhookSecret: 'whsec_formloom0signing',
};

/** Tickets at 12.50 each (in `currency`): the amount comes from the quantity answered, never from the client. */
export function ticketSchema(
  payment: Record<string, unknown> = { amountVariable: 'total', currency: 'EUR' },
): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Concert tickets', language: 'en' },
    sections: [{ id: 'main', title: 'Order', order: 0 }],
    fields: [
      { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
      { id: 'email', sectionId: 'main', type: 'email', label: 'Email', order: 1 },
      { id: 'qty', sectionId: 'main', type: 'number', label: 'Tickets', order: 2, required: true },
      {
        id: 'pay',
        sectionId: 'main',
        type: 'payment',
        label: 'Payment',
        order: 3,
        payment: payment as never,
      },
    ],
    variables: [{ id: 'total', type: 'number', expression: { '*': [{ var: 'qty' }, 12.5] } }],
  };
}

/**
 * A test server's payments as a respondent and an owner use them, against the Stripe stand-in:
 * an account with keys and a published form (`shop`), a payment started, paid and completed.
 */
export function paymentsKit(t: TestServer, stand: () => StripeStandIn) {
  async function shop(schema = ticketSchema(), keys = STRIPE_KEYS) {
    const { accountId, key } = await t.account('PRO');
    const owner = (await signedInMember(t, accountId)).headers;
    const put = await t.request('/v1/me/payments/stripe', { method: 'PUT', headers: owner, json: keys });
    expect(put.status, put.text).toBe(200);
    const form = await publishForm(t, key, schema);
    return { accountId, key, owner, ...form };
  }
  const start = (code: string, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    t.request(`/v1/public/forms/${code}/payments`, { method: 'POST', json: { answers, ...extra } });
  const complete = (code: string, sessionId: string) =>
    t.request(`/v1/public/forms/${code}/payments/${sessionId}/complete`, { method: 'POST' });
  const webhook = (accountId: string, body: string, signature: string) =>
    t.request(`/v1/payments/stripe/webhook/${accountId}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  /** Started, paid on Stripe and completed: the response's id and the PaymentIntent's. */
  async function paid(code: string, answers: Record<string, unknown>) {
    const started = await start(code, answers);
    expect(started.status, started.text).toBe(201);
    const session = stand().pay(started.body.data.sessionId);
    const done = await complete(code, session.id);
    expect(done.status, done.text).toBe(200);
    return { responseId: done.body.data.responseId as string, intent: session.payment_intent! };
  }
  return { shop, start, complete, webhook, paid };
}
