import type { FormSchema } from '@formloom/contract';
import { beforeAll, expect, it } from 'vitest';
import { signedInMember } from '../../../test/support/members-kit.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { type StripeStandIn, startStripeStandIn } from '../../../test/support/stripe-stand-in.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';

const KEYS = {
  secretKey: 'sk_test_51Formloom0pages',
  publishableKey: 'pk_test_51Formloom0pages',
  webhookSecret: 'whsec_formloom0pages',
};

const donation: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Donate', language: 'en' },
  settings: { completion: { message: 'Thank you for your gift. It helps a lot.' } },
  sections: [{ id: 'main', title: 'Gift', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'pay',
      sectionId: 'main',
      type: 'payment',
      label: 'Your gift',
      order: 1,
      payment: { amount: 1500, currency: 'EUR', description: 'A gift' },
    },
  ],
};

/**
 * The share page of a payment form without JavaScript: the plain post goes on to Stripe Checkout,
 * and Stripe's return address (`/f/:code/paid`) completes the payment on the server and thanks.
 */
describeDialects('the payment page without JavaScript', (dialect) => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    return () => stand.close();
  });
  const t: TestServer = useTestServer(dialect, { appConfig: () => ({ stripeApiBase: stand.url }) });

  it('posts to Checkout, thanks once paid (again on a reload), and says so when unpaid', async () => {
    const { accountId, key } = await t.account('PRO');
    const owner = (await signedInMember(t, accountId)).headers;
    await t.request('/v1/me/payments/stripe', { method: 'PUT', headers: owner, json: KEYS });
    const form = await publishForm(t, key, donation);

    const page = await fetch(`${t.url}/f/${form.code}`);
    const html = await page.text();
    // The amount is shown as text; the form may go on to Stripe's page.
    expect(html).toContain('<p class="fl-payment-amount">15.00 EUR</p>');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${stand.url}`);
    const token = /name="fl_token" value="([^"]+)"/.exec(html)![1]!;

    const body = new FormData();
    body.append('fl_token', token);
    body.append('name', 'Ada');
    const posted = await fetch(`${t.url}/f/${form.code}`, { method: 'POST', body, redirect: 'manual' });
    expect(posted.status).toBe(303);
    const checkout = posted.headers.get('location')!;
    expect(checkout.startsWith(`${stand.url}/checkout/cs_test_`)).toBe(true);
    const sessionId = checkout.split('/').at(-1)!;
    expect(stand.session(sessionId)).toMatchObject({ amount_total: 1500, currency: 'eur' });

    // Back without paying: nothing stored, a way back to the form.
    const unpaid = await fetch(`${t.url}/f/${form.code}/paid?session_id=${sessionId}`);
    expect(unpaid.status).toBe(402);
    const unpaidText = await unpaid.text();
    expect(unpaidText).toContain('Payment not received');
    expect(unpaidText).toContain(`<a href="../${form.code}">`);

    // Stripe's page: Pay, and back to the return address with the session's id.
    const paid = await fetch(checkout, { method: 'POST', redirect: 'manual' });
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe(`/f/${form.code}/paid`);
    for (let i = 0; i < 2; i++) {
      const thanks = await fetch(`${t.url}${back.pathname}${back.search}`);
      expect(thanks.status).toBe(200);
      const text = await thanks.text();
      expect(text).toContain('Thank you for your gift. It helps a lot.');
    }
    const list = await t.request(`/v1/forms/${form.id}/responses`, { key });
    expect(list.body.data.responses).toHaveLength(1);
    expect(list.body.data.responses[0]).toMatchObject({
      answers: { name: 'Ada' },
      payment: { status: 'succeeded', amount: 1500, currency: 'EUR', sessionId },
    });

    // A made-up session, or none: not this form's payment.
    expect((await fetch(`${t.url}/f/${form.code}/paid?session_id=cs_test_unknown`)).status).toBe(404);
    expect((await fetch(`${t.url}/f/${form.code}/paid`)).status).toBe(402);
  });
});
