import { join } from 'node:path';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, isFocused, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)(
  'the template gallery in Chromium, by keyboard and at 360 px',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-templates-');

    it('finds a template by words and category, previews it as a respondent sees it and makes a draft of it in the builder', async () => {
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());

      await page.getByRole('button', { name: 'Start from a template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start from a template' });
      const status = dialog.getByRole('status');
      await status.getByText(/^Templates shown: \d+$/).waitFor();
      expect(Number((await status.textContent())?.split(': ')[1])).toBeGreaterThanOrEqual(24);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);

      // Words, then a category narrow the list.
      const search = dialog.getByRole('searchbox', { name: 'Search the templates' });
      expect(await isFocused(search)).toBe(true);
      await page.keyboard.type('recommend');
      await status.getByText('Templates shown: 1').waitFor();
      await dialog.getByRole('heading', { name: 'NPS survey', level: 3 }).waitFor();
      await search.fill('');
      await dialog.getByLabel('Category').selectOption({ label: 'Education' });
      await status.getByText('Templates shown: 2').waitFor();
      const names = await dialog.getByRole('heading', { level: 3 }).allTextContents();
      expect(names).toEqual(['Quiz', 'Course evaluation']);

      // A preview by keyboard: the form as a respondent sees it; back returns the focus.
      const previewQuiz = dialog.getByRole('button', { name: 'Preview: “Quiz”' });
      await previewQuiz.focus();
      await page.keyboard.press('Enter');
      const heading = dialog.getByRole('heading', { name: 'Preview of “Quiz”' });
      await heading.waitFor();
      expect(await isFocused(heading)).toBe(true);
      await dialog.getByText('Which planet is closest to the Sun?').waitFor({ timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-template-preview-360.png'), fullPage: true });
      await dialog.getByRole('button', { name: 'Back to the templates' }).click();
      await expect.poll(() => isFocused(previewQuiz)).toBe(true);

      // Use it: a draft of the template, opened in the builder.
      await dialog.getByRole('button', { name: 'Use template: “Course evaluation”' }).click();
      await page.waitForURL(/\/app\/forms\/[0-9a-f-]{36}$/);
      const formId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: 'Builder: Course evaluation' }).waitFor();
      const form = await server().api.forms.retrieve(formId);
      expect(form).toMatchObject({ title: 'Course evaluation', publishStatus: 'DRAFT' });
      expect(form.schema.fields.map((f) => f.id)).toContain('parts');
      expect(Object.keys(form.schema.translations ?? {}).sort()).toEqual(['de', 'es', 'it', 'nl', 'tr']);
      expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);

    it('speaks the dashboard’s language: a German gallery names the templates in German', async () => {
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
      await page.reload();
      await page.getByRole('button', { name: 'Mit einer Vorlage beginnen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mit einer Vorlage beginnen' });
      await dialog.getByRole('heading', { name: 'NPS-Umfrage', level: 3 }).waitFor();
      await dialog.getByLabel('Kategorie').selectOption({ label: 'Personal' });
      await dialog.getByRole('status').getByText('Angezeigte Vorlagen: 2').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }, 120_000);
  },
);
