import type { FormSchema } from '@formloom/contract';
import {
  publishForm,
  type StripeStandIn,
  signedInMember,
  startStripeStandIn,
  useTestServer,
} from '@formloom/server/testing';
import { findChromium } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SplitApp, startSplitApp } from './support/app.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

const KEYS = {
  secretKey: 'sk_test_51Formloom0react',
  publishableKey: 'pk_test_51Formloom0react',
  webhookSecret: 'whsec_formloom0react',
};

/** Tickets priced by a variable: the server computes the amount from the answers it is sent. */
const tickets: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Tickets', language: 'de' },
  settings: { layout: 'single-column' },
  sections: [{ id: 's', title: '', order: 0 }],
  variables: [{ id: 'total', type: 'number', expression: { '*': [{ var: 'qty' }, 12.5] } }],
  fields: [
    { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'qty',
      sectionId: 's',
      type: 'number',
      label: 'Anzahl',
      order: 1,
      required: true,
    },
    {
      id: 'pay',
      sectionId: 's',
      type: 'payment',
      label: 'Zahlung',
      order: 2,
      payment: { amountVariable: 'total', currency: 'EUR' },
    },
  ],
};

describe.skipIf(executable === undefined)(
  'a payment form in @formloom/react, Chromium against a real server',
  () => {
    let stand: StripeStandIn;
    beforeAll(async () => {
      stand = await startStripeStandIn();
      return () => stand.close();
    });
    const t = useTestServer('sqlite', { appConfig: () => ({ stripeApiBase: stand.url }) });
    let app: SplitApp | undefined;
    let key = '';

    beforeAll(async () => {
      app = await startSplitApp(19, t, executable!);
      const account = await t.account('PRO');
      key = account.key;
      const owner = (await signedInMember(t, account.accountId)).headers;
      const put = await t.request('/v1/me/payments/stripe', { method: 'PUT', headers: owner, json: KEYS });
      expect(put.status, put.text).toBe(200);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('onCheckout hands the host the Checkout of the amount the server computed; paid, the response is stored once', async () => {
      const form = await publishForm(t, key, tickets);
      const { page, problems, chunks } = await app!.open(`${form.code}&hostCheckout=1`);
      // The form's language: the button says where it goes next.
      const button = page.getByRole('button', { name: 'Weiter zur Zahlung' });
      await button.waitFor();
      await page.getByLabel('Name').fill('Ada');
      await page.getByLabel('Anzahl').fill('3');
      await button.click();

      await expect
        .poll(() => page.locator('#checkout-by-host').textContent())
        .toMatch(/\/checkout\/cs_test_/);
      const url = (await page.locator('#checkout-by-host').textContent())!;
      expect(await page.locator('#checkout').textContent()).toBe(url);
      expect(url.startsWith(`${stand.url}/checkout/`)).toBe(true);
      // The host went nowhere: the page is still the app's, the form still sending.
      expect(new URL(page.url()).origin).not.toBe(stand.url);
      expect(await button.count()).toBe(0);
      expect(chunks).toContain('payment');
      const sessionId = url.split('/').at(-1)!;
      expect(stand.session(sessionId)).toMatchObject({ amount_total: 3750, currency: 'eur' });

      // Paid on Stripe, completed twice (the return page, a reload): one response.
      stand.pay(sessionId);
      for (let i = 0; i < 2; i++) {
        const done = await t.request(`/v1/public/forms/${form.code}/payments/${sessionId}/complete`, {
          method: 'POST',
        });
        expect(done.status, done.text).toBe(200);
      }
      const rows = (await t.request(`/v1/forms/${form.id}/responses`, { key })).body.data.responses;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        answers: { name: 'Ada', qty: 3 },
        payment: { status: 'succeeded', amount: 3750, currency: 'EUR', sessionId },
      });
      expect(problems).toEqual([]);
    }, 120_000);
  },
);
