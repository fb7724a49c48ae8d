import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishForm } from '../support/page-fixtures.js';
import { capitalsQuiz } from '../support/quiz-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeOfSame } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

/**
 * docs/form-model.md "Quizzes" on the server's own page with its script: the element takes the
 * server's markup over, adds Check answer under each choice field and shows the marks on its
 * thank-you card (without the script, the thank-you page shows them: plain-post-quiz.test.ts).
 */
describe.skipIf(executable === undefined)('public form page in Chromium: a quiz', () => {
  const pages = usePages(executable);
  let page: Page;
  let problems: string[] = [];

  describeEachDialect('against a real server', (t) => {
    let form = { id: '', code: '' };
    beforeAll(async () => {
      const { key } = await t.account();
      form = await publishForm(t, key, capitalsQuiz('after-answer'));
    });

    it('with its script: Check answer marks and locks a question, the card shows the marks', async () => {
      ({ page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 800 }));
      const check = page.locator('#fl-w-france').getByRole('button', { name: 'Check answer' });
      await check.waitFor();
      await page.getByLabel('Paris').check();
      await check.click();
      const mark = page.locator('#fl-w-france').getByRole('status');
      await expect.poll(() => mark.textContent()).toBe('Right: Yes, Paris.');
      expect(await page.getByLabel('Lyon').isDisabled()).toBe(true);
      expect(await axeOfSame(page)).toEqual([]);
      await page.getByLabel('Your name').fill('Ada');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(() => page.locator('.fl-quiz-score').textContent())
        .toBe('1 of 3 right, 33%. Not passed');
      expect(problems).toEqual([]);
    });
  });
});
