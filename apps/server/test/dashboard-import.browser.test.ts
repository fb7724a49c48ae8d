import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { DESKTOP, fitsWidth, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

/** A SurveyJS survey with one question Formloom has no counterpart for. */
const SURVEY = {
  title: 'Team lunch',
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'who', title: 'Your name', isRequired: true },
        { type: 'radiogroup', name: 'dish', title: 'Dish', choices: ['Soup', 'Salad'] },
        { type: 'image', name: 'banner', imageLink: 'https://example.com/b.png' },
      ],
    },
  ],
};

describe.skipIf(executable === undefined)('importing and exporting forms on the dashboard', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-import-');

  it('imports a SurveyJS file with its report, exports a definition and imports it back as a copy; axe-clean at 360 px', async () => {
    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());

    await page.getByRole('button', { name: 'Import a form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a form' });
    await dialog.getByLabel('Made with').selectOption('surveyjs');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'The JSON file' }).click(),
    ]);
    await chooser.setFiles({
      name: 'lunch.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(SURVEY)),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('status').getByText('"Team lunch" was imported as a draft.').waitFor();
    await dialog.getByText('Left out (1):').waitFor();
    await dialog.getByText('$.pages[0].elements[2]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-import-report-360.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Open in the builder' }).click();
    await page.waitForURL(/\/app\/forms\/[0-9a-f-]{36}$/);
    const formId = page.url().split('/').pop()!;
    const imported = await server().api.forms.retrieve(formId);
    expect(imported.schema.fields.map((f) => [f.id, f.type])).toEqual([
      ['who', 'text'],
      ['dish', 'radio'],
    ]);

    // Its definition, exported from the list's menu, comes back in as a copy.
    await page.goto(`${server().origin}/app/forms`);
    await page.getByRole('button', { name: 'Actions' }).first().click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export definition' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Team-lunch.formloom.json');
    const definition = readFileSync((await download.path())!);
    expect(JSON.parse(definition.toString()).format).toBe('formloom.form-definition');
    await page.getByRole('button', { name: 'Import a form' }).click();
    const again = page.getByRole('dialog', { name: 'Import a form' });
    const [second] = await Promise.all([
      page.waitForEvent('filechooser'),
      again.getByRole('button', { name: 'The JSON file' }).click(),
    ]);
    await second.setFiles({
      name: 'Team-lunch.formloom.json',
      mimeType: 'application/json',
      buffer: definition,
    });
    await again.getByRole('button', { name: 'Import', exact: true }).click();
    await again.getByText('Everything came along.').waitFor();

    // Not JSON: said in the dialog, nothing sent.
    await again.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Import a form' }).click();
    const third = page.getByRole('dialog', { name: 'Import a form' });
    const [bad] = await Promise.all([
      page.waitForEvent('filechooser'),
      third.getByRole('button', { name: 'The JSON file' }).click(),
    ]);
    await bad.setFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{not json') });
    await third.getByRole('button', { name: 'Import', exact: true }).click();
    await third.getByRole('alert').getByText('This file is not JSON.').waitFor();
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
  it('speaks German at 1280 px: the dialog and its report, axe-clean', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const { page } = opened;
    await signIn(opened, server());
    await page.evaluate(() => localStorage.setItem('formloom.dashboard.language', 'de'));
    await page.reload();
    await page.getByRole('button', { name: 'Formular importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formular importieren' });
    await dialog.getByLabel('Erstellt mit').selectOption('surveyjs');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Die JSON-Datei' }).click(),
    ]);
    await chooser.setFiles({
      name: 'lunch.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(SURVEY)),
    });
    await dialog.getByRole('button', { name: 'Importieren', exact: true }).click();
    await dialog.getByRole('status').getByText('„Team lunch“ wurde als Entwurf importiert.').waitFor();
    await dialog.getByText('Nicht übernommen (1):').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened, DESKTOP.width)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-import-report-de-1280.png') });
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);
});
