import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, sessionApi, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('the Payments page: the account’s Stripe keys', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-payments-');

  it('shows the webhook address, saves the keys write-only (test mode shown), refuses mixed modes and disconnects; keyboard only, axe-clean at 360 px', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page, problems } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    const before = await api.payments.stripe();
    expect(before).toMatchObject({ connected: false, mode: null });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    const panel = page.getByRole('region', { name: 'Stripe' });
    await panel.getByText('Not connected', { exact: true }).waitFor();
    // The address to give Stripe: this server's, with the account's id, and a way to copy it.
    expect(before.webhookUrl).toMatch(
      new RegExp(`^${server().origin.replace(/\./g, '\\.')}/v1/payments/stripe/webhook/[\\w-]+$`),
    );
    await panel.getByText(before.webhookUrl, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Copy the webhook address' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Disconnect Stripe' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // Keys of two modes: refused, said, nothing saved.
    const secret = panel.getByLabel('Secret key');
    const publishable = panel.getByLabel('Publishable key');
    const signing = panel.getByLabel('Webhook signing secret');
    await secret.focus();
    await page.keyboard.type('sk_live_51Formloom0dashboard');
    await publishable.focus();
    await page.keyboard.type('pk_test_51Formloom0dashboard');
    await signing.focus();
    await page.keyboard.type('whsec_formloom0dashboard');
    await page.keyboard.press('Enter');
    await panel
      .getByRole('alert')
      .getByText(/same mode/)
      .waitFor();
    expect((await api.payments.stripe()).connected).toBe(false);

    // Test keys: saved, the fields emptied (secrets are never shown again), test mode said.
    await secret.fill('');
    await secret.focus();
    await page.keyboard.type('sk_test_51Formloom0dashboard');
    await signing.focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('The Stripe keys are saved.').waitFor();
    await panel.getByText('Connected', { exact: true }).waitFor();
    await panel.getByText('Test mode', { exact: true }).waitFor();
    await panel.getByText('Publishable key: pk_test_51Formloom0dashboard').waitFor();
    expect(await secret.inputValue()).toBe('');
    expect(await signing.inputValue()).toBe('');
    expect(await secret.getAttribute('type')).toBe('password');
    expect(await page.content()).not.toContain('sk_test_51Formloom0dashboard');
    expect(await api.payments.stripe()).toMatchObject({
      connected: true,
      mode: 'test',
      publishableKey: 'pk_test_51Formloom0dashboard',
    });
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // Disconnect, confirmed in a dialog.
    await panel.getByRole('button', { name: 'Disconnect Stripe' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Disconnect Stripe' });
    await dialog.getByText(/take no payments until keys are set again/).waitFor();
    await dialog.getByRole('button', { name: 'Disconnect Stripe' }).click();
    await panel.getByText('Not connected', { exact: true }).waitFor();
    await panel.getByRole('status').getByText('Stripe is disconnected.').waitFor();
    expect((await api.payments.stripe()).connected).toBe(false);
    // The signed-out first load (401) and the refused keys (400) are the only failed loads.
    expect(problems.filter((p) => !/\b(400|401)\b/.test(p))).toEqual([]);
  }, 300_000);
});
