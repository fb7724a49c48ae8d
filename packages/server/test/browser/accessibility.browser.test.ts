import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagedQuizSchema, publishForm, surveySchema } from '../support/page-fixtures.js';
import { publishedSmartForm } from '../support/smart-form-kit.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeViolations } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on the public pages in the states a respondent meets: the
 * single-column form empty and with its errors shown, a paged form's first and second page (an
 * error shown), the completion screen, and an interview's question.
 */
describe.skipIf(executable === undefined)('public pages pass axe-core (WCAG 2.1 A/AA)', () => {
  const pages = usePages(executable);
  let page: Page;
  const visible = (selector: string) => page.locator(selector).isVisible();

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';
      beforeAll(async () => {
        ({ key } = await t.account());
      });

      it('a single-column form, empty and with errors shown', async () => {
        const form = await publishForm(t, key, surveySchema());
        ({ page } = await pages.open(`${t.url}/f/${form.code}`));
        expect(await axeViolations(page)).toEqual([]);
        // Submit with nothing filled in: every error shown in place, and the status line.
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => visible('#fl-e-name')).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });

      it('a paged form: page 1, page 2 with an error, and the completion screen', async () => {
        const quiz = await publishForm(t, key, pagedQuizSchema());
        ({ page } = await pages.open(`${t.url}/f/${quiz.code}`));
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel('Your name').fill('Ada');
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => visible('#fl-s-q1page')).toBe(true);
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => visible('#fl-e-q1')).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel('Paris').check();
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => visible('#fl-s-q2page')).toBe(true);
        await page.getByLabel('5').check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => visible('#fl-done')).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });

      it('an interview page: the welcome and a question', async () => {
        const form = await publishedSmartForm(t, key, { maxQuestions: 5 });
        ({ page } = await pages.open(`${t.url}/s/${form.code}`));
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Start the interview' }).click();
        await expect.poll(() => visible('#fl-question'), { timeout: 15_000 }).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
      });
    },
    { publicRateLimit: false },
  );
});
