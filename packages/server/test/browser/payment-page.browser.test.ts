import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormSchema } from '@formloom/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../support/members-kit.js';
import { publishForm } from '../support/page-fixtures.js';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.js';
import { useTestServer } from '../support/test-server.js';
import { axeViolations } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
/** The test server's public address (`publicUrl`): where Stripe sends the respondent back. */
const PUBLIC_URL = 'https://forms.example.test';

const KEYS = {
  secretKey: 'sk_test_51Formloom0browser',
  publishableKey: 'pk_test_51Formloom0browser',
  webhookSecret: 'whsec_formloom0browser',
};

function donation(title: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en' },
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
}

/**
 * A payment form with JavaScript on: the public page and `<formloom-form>` on another site start
 * the payment, send the browser to Stripe Checkout (the stand-in's page), and the response is
 * stored once Stripe sends the respondent back paid.
 */
describe.skipIf(executable === undefined)('a payment form with JavaScript, through Stripe Checkout', () => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    return () => stand.close();
  });
  const t = useTestServer('sqlite', { appConfig: () => ({ stripeApiBase: stand.url }) });
  const pages = usePages(executable);
  let key = '';
  let host: Server;
  let hostOrigin = '';
  let hostPage = '';

  beforeAll(async () => {
    const account = await t.account('PRO');
    key = account.key;
    const owner = (await signedInMember(t, account.accountId)).headers;
    const put = await t.request('/v1/me/payments/stripe', { method: 'PUT', headers: owner, json: KEYS });
    expect(put.status, put.text).toBe(200);
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  const stored = async (formId: string) =>
    (await t.request(`/v1/forms/${formId}/responses`, { key })).body.data.responses as {
      answers: Record<string, unknown>;
      payment?: Record<string, unknown>;
    }[];
  const sessionsStarted = () =>
    stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

  /**
   * The server's public address reaches the test server: the page Stripe sends the respondent back
   * to is served by it, as a proxy in front of it would.
   */
  async function routePublicUrl(page: Page) {
    await page.route(
      (url) => url.origin === PUBLIC_URL,
      async (route) => {
        const url = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${t.url}${url.pathname}${url.search}` }) });
      },
    );
  }

  /** On the stand-in's Checkout page: pays, and waits to be back on the form's return page. */
  async function payOnCheckout(page: Page, code: string): Promise<string> {
    await routePublicUrl(page);
    await page.waitForURL((url) => url.href.startsWith(`${stand.url}/checkout/cs_test_`));
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: /^Pay / }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === `/f/${code}/paid`);
    await page.getByText('Thank you for your gift. It helps a lot.').waitFor();
    return sessionId;
  }

  it('the public page: a refusal is said in the form, then Checkout, paid, stored once', async () => {
    const form = await publishForm(t, key, donation('Donate'));
    const { page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 800 });
    const button = page.getByRole('button', { name: 'Continue to payment' });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The name is required: checked before any payment is started.
    const before = sessionsStarted();
    await button.click();
    await expect.poll(() => page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sessionsStarted()).toBe(before);

    await page.getByLabel('Name').fill('Ada');
    await button.click();
    const sessionId = await payOnCheckout(page, form.code);
    expect(sessionsStarted()).toBe(before + 1);
    expect(stand.session(sessionId)).toMatchObject({ amount_total: 1500, currency: 'eur' });

    const rows = await stored(form.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      answers: { name: 'Ada' },
      payment: { status: 'succeeded', amount: 1500, currency: 'EUR', sessionId },
    });
    // A reload of the return page answers the same response.
    await page.reload();
    await page.getByText('Thank you for your gift. It helps a lot.').waitFor();
    expect(await stored(form.id)).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 120_000);

  it('back from Checkout out of the back-forward cache, the form is ready to send again, not stuck sending', async () => {
    const form = await publishForm(t, key, donation('Back again'));
    const { page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 800 });
    // Checkout answers 204: the browser stays on the page as it left it, sending, as a page kept in
    // the back-forward cache comes back.
    await page.route(
      (url) => url.href.startsWith(`${stand.url}/checkout/`),
      (route) => route.fulfill({ status: 204 }),
    );
    const before = sessionsStarted();
    await page.getByLabel('Name').fill('Ada');
    const button = page.getByRole('button', { name: 'Continue to payment' });
    await button.click();
    await expect.poll(() => sessionsStarted()).toBe(before + 1);
    const sending = page.locator('button[type="submit"]');
    await expect.poll(() => sending.isDisabled()).toBe(true);
    // A pageshow that is not a restore changes nothing.
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(await sending.isDisabled()).toBe(true);
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await stored(form.id)).toHaveLength(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it('<formloom-form> on another site sends the whole window to Checkout; once paid the response is stored once', async () => {
    const form = await publishForm(t, key, donation('Tip jar'));
    hostPage = `<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,"></head>
<body><main><h1>Host app</h1><script src="${t.url}/embed.js" data-formloom-code="${form.code}" async></script></main></body></html>`;
    const { page, problems } = await pages.open(`${hostOrigin}/`, { width: 900, height: 900 });
    await page.getByLabel('Name').fill('Grace');
    const before = sessionsStarted();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const sessionId = await payOnCheckout(page, form.code);
    expect(sessionsStarted()).toBe(before + 1);
    // Stripe came back to the Formloom server, which stored the response: not the host page.
    expect(new URL(page.url()).origin).toBe(PUBLIC_URL);
    const rows = await stored(form.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      answers: { name: 'Grace' },
      payment: { status: 'succeeded', amount: 1500, sessionId },
    });
    expect(problems).toEqual([]);
  }, 120_000);
});
