import type { FormSchema } from '@formloom/sdk';
import { type StripeStandIn, startStripeStandIn } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fitsWidth,
  inviteAndJoin,
  PHONE,
  screenshot,
  sessionApi,
  signIn,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();

/** Tickets at 12.50 EUR each. */
const tickets: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Concert tickets', language: 'en' },
  sections: [{ id: 'main', title: 'Order', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
    { id: 'qty', sectionId: 'main', type: 'number', label: 'Tickets', order: 1, required: true },
    {
      id: 'pay',
      sectionId: 'main',
      type: 'payment',
      label: 'Payment',
      order: 2,
      payment: { amountVariable: 'total', currency: 'EUR' },
    },
  ],
  variables: [{ id: 'total', type: 'number', expression: { '*': [{ var: 'qty' }, 12.5] } }],
};

describe.skipIf(executable === undefined)('refunds from the dashboard, against the Stripe stand-in', () => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
    return () => stand.close();
  });
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-refunds-', () => ({
    FORMLOOM_STRIPE_API_BASE: stand.url,
  }));

  it('shows a paid response’s payment, refunds a part then the rest by keyboard, in the table and the revenue too; German at 360 px axe-clean', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page, problems } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    await api.payments.connectStripe({
      secretKey: 'sk_test_51Formloom0refunds',
      publishableKey: 'pk_test_51Formloom0refunds',
      webhookSecret: 'whsec_formloom0refunds',
    });
    const form = await api.forms.create({ title: 'Concert tickets', schema: tickets });
    const { shareUrl: code } = await api.forms.publish(form.id);
    const origin = server().origin;
    /** A respondent's paid order: started, paid on Stripe, completed. */
    const order = async (name: string, qty: number) => {
      const started = await fetch(`${origin}/v1/public/forms/${code}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { name, qty } }),
      });
      expect(started.status).toBe(201);
      const { sessionId } = ((await started.json()) as { data: { sessionId: string } }).data;
      const paid = stand.pay(sessionId);
      const done = await fetch(`${origin}/v1/public/forms/${code}/payments/${sessionId}/complete`, {
        method: 'POST',
      });
      expect(done.status).toBe(200);
      const { responseId } = ((await done.json()) as { data: { responseId: string } }).data;
      return { responseId, intent: paid.payment_intent! };
    };
    const ada = await order('Ada', 3);
    const bo = await order('Bo', 2);

    await page.goto(`${origin}/app/forms/${form.id}/responses/${ada.responseId}`);
    const panel = page.getByRole('region', { name: 'Payment' });
    await panel.getByText('€37.50', { exact: true }).waitFor();
    await panel.getByText('Paid', { exact: true }).waitFor();
    await panel.getByText(ada.intent, { exact: true }).waitFor();
    // The payment field is not listed among the answers as one left unanswered: the panel is its place.
    expect(await page.getByRole('rowheader', { name: 'Payment', exact: true }).count()).toBe(0);

    // A part: typed in euros, refused above what is left, then 12.50 of it refunded.
    await panel.getByRole('button', { name: 'Refund' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Refund this payment?' });
    await dialog.getByText('All that is left (€37.50)').waitFor();
    await dialog.getByRole('radio', { name: 'All that is left (€37.50)' }).focus();
    await page.keyboard.press('ArrowDown');
    const amount = dialog.getByLabel('Amount to refund (EUR)');
    await amount.focus();
    await page.keyboard.type('40');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('Enter an amount above zero and at most €37.50.').waitFor();
    expect(stand.charge(ada.intent).amount_refunded).toBe(0);
    await amount.fill('12.5');
    await dialog.getByRole('button', { name: 'Refund' }).focus();
    await page.keyboard.press('Enter');
    await panel
      .getByRole('status')
      .getByText('The refund is made: the payment is now Partly refunded.')
      .waitFor();
    await panel.getByText('Partly refunded', { exact: true }).waitFor();
    await panel.getByText('€12.50', { exact: true }).waitFor();
    expect(stand.charge(ada.intent).amount_refunded).toBe(1250);

    // The rest: all that is left.
    await panel.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await panel.getByText('Refunded', { exact: true }).waitFor();
    expect(stand.charge(ada.intent).amount_refunded).toBe(3750);
    expect(await panel.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(await api.responses.retrieve(form.id, ada.responseId)).toMatchObject({
      payment: { status: 'refunded', refundedAmount: 3750 },
    });

    // The table's payment columns.
    await page.goto(`${origin}/app/forms/${form.id}/responses`);
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('columnheader', { name: 'Payment status' }).waitFor();
    await table.getByRole('cell', { name: 'Refunded', exact: true }).waitFor();
    await table.getByRole('cell', { name: bo.intent }).waitFor();

    // In German at 360 px: the second order, refunded in full.
    await page.getByLabel('Language').selectOption('de');
    await page.goto(`${origin}/app/forms/${form.id}/responses/${bo.responseId}`);
    const zahlung = page.getByRole('region', { name: 'Zahlung' });
    await zahlung.getByText('25,00 €', { exact: true }).waitFor();
    await zahlung.getByText('Bezahlt', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'refunds-de-360.png', true);
    expect(await fitsWidth(opened)).toBe(true);
    await zahlung.getByRole('button', { name: 'Erstatten' }).click();
    const dialog2 = page.getByRole('dialog', { name: 'Diese Zahlung erstatten?' });
    await dialog2.getByText('Alles, was übrig ist (25,00 €)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog2.getByRole('button', { name: 'Erstatten' }).click();
    await zahlung.getByText('Erstattet', { exact: true }).waitFor();
    expect(stand.charge(bo.intent).amount_refunded).toBe(2500);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // The figures: both refunded, nothing left of the revenue.
    await page.goto(`${origin}/app/forms/${form.id}/figures`);
    const revenue = page.getByRole('region', { name: 'Umsatz' }).first();
    await revenue.getByRole('cell', { name: '0,00 €' }).waitFor();
    await revenue.getByRole('cell', { name: '62,50 €' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    // The signed-out first load (401) is the only failed load.
    expect(problems.filter((p) => !/\b401\b/.test(p))).toEqual([]);

    // An editor sees a payment but may not refund it: no button, and why.
    const cy = await order('Cy', 1);
    const editor = await inviteAndJoin(api, pages, { email: 'editor@example.com', role: 'editor' });
    await editor.page.goto(`${origin}/app/forms/${form.id}/responses/${cy.responseId}`);
    const seen = editor.page.getByRole('region', { name: 'Payment' });
    await seen.getByText('€12.50', { exact: true }).waitFor();
    await seen.getByText('Your role (editor) may not refund payments.').waitFor();
    expect(await seen.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(await axeViolations(editor.page)).toEqual([]);
  }, 300_000);
});
