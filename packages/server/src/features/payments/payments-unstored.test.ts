import { beforeAll, expect, it } from 'vitest';
import { paymentsKit, STRIPE_KEYS, ticketSchema } from '../../../test/support/payments-kit.js';
import { type StripeStandIn, startStripeStandIn } from '../../../test/support/stripe-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';

describeDialects('a paid payment whose response cannot be stored', (dialect) => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    return () => stand.close();
  });
  const t: TestServer = useTestServer(dialect, { appConfig: () => ({ stripeApiBase: stand.url }) });
  const { shop, start, complete, webhook } = paymentsKit(t, () => stand);
  const count = async (s: { id: string; key: string }) =>
    (await t.request(`/v1/forms/${s.id}/responses/count`, { key: s.key })).body.data.count as number;
  const payment = (sessionId: string) =>
    t.db.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  const refundsOf = (intent: string) =>
    stand.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === intent);
  const paidPage = (code: string, sessionId: string, language = 'en') =>
    fetch(`${t.url}/f/${code}/paid?session_id=${sessionId}`, { headers: { 'accept-language': language } });

  it('refunds in full when the form filled up meanwhile, says so, and keeps saying so', async () => {
    const schema = ticketSchema();
    schema.settings = { maxResponses: 1 };
    const s = await shop(schema);
    // Two respondents start while the form still has room; the first to pay takes it.
    const first = (await start(s.code, { name: 'Ada', qty: 1 })).body.data;
    const second = (await start(s.code, { name: 'Bo', qty: 2 })).body.data;
    stand.pay(first.sessionId);
    expect((await complete(s.code, first.sessionId)).status).toBe(200);
    const paid = stand.pay(second.sessionId);

    const refused = await complete(s.code, second.sessionId);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error).toBe('PAYMENT_REFUNDED');
    expect(refused.body.message).toMatch(/refunded in full/);
    expect(await count(s)).toBe(1);
    expect(stand.charge(paid.payment_intent!)).toMatchObject({ amount: 2500, amount_refunded: 2500 });
    const sent = refundsOf(paid.payment_intent!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.metadata).toMatchObject({ formloomReason: expect.stringMatching(/full/) });
    expect(await payment(second.sessionId)).toMatchObject({
      status: 'refunded',
      refund_reason: expect.stringMatching(/no more responses/),
      response_id: null,
    });

    // Again (a reload), Stripe's late event, the return page: the same answer, no second refund.
    expect((await complete(s.code, second.sessionId)).body.error).toBe('PAYMENT_REFUNDED');
    const event = stand.signed('checkout.session.completed', paid, STRIPE_KEYS.webhookSecret);
    expect((await webhook(s.accountId, event.body, event.signature)).status).toBe(200);
    const page = await paidPage(s.code, second.sessionId);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('Your payment was refunded');
    expect(refundsOf(paid.payment_intent!)).toHaveLength(1);
    expect(await count(s)).toBe(1);
  });

  it('refunds through the webhook when the form was deleted, and tells the respondent in their language', async () => {
    const s = await shop();
    const started = (await start(s.code, { name: 'Ada', qty: 1 })).body.data;
    const paid = stand.pay(started.sessionId);
    expect((await t.request(`/v1/forms/${s.id}`, { method: 'DELETE', key: s.key })).status).toBe(200);

    const event = stand.signed('checkout.session.completed', paid, STRIPE_KEYS.webhookSecret);
    expect((await webhook(s.accountId, event.body, event.signature)).status).toBe(200);
    expect(stand.charge(paid.payment_intent!).amount_refunded).toBe(1250);
    expect(await payment(started.sessionId)).toMatchObject({
      status: 'refunded',
      refund_reason: expect.stringMatching(/deleted/),
    });
    // The respondent's return page, in German: told of the refund, though the form is gone.
    const page = await paidPage(s.code, started.sessionId, 'de');
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('Ihre Zahlung wurde erstattet');
    expect(html).toContain('lang="de"');
    expect(refundsOf(paid.payment_intent!)).toHaveLength(1);
    // A session nobody paid, on a form that is gone: no payment to speak of.
    expect((await paidPage(s.code, 'cs_test_unknown')).status).toBe(404);
  });

  it('refunds when the answers no longer fit the form published meanwhile', async () => {
    const s = await shop();
    const started = (await start(s.code, { name: 'Ada', qty: 1 })).body.data;
    const paid = stand.pay(started.sessionId);
    const stricter = ticketSchema();
    stricter.fields.splice(1, 0, {
      id: 'phone',
      sectionId: 'main',
      type: 'text',
      label: 'Phone',
      order: 1,
      required: true,
    });
    expect(
      (await t.request(`/v1/forms/${s.id}`, { method: 'PATCH', key: s.key, json: { schema: stricter } }))
        .status,
    ).toBe(200);
    expect((await t.request(`/v1/forms/${s.id}/publish`, { method: 'POST', key: s.key })).status).toBe(200);
    const refused = await complete(s.code, started.sessionId);
    expect(refused.body.error).toBe('PAYMENT_REFUNDED');
    expect(stand.charge(paid.payment_intent!).amount_refunded).toBe(1250);
    expect((await payment(started.sessionId)).refund_reason).toMatch(/no longer valid/);
    expect(await count(s)).toBe(0);
  });

  it('a crash between Stripe saying paid and the store leaves the payment waiting; a later completion stores it once', async () => {
    const s = await shop();
    const started = (await start(s.code, { name: 'Ada', qty: 2 })).body.data;
    stand.pay(started.sessionId);
    // Stripe's answer is held while the server stops: the completion dies before it stores.
    const held = stand.hold('GET', `/v1/checkout/sessions/${started.sessionId}`);
    const dying = complete(s.code, started.sessionId).then(
      (r) => r.status,
      () => 'connection closed',
    );
    await held.arrived;
    const restarted = t.restart();
    // The server waits a moment for the request in flight, then closes it and its database.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    held.release();
    await restarted;
    expect(await dying).not.toBe(200);
    expect(await payment(started.sessionId)).toMatchObject({ status: 'pending', response_id: null });
    expect(await count(s)).toBe(0);

    const done = await complete(s.code, started.sessionId);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.payment).toMatchObject({ status: 'succeeded', amount: 2500 });
    const again = await complete(s.code, started.sessionId);
    expect(again.body.data.responseId).toBe(done.body.data.responseId);
    expect(await count(s)).toBe(1);
    expect(refundsOf(done.body.data.payment.paymentIntentId)).toHaveLength(0);
  });
});
