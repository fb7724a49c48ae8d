import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const FORMS = 45;
const RESPONSES = 25;

/** The first column's texts of a table's body rows. */
async function firstCells(page: OpenedPage['page'], table: string): Promise<string[]> {
  return page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.querySelector('td')?.textContent ?? '').trim()));
}

/**
 * Pages a list by keyboard alone: Next is focused once and pressed with Enter until it is
 * disabled, then Previous once; gives the rows seen on each page.
 */
async function pageThrough(
  opened: OpenedPage,
  rowsOf: () => Promise<string[]>,
  pages: number,
): Promise<string[][]> {
  const { page } = opened;
  const seen: string[][] = [];
  await page.getByText(`Page 1 of ${pages}`).waitFor();
  seen.push(await rowsOf());
  expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Next' }).focus();
  for (let n = 2; n <= pages; n++) {
    await page.keyboard.press('Enter');
    await page.getByText(`Page ${n} of ${pages}`).waitFor();
    await expect.poll(rowsOf).not.toEqual(seen.at(-1));
    seen.push(await rowsOf());
  }
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  // On the last page the keyboard is still where it was, not thrown back to the top.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
  await page.keyboard.press('Enter');
  await page.getByText(`Page ${pages} of ${pages}`).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  expect(await fitsWidth(opened)).toBe(true);
  // And back: Shift+Tab past the position to Previous.
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Previous');
  await page.keyboard.press('Enter');
  await page.getByText(`Page ${pages - 1} of ${pages}`).waitFor();
  await expect.poll(rowsOf).toEqual(seen.at(-2));
  return seen;
}

describe.skipIf(executable === undefined)('paging the forms list and the responses table', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-paging-');

  it(`${FORMS} forms and ${RESPONSES} responses paged by keyboard: Next, Previous, "Page n of m", every row once`, async () => {
    const { api, origin } = server();
    const titles = Array.from({ length: FORMS }, (_, i) => `Form ${String(i + 1).padStart(2, '0')}`);
    for (const title of titles.slice(0, -1)) await api.forms.create({ title });
    const answered = await api.forms.create({ title: titles.at(-1)!, schema: contactSchema() });
    const { shareUrl } = await api.forms.publish(answered.id);
    const names = Array.from({ length: RESPONSES }, (_, i) => `Respondent ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await api.public.submitResponse(shareUrl!, { answers: { name } });

    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    const formPages = await pageThrough(opened, () => firstCells(page, 'Forms'), 3);
    expect(formPages.map((rows) => rows.length)).toEqual([20, 20, 5]);
    expect(formPages.flat().sort()).toEqual(titles);

    await page.goto(`${origin}/app/forms/${answered.id}/responses`);
    await page.getByText(`Responses: ${RESPONSES}`).waitFor();
    const nameColumn = async () =>
      page
        .getByRole('table', { name: 'Responses' })
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[1]?.textContent ?? '').trim()));
    const responsePages = await pageThrough(opened, nameColumn, 2);
    expect(responsePages.map((rows) => rows.length)).toEqual([20, 5]);
    expect(responsePages.flat().sort()).toEqual(names);
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
