import { publishForm, useTestServer } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { findChromium } from '@formloom/server/testing/browser';
import { capitalsQuiz } from '@formloom/server/testing/quiz-fixtures';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SplitApp, startSplitApp } from './support/app.js';
import type { ReactVersion } from './support/bundle.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe.skipIf(executable === undefined).each([18, 19] as ReactVersion[])(
  'a quiz in @formloom/react %i, Chromium against a real server',
  (version) => {
    const t = useTestServer('sqlite');
    let app: SplitApp | undefined;
    let key = '';
    let after = { id: '', code: '' };
    let atEnd = { id: '', code: '' };

    beforeAll(async () => {
      app = await startSplitApp(version, t, executable!);
      ({ key } = await t.account());
      after = await publishForm(t, key, capitalsQuiz('after-answer'));
      atEnd = await publishForm(t, key, capitalsQuiz('at-end'));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('after each answer: Check answer says right or wrong with the feedback, locks the question, and the ending shows the marks', async () => {
      const { page, problems, chunks } = await app!.open(after.code, 360);
      const france = page.getByRole('radiogroup', { name: 'Capital of France?' });
      await france.waitFor();
      const checks = page.getByRole('button', { name: 'Check answer' });
      await expect.poll(() => checks.count()).toBe(2);
      expect(chunks).toContain('quiz');
      // Nothing answered yet: nothing to check.
      expect(await checks.first().isDisabled()).toBe(true);

      await france.getByLabel('Lyon').check();
      await checks.first().click();
      const mark = page.locator('.fl-quiz-check').first().getByRole('status');
      await expect.poll(() => mark.textContent()).toBe('Not right: Lyon is the third city.');
      await expect.poll(() => focused(mark)).toBe(true);
      // The question is locked on the answer marked; its button is gone.
      expect(await france.getByLabel('Paris').isDisabled()).toBe(true);
      expect(await france.getByLabel('Lyon').isChecked()).toBe(true);
      expect(await checks.count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      // By keyboard: the checkboxes, then Check answer.
      const primes = page.getByRole('group', { name: 'Which are prime?' });
      await primes.getByLabel('2', { exact: true }).focus();
      await page.keyboard.press('Space');
      await primes.getByLabel('3', { exact: true }).focus();
      await page.keyboard.press('Space');
      await checks.first().focus();
      await page.keyboard.press('Enter');
      const second = page.locator('.fl-quiz-check').nth(1).getByRole('status');
      await expect.poll(() => second.textContent()).toBe('Right');

      await page.getByLabel('Your name').fill('Ada');
      await page.getByRole('button', { name: 'Submit' }).click();
      const done = page.locator('.fl-done');
      await expect
        .poll(() => done.locator('.fl-quiz-score').textContent())
        .toBe('1 of 2 right, 50%. Not passed');
      expect(await done.locator('.fl-quiz-questions').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);

      const stored = await t.request(`/v1/forms/${after.id}/responses`, { key });
      expect(stored.body.data.responses[0].quiz).toEqual({ correct: 1, total: 2, score: 50, passed: false });
    });

    it('at the end: no buttons; the ending lists each question with the answer, right or not, and the feedback, in German', async () => {
      const { page, problems } = await app!.open(`${atEnd.code}&lang=de`);
      const france = page.getByRole('radiogroup', { name: 'Hauptstadt von Frankreich?' });
      await france.getByLabel('Paris').check();
      const primes = page.getByRole('group', { name: 'Which are prime?' });
      await primes.getByLabel('2', { exact: true }).check();
      await primes.getByLabel('4', { exact: true }).check();
      await page.getByRole('combobox', { name: 'Capital of Italy?' }).selectOption('rome');
      expect(await page.getByRole('button', { name: 'Antwort prüfen' }).count()).toBe(0);
      await page.getByLabel('Your name').fill('Ada');
      await page.locator('form button[type="submit"]').click();
      const done = page.locator('.fl-done');
      await expect
        .poll(() => done.locator('.fl-quiz-score').textContent())
        .toBe('2 von 3 richtig, 67 %. Bestanden');
      expect(await done.getByRole('heading', { name: 'Ihre Antworten' }).count()).toBe(1);
      const items = done.locator('.fl-quiz-questions > li');
      const lines = await items.evaluateAll((els) =>
        els.map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent).join(' | ')),
      );
      expect(lines).toEqual([
        'Hauptstadt von Frankreich? | Ihre Antwort: Paris | Richtig: Ja, Paris.',
        'Which are prime? | Ihre Antwort: 2, 4 | Nicht richtig: 4 is 2 times 2.',
        'Capital of Italy? | Ihre Antwort: Rome | Richtig',
      ]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  },
);
