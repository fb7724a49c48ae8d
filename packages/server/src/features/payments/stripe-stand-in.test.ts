import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseStripeForm,
  type StripeStandIn,
  startStripeStandIn,
} from '../../../test/support/stripe-stand-in.js';
import { createStripeClients } from './stripe-clients.js';

/**
 * The stand-in the payments tests run against, spoken to by the official `stripe` client as the
 * server makes it (`createStripeClients` with FORMLOOM_STRIPE_API_BASE): if the stand-in drifted
 * from what the client sends and reads, these fail before the payments tests mislead.
 */
describe('the Stripe stand-in, through the official client', () => {
  let stand: StripeStandIn;
  let stripe: Stripe;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    stripe = await createStripeClients(stand.url).client('sk_test_standin');
  });
  afterAll(() => stand.close());

  const create = (client = stripe, idempotencyKey?: string) =>
    client.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'eur', unit_amount: 1250, product_data: { name: 'Ticket' } },
          },
        ],
        success_url: 'https://forms.example.test/f/abc/paid?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://forms.example.test/f/abc',
        metadata: { paymentId: 'p1', formId: 'f1' },
      },
      idempotencyKey === undefined ? undefined : { idempotencyKey },
    );

  it('reads bracketed form keys as Stripe does', () => {
    expect(parseStripeForm('a%5Bb%5D%5B0%5D%5Bc%5D=1&a%5Bb%5D%5B0%5D%5Bd%5D=x&m=payment')).toEqual({
      a: { b: [{ c: '1', d: 'x' }] },
      m: 'payment',
    });
  });

  it('creates a Checkout Session form-encoded, retrieves it unpaid, then paid with its PaymentIntent', async () => {
    const session = await create();
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 1250,
      currency: 'eur',
      payment_status: 'unpaid',
    });
    expect(session.metadata).toEqual({ paymentId: 'p1', formId: 'f1' });
    expect(session.url).toBe(`${stand.url}/checkout/${session.id}`);
    const sent = stand.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      secretKey: 'sk_test_standin',
    });
    // The return address reaches Stripe with its placeholder as written.
    expect(sent.body.success_url).toContain('{CHECKOUT_SESSION_ID}');

    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
    stand.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ payment_status: 'paid', status: 'complete' });
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(intent).toMatchObject({ amount: 1250, status: 'succeeded' });
  });

  it('replays a POST under the same idempotency key, and keeps each key to its own objects', async () => {
    const first = await create(stripe, 'same-key');
    const again = await create(stripe, 'same-key');
    expect(again.id).toBe(first.id);
    const other = await createStripeClients(stand.url).client('sk_test_another_account');
    await expect(other.checkout.sessions.retrieve(first.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refunds part, then the rest, and refuses more than was paid', async () => {
    const session = await create();
    const intent = stand.pay(session.id).payment_intent!;
    expect(await stripe.refunds.create({ payment_intent: intent, amount: 250 })).toMatchObject({
      amount: 250,
    });
    expect(stand.charge(intent)).toMatchObject({ amount: 1250, amount_refunded: 250 });
    expect(await stripe.refunds.create({ payment_intent: intent })).toMatchObject({ amount: 1000 });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 1 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('signs webhook bodies that the client verifies, and a wrong secret fails', async () => {
    const { body, signature } = stand.signed(
      'charge.refunded',
      { id: 'ch_1', object: 'charge' },
      'whsec_test',
    );
    const clients = createStripeClients(stand.url);
    const event = await clients.event(Buffer.from(body), signature, 'whsec_test');
    expect(event).toMatchObject({ type: 'charge.refunded', data: { object: { id: 'ch_1' } } });
    await expect(clients.event(Buffer.from(body), signature, 'whsec_other')).rejects.toThrow();
    await expect(
      clients.event(Buffer.from(body.replace('ch_1', 'ch_2')), signature, 'whsec_test'),
    ).rejects.toThrow();
  });

  it('serves a Checkout page whose Pay button pays and returns to the success address', async () => {
    const session = await create();
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Pay 1250 EUR');
    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://forms.example.test/f/abc/paid?session_id=${session.id}`,
    );
    expect(stand.session(session.id)?.payment_status).toBe('paid');
  });
});
