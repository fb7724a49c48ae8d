import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormSchema } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { guestsSchema } from '@formloom/server/testing/page-fixtures';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, signIn, tableRows, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Workshop signup', language: 'en' },
  sections: [{ id: 'main', title: 'About you', order: 0 }],
  fields: [
    { id: 'name', sectionId: 'main', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'workshop',
      sectionId: 'main',
      type: 'radio',
      label: 'Workshop',
      order: 1,
      options: [
        { label: 'React basics', value: 'react' },
        { label: 'Node streams', value: 'node' },
      ],
    },
    { id: 'years', sectionId: 'main', type: 'number', label: 'Years of experience', order: 2 },
  ],
};

describe.skipIf(executable === undefined)('the responses pages in Chromium', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-responses-');

  it('a submission on the public page appears in the table and its detail; filters, CSV export, the chat streams; accessible at 360 px', async () => {
    const { api, origin } = server();
    const form = await api.forms.create({ title: 'Workshop signup', schema });
    const { publicUrl } = await api.forms.publish(form.id);

    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    await page.goto(`${origin}/app/forms/${form.id}/responses`);
    await page.getByRole('heading', { name: 'Responses', level: 1 }).waitFor();
    await page.getByText('No responses yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Someone else answers on the public page.
    const other = await page.context().browser()!.newContext();
    try {
      const visitor = await other.newPage();
      await visitor.goto(publicUrl);
      await visitor.getByLabel('Name').fill('Ada Lovelace');
      await visitor.getByLabel('Node streams').check();
      await visitor.getByLabel('Years of experience').fill('7');
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    } finally {
      await other.close();
    }

    // The table shows it, options by label.
    await page.reload();
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    await table.getByRole('cell', { name: 'Node streams' }).waitFor();
    await page.getByText('Responses: 1').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    // Dates that exclude it, then none.
    await page.getByLabel('From').fill('2999-01-01');
    await page.getByText('No response in these dates.').waitFor();
    await page.getByLabel('From').fill('');
    await table.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();

    // CSV export: a downloaded file whose row matches the response.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[0]).toContain('Name,Workshop,Years of experience');
    expect(csv[1]).toContain('Ada Lovelace,Node streams,7');
    await page.getByText('The CSV file was downloaded.').waitFor();

    // The chat's answer arrives as server-sent events into a live region.
    const streamed = page.waitForRequest(
      (r) => r.url().endsWith(`/v1/forms/${form.id}/analytics-chat`) && r.method() === 'POST',
    );
    await page.getByLabel('Your question').fill('Which workshop is the most popular?');
    await page.getByRole('button', { name: 'Ask' }).click();
    expect((await streamed).headers().accept).toContain('text/event-stream');
    const answer = page.getByRole('region', { name: 'Answer' });
    expect(await answer.getAttribute('aria-live')).toBe('polite');
    await expect
      .poll(async () => ((await answer.textContent()) ?? '').length, { timeout: 30_000 })
      .toBeGreaterThan(10);
    await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-responses-360.png'), fullPage: true });

    // Its detail: every label beside its answer.
    await table.getByRole('link', { name: /^View the response of/ }).click();
    await page.getByRole('heading', { name: /^Response of/, level: 1 }).waitFor();
    const answers = page.getByRole('table');
    await answers.getByRole('row', { name: 'Workshop Node streams' }).waitFor();
    await answers.getByRole('row', { name: 'Years of experience 7' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await page.getByRole('link', { name: 'Back to the responses' }).click();
    await table.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);

  it("a repeating section's entries: one line each in the table and the detail, their figures on the figures page; accessible at 360 px", async () => {
    const { api, origin } = server();
    const form = await api.forms.create({ title: 'Booking', schema: guestsSchema() });
    const code = (await api.forms.publish(form.id)).shareUrl!.split('/').at(-1)!;
    const guests = [
      { name: 'Ada', age: 40, meal: 'fish' },
      { name: '<b>Bo</b>', age: 7 },
    ];
    await api.public.submitResponse(code, { answers: { host: 'Ann', guests } });
    await api.public.submitResponse(code, {
      answers: { host: 'Cy', guests: [{ name: 'Di', age: 30, meal: 'veg' }] },
    });
    const lines = ['Guest name: Ada; Age: 40; Meal for Ada: Fish', 'Guest name: <b>Bo</b>; Age: 7'];

    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    await page.goto(`${origin}/app/forms/${form.id}/responses`);
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('cell', { name: 'Ann' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Submitted',
      'Your name',
      'Guests',
      'A note for the host',
      'count',
      'years',
    ]);
    // One line per entry, as text (never markup, never "[object Object]").
    const cell = table.getByRole('row').filter({ hasText: 'Ann' }).getByRole('cell').nth(2);
    expect(await cell.textContent()).toBe(lines.join('\n'));
    expect(await table.locator('b').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    await table.getByRole('row').filter({ hasText: 'Ann' }).getByRole('link').click();
    await page.getByRole('heading', { name: /^Response of/, level: 1 }).waitFor();
    const entries = page.getByRole('row', { name: /^Guests/ }).getByRole('cell');
    expect(await entries.textContent()).toBe(lines.join('\n'));
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);

    await page.goto(`${origin}/app/forms/${form.id}/figures`);
    await page.getByText('Responses: 2').waitFor();
    const rowsOf = (caption: string) => tableRows(page.getByRole('table', { name: caption, exact: true }));
    expect(await rowsOf('Guests, responses by number of entries')).toEqual(['1 1', '2 1']);
    expect(await rowsOf('Guests')).toEqual(['Entries 3', 'Mean entries per response 1.5']);
    await page.getByText('Answered in 2 of 3 entries').first().waitFor();
    expect(await rowsOf('Meal for {{name}}')).toEqual(['Fish 1', 'Vegetarian 1']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-entries-360.png'), fullPage: true });
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);
});
