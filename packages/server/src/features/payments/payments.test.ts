import { beforeAll, expect, it } from 'vitest';
import { signedInMember } from '../../../test/support/members-kit.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { paymentsKit, STRIPE_KEYS, ticketSchema } from '../../../test/support/payments-kit.js';
import { type StripeStandIn, startStripeStandIn } from '../../../test/support/stripe-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';

const KEYS = STRIPE_KEYS;

describeDialects('payments through Stripe Checkout', (dialect) => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    return () => stand.close();
  });
  const t: TestServer = useTestServer(dialect, {
    appConfig: () => ({
      stripeApiBase: stand.url,
      paymentLimits: { perAddress: { limit: 6, windowMs: 60_000 } },
    }),
  });

  const { shop, start, complete, webhook } = paymentsKit(t, () => stand);
  const count = async (id: string, key: string) =>
    (await t.request(`/v1/forms/${id}/responses/count`, { key })).body.data.count as number;

  it('keeps the keys sealed and never reads a secret back; owners and admins only', async () => {
    const { accountId, key } = await t.account('PRO');
    const owner = (await signedInMember(t, accountId)).headers;
    const before = await t.request('/v1/me/payments/stripe', { headers: owner });
    expect(before.body.data).toMatchObject({ connected: false, mode: null, publishableKey: null });
    const put = await t.request('/v1/me/payments/stripe', { method: 'PUT', headers: owner, json: KEYS });
    expect(put.body.data).toEqual({
      connected: true,
      mode: 'test',
      publishableKey: KEYS.publishableKey,
      webhookUrl: `https://forms.example.test/v1/payments/stripe/webhook/${accountId}`,
    });
    const read = await t.request('/v1/me/payments/stripe', { headers: owner });
    expect(read.text).not.toContain(KEYS.secretKey);
    expect(read.text).not.toContain(KEYS.webhookSecret);
    const row = await t.db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(KEYS.secretKey);
    expect(JSON.stringify(row)).not.toContain(KEYS.webhookSecret);

    // Mixed modes, an editor, an API key: refused.
    const mixed = await t.request('/v1/me/payments/stripe', {
      method: 'PUT',
      headers: owner,
      json: { ...KEYS, publishableKey: 'pk_live_51Formloom0public' },
    });
    expect(mixed.status).toBe(400);
    const editor = (await signedInMember(t, accountId, 'editor')).headers;
    expect((await t.request('/v1/me/payments/stripe', { headers: editor })).status).toBe(403);
    expect((await t.request('/v1/me/payments/stripe', { key })).status).toBe(403);
    const admin = (await signedInMember(t, accountId, 'admin')).headers;
    expect((await t.request('/v1/me/payments/stripe', { headers: admin })).body.data.connected).toBe(true);

    const audit = await t.request(`/v1/audit-log?targetId=${accountId}`, { headers: owner });
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toContain('payments.connected');
    const removed = await t.request('/v1/me/payments/stripe', { method: 'DELETE', headers: owner });
    expect(removed.status).toBe(200);
    expect((await t.request('/v1/me/payments/stripe', { headers: owner })).body.data.connected).toBe(false);
  });

  it('stores a paid response once: the amount computed by the server, refused before payment, the same response again', async () => {
    const s = await shop();
    // An endpoint for the response's event (none is delivered here: no worker runs).
    const hook = await t.request('/v1/webhooks', {
      method: 'POST',
      key: s.key,
      json: { url: 'https://8.8.8.8/hook', events: ['FORM_RESPONSE_CREATED'] },
    });
    expect(hook.status, hook.text).toBe(201);
    // A client naming its own amount is refused; the amount comes from the answers.
    const named = await start(s.code, { name: 'Ada', qty: 3 }, { amount: 1 });
    expect(named.status).toBe(400);
    const started = await start(s.code, { name: 'Ada', email: 'ada@example.com', qty: 3 });
    expect(started.status, started.text).toBe(201);
    const { sessionId, checkoutUrl, amount, currency } = started.body.data;
    expect({ amount, currency }).toEqual({ amount: 3750, currency: 'EUR' });
    expect(checkoutUrl).toBe(`${stand.url}/checkout/${sessionId}`);
    const session = stand.session(sessionId)!;
    expect(session).toMatchObject({ amount_total: 3750, currency: 'eur', customer_email: 'ada@example.com' });
    expect(session.metadata).toMatchObject({ formId: s.id, code: s.code });
    expect(session.success_url).toBe(
      `https://forms.example.test/f/${s.code}/paid?session_id={CHECKOUT_SESSION_ID}`,
    );

    // Back from Stripe unpaid (or before paying): nothing stored.
    const early = await complete(s.code, sessionId);
    expect(early.status).toBe(402);
    expect(early.body.error).toBe('PAYMENT_REQUIRED_FIRST');
    expect(await count(s.id, s.key)).toBe(0);

    const paid = stand.pay(sessionId);
    const before = stand.requests.length;
    const done = await complete(s.code, sessionId);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.payment).toEqual({
      status: 'succeeded',
      amount: 3750,
      currency: 'EUR',
      sessionId,
      paymentIntentId: paid.payment_intent,
    });
    // One request to Stripe to complete (the session read); the start made one (the session).
    expect(stand.requests.length - before).toBe(1);
    const again = await complete(s.code, sessionId);
    expect(again.body.data.responseId).toBe(done.body.data.responseId);
    expect(stand.requests.length - before).toBe(1);
    expect(await count(s.id, s.key)).toBe(1);
    const response = await t.request(`/v1/forms/${s.id}/responses/${done.body.data.responseId}`, {
      key: s.key,
    });
    expect(response.body.data).toMatchObject({
      answers: { name: 'Ada', email: 'ada@example.com', qty: 3 },
      payment: { status: 'succeeded', amount: 3750 },
    });
    expect(response.body.data.answers).not.toHaveProperty('pay');
    // FORM_RESPONSE_CREATED carries the payment.
    const events = await t.db
      .selectFrom('webhook_events')
      .select(['type', 'payload'])
      .where('account_id', '=', s.accountId)
      .execute();
    const created = events
      .filter((e) => e.type === 'FORM_RESPONSE_CREATED')
      .map((e) => JSON.parse(e.payload));
    expect(created).toHaveLength(1);
    expect(created[0].data.payment).toEqual(done.body.data.payment);
  });

  it('refuses a plain submission, a form without keys, and a form without a payment field', async () => {
    const s = await shop();
    const plain = await t.request(`/v1/public/forms/${s.code}/responses`, {
      method: 'POST',
      json: { answers: { name: 'Ada', qty: 1 } },
    });
    expect(plain.status).toBe(409);
    expect(plain.body.error).toBe('CHECKOUT_REQUIRED');
    expect(await count(s.id, s.key)).toBe(0);

    const { key } = await t.account('PRO');
    const unconnected = await publishForm(t, key, ticketSchema());
    const refused = await start(unconnected.code, { name: 'Ada', qty: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('STRIPE_NOT_CONNECTED');

    const noPayment = ticketSchema();
    noPayment.fields = noPayment.fields.filter((f) => f.type !== 'payment');
    const free = await publishForm(t, s.key, noPayment);
    expect((await start(free.code, { name: 'Ada', qty: 1 })).body.error).toBe('CHECKOUT_NOT_NEEDED');

    // Invalid answers are refused as a submission refuses them, with no session made.
    const before = stand.requests.length;
    const invalid = await start(s.code, { qty: 'many' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.answers.name',
      'body.answers.qty',
    ]);
    const nothing = await start(s.code, { name: 'Ada', qty: 0 });
    expect(nothing.status).toBe(400);
    expect(stand.requests.length).toBe(before);
  });

  it('refuses a session paid for another amount, and a session of another form', async () => {
    const s = await shop();
    const started = (await start(s.code, { name: 'Ada', qty: 2 })).body.data;
    stand.pay(started.sessionId);
    stand.tamper(started.sessionId, { amount_total: 100 });
    const tampered = await complete(s.code, started.sessionId);
    expect(tampered.status).toBe(409);
    expect(await count(s.id, s.key)).toBe(0);

    const other = await publishForm(t, s.key, ticketSchema({ amount: 500, currency: 'EUR' }));
    const second = (await start(s.code, { name: 'Bo', qty: 1 })).body.data;
    stand.pay(second.sessionId);
    const elsewhere = await complete(other.code, second.sessionId);
    expect(elsewhere.status).toBe(404);
    expect(await count(other.id, s.key)).toBe(0);
    // A fixed amount is charged whatever the answers.
    expect((await start(other.code, { name: 'Cy', qty: 40 })).body.data.amount).toBe(500);
  });

  it("completes a closed tab's payment by Stripe's webhook, once, and ignores a late one", async () => {
    const s = await shop();
    const started = (await start(s.code, { name: 'Ada', qty: 1 })).body.data;
    const paid = stand.pay(started.sessionId);
    const event = stand.signed('checkout.session.completed', paid, KEYS.webhookSecret);

    // A bad signature, or another account's endpoint: refused, nothing stored.
    const forged = await webhook(s.accountId, event.body, stand.signed('x', {}, 'whsec_wrong').signature);
    expect(forged.status).toBe(400);
    // Another account's endpoint checks with that account's secret; under the same secret, the
    // session is not that account's and nothing is stored either.
    const other = await shop(ticketSchema(), { ...KEYS, webhookSecret: 'whsec_another0account' });
    expect((await webhook(other.accountId, event.body, event.signature)).status).toBe(400);
    const sameSecret = await shop();
    expect((await webhook(sameSecret.accountId, event.body, event.signature)).status).toBe(200);
    expect(await count(s.id, s.key)).toBe(0);

    const hooked = await webhook(s.accountId, event.body, event.signature);
    expect(hooked.status, hooked.text).toBe(200);
    expect(await count(s.id, s.key)).toBe(1);
    // The respondent's page completes it later: the same response.
    const done = await complete(s.code, started.sessionId);
    expect(done.status).toBe(200);
    expect((await webhook(s.accountId, event.body, event.signature)).status).toBe(200);
    expect(await count(s.id, s.key)).toBe(1);

    // The route first, then a late webhook: still one.
    const next = (await start(s.code, { name: 'Bo', qty: 1 })).body.data;
    const nextPaid = stand.pay(next.sessionId);
    expect((await complete(s.code, next.sessionId)).status).toBe(200);
    const late = stand.signed('checkout.session.completed', nextPaid, KEYS.webhookSecret);
    expect((await webhook(s.accountId, late.body, late.signature)).status).toBe(200);
    expect(await count(s.id, s.key)).toBe(2);
  });

  it("refunds from the API, and follows Stripe's refund and dispute events", async () => {
    const s = await shop();
    const started = (await start(s.code, { name: 'Ada', qty: 2 })).body.data;
    const paid = stand.pay(started.sessionId);
    const responseId = (await complete(s.code, started.sessionId)).body.data.responseId as string;
    const refund = (json: unknown, key = s.key, formId = s.id) =>
      t.request(`/v1/forms/${formId}/responses/${responseId}/refund`, { method: 'POST', key, json });

    // Another account's key sees no such form.
    const stranger = await t.account('PRO');
    expect((await refund({}, stranger.key)).status).toBe(404);

    const part = await refund({ amount: 500 });
    expect(part.status, part.text).toBe(200);
    expect(part.body.data).toMatchObject({ status: 'partially_refunded', refundedAmount: 500 });
    expect(stand.charge(paid.payment_intent!).amount_refunded).toBe(500);
    expect((await refund({ amount: 5000 })).status).toBe(409);
    const rest = await refund({});
    expect(rest.body.data).toMatchObject({ status: 'refunded', refundedAmount: 2500 });
    expect((await refund({})).status).toBe(409);

    // Stripe's own events, for a refund made on its dashboard and a dispute.
    const second = (await start(s.code, { name: 'Bo', qty: 1 })).body.data;
    const secondPaid = stand.pay(second.sessionId);
    const secondId = (await complete(s.code, second.sessionId)).body.data.responseId as string;
    const charge = {
      id: 'ch_x',
      object: 'charge',
      amount: 1250,
      amount_refunded: 250,
      payment_intent: secondPaid.payment_intent,
    };
    const refunded = stand.signed('charge.refunded', charge, KEYS.webhookSecret);
    expect((await webhook(s.accountId, refunded.body, refunded.signature)).status).toBe(200);
    const read = async () =>
      (await t.request(`/v1/forms/${s.id}/responses/${secondId}`, { key: s.key })).body.data.payment;
    expect(await read()).toMatchObject({ status: 'partially_refunded', refundedAmount: 250 });
    const dispute = stand.signed(
      'charge.dispute.created',
      { id: 'dp_x', object: 'dispute', amount: 1000, payment_intent: secondPaid.payment_intent },
      KEYS.webhookSecret,
    );
    expect((await webhook(s.accountId, dispute.body, dispute.signature)).status).toBe(200);
    expect(await read()).toMatchObject({ status: 'disputed' });
  });

  it('limits payments started per address and form (card testing)', async () => {
    const s = await shop();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await start(s.code, { name: 'Ada', qty: 1 })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const refused = await start(s.code, { name: 'Ada', qty: 1 });
    expect(refused.body.rate_limit.type).toBe('PAYMENT_LIMIT');
  });
});
