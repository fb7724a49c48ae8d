import type { FormSchema } from '@formloom/contract';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  builderSaved,
  expectAccessibleAtPhoneWidth,
  openBuilder,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1100 };

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Orders', language: 'en' },
  sections: [{ id: 'main', title: 'Order', order: 0 }],
  fields: [{ id: 'name', sectionId: 'main', type: 'text', label: 'Your name', order: 0 }],
};

describe.skipIf(executable === undefined)("the builder in Chromium: the owners' e-mail", () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-notifications-');

  it('names the owners, attaches the PDF by keyboard, shows a bad address where it is; the API reads it back', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const form = await openBuilder(opened, server(), schema);
    const { page, problems } = opened;
    page.setDefaultTimeout(30_000);
    const saved = () => builderSaved(opened);
    const stored = async () => (await server().api.forms.retrieve(form.id)).schema;

    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    const panel = page.getByRole('group', { name: 'E-mail notifications' });
    const addresses = panel.getByRole('textbox', { name: /^Addresses told of each new response/ });
    await addresses.fill('sales@example.com\n\n  boss@example.com  ');
    await saved();
    // The autosave runs a moment after the change: "Saved" may still be the last save's.
    await expect
      .poll(async () => (await stored()).settings?.notifications, { timeout: 15_000 })
      .toEqual({ ownerEmails: ['sales@example.com', 'boss@example.com'] });

    const attach = panel.getByRole('switch', { name: 'Attach the response as PDF' });
    expect(await attach.isChecked()).toBe(false);
    await attach.focus();
    await page.keyboard.press('Space');
    expect(await attach.isChecked()).toBe(true);
    await saved();
    await expect
      .poll(async () => (await stored()).settings?.notifications, { timeout: 15_000 })
      .toEqual({ ownerEmails: ['sales@example.com', 'boss@example.com'], attachPdf: true });
    expect(await axeViolations(page)).toEqual([]);
    await expectAccessibleAtPhoneWidth(opened);

    // An address that is not one is named in this panel, and nothing of it is saved.
    await addresses.fill('sales@example.com\nnot an address');
    await panel.getByText('Not an e-mail address: not an address').waitFor();
    expect(await addresses.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    expect((await stored()).settings?.notifications?.ownerEmails).toEqual([
      'sales@example.com',
      'boss@example.com',
    ]);

    // Off again, and the addresses gone: the settings leave the form.
    await addresses.fill('');
    await attach.focus();
    await page.keyboard.press('Space');
    expect(await attach.isChecked()).toBe(false);
    await saved();
    await expect
      .poll(async () => (await stored()).settings?.notifications, { timeout: 15_000 })
      .toBeUndefined();
    // The 401: the dashboard's session check before signing in.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
