import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, sessionApi, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('the Personal links panel of the share page', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-links-');

  it('creates links from a pasted CSV, downloads them, lists them used or not and revokes one; keyboard only, axe-clean at 360 px', async () => {
    const { origin } = server();
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    const api = await sessionApi(opened, server());
    const schema = contactSchema();
    schema.fields[0] = { ...schema.fields[0]!, prefill: {} };
    const made = await api.forms.create({ title: 'Survey', schema });
    const published = await api.forms.publish(made.id);

    await page.goto(`${origin}/app/forms/${made.id}/share`);
    const panel = page.getByRole('region', { name: 'Personal links' });
    await panel.getByText('No personal link yet.').waitFor();

    // Typed from the keyboard into the CSV box, then the button by Tab and Enter.
    await panel.getByRole('textbox', { name: 'Recipients (CSV)' }).focus();
    await page.keyboard.insertText('email,name\nann@example.com,"Lee, Ann"\nbob@example.com,Bob\n');
    await panel.getByText('2 recipients').waitFor();
    await panel.getByRole('button', { name: 'Create the links' }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText('2 links created; 0 e-mails queued.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download the links (CSV)' }).click();
    const file = await (await downloading).path();
    const { readFileSync } = await import('node:fs');
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,name,url');
    expect(csv).toContain(`ann@example.com,"Lee, Ann",${origin}/f/${published.shareUrl}?t=`);

    // Ann answers through her link: the list says so.
    const annUrl = new URL(/ann@example\.com,"Lee, Ann",(\S+)\r\n/.exec(csv)![1]!);
    await api.public.submitResponse(published.shareUrl!, {
      answers: { name: 'Ann', contact: 'email' },
      linkToken: annUrl.searchParams.get('t')!,
    });
    await page.reload();
    const table = panel.getByRole('region', { name: 'Links' });
    await table.getByText('Used', { exact: true }).waitFor();
    await table.getByText('Not used', { exact: true }).waitFor();

    await panel.getByRole('button', { name: 'Revoke the link of bob@example.com' }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText('Link revoked.').waitFor();
    await table.getByText('Not used', { exact: true }).waitFor({ state: 'detached' });
    expect((await api.forms.links.list(made.id)).items.map((l) => l.email)).toEqual(['ann@example.com']);
    expect(await axeViolations(page)).toEqual([]);
  });
});
