import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormSchema } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { signupSchema } from '@formloom/server/testing/jumps-fixtures';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, PNG, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Workshop signup', language: 'en' },
  settings: { layout: 'paged', submitAction: 'default' },
  sections: [
    { id: 'about', title: 'About you', order: 0 },
    // Untitled: the funnel names it by its place ("Page 2"), never by its id.
    { id: 'more', title: '', order: 1 },
  ],
  fields: [
    { id: 'name', sectionId: 'about', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'workshop',
      sectionId: 'about',
      type: 'radio',
      label: 'Workshop',
      order: 1,
      options: [
        { label: 'React basics', value: 'react' },
        { label: 'Node streams', value: 'node' },
      ],
    },
    { id: 'years', sectionId: 'more', type: 'number', label: 'Years of experience', order: 0 },
    { id: 'start', sectionId: 'more', type: 'date', label: 'Start date', order: 1 },
    {
      id: 'cv',
      sectionId: 'more',
      type: 'file',
      label: 'Your CV',
      order: 2,
      fileConfig: { allowedTypes: ['image/png'], maxSizeMB: 1 },
    },
  ],
};

describe.skipIf(executable === undefined)(
  'the figures page, search, downloads and deletion in Chromium',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-figures-');

    it('shows the figures the route answers, search narrows the table, a file downloads, a response is deleted; accessible at 360 px, by keyboard', async () => {
      const { api, origin } = server();
      const form = await api.forms.create({ title: 'Workshop signup', schema });
      const { shareUrl: code } = await api.forms.publish(form.id);
      const publicApi = `${origin}/v1/public/forms/${code}`;

      // Respondents, through the public routes: one with an upload, and a partial that stops early.
      const body = new FormData();
      body.append('fieldId', 'cv');
      body.append('file', new Blob([PNG], { type: 'image/png' }), 'grace-cv.png');
      const uploaded = await fetch(`${publicApi}/uploads`, { method: 'POST', body });
      expect(uploaded.status).toBe(201);
      const cv = ((await uploaded.json()) as { data: object }).data;
      const submit = async (answers: object) => {
        const res = await fetch(`${publicApi}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ answers }),
        });
        expect(res.status).toBe(201);
      };
      await submit({ name: 'Ada Lovelace', workshop: 'node', years: 7, start: '2026-03-02' });
      await submit({ name: 'Grace Hopper', workshop: 'node', years: 30, start: '2026-04-09', cv });
      await submit({ name: 'Linus', workshop: 'react', years: 2 });
      const partial = await fetch(`${publicApi}/partials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { name: 'Quitter' }, page: 'about' }),
      });
      expect(partial.status).toBe(201);
      const figures = await api.forms.figures(form.id);
      expect(figures.responseCount).toBe(3);
      // The funnel counts the three responses (each went through every page) and the one that stopped.
      expect(figures.dropOff).toMatchObject({ started: 4, completed: 3 });
      expect(figures.dropOff.pages.map((p) => p.reached)).toEqual([4, 3]);
      expect(figures.dropOff.pages.map((p) => p.title)).toEqual(['About you', '']);

      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());

      // The figures page: each chart's figures in the table beside it equal the route's.
      await page.goto(`${origin}/app/forms/${form.id}/figures`);
      await page.getByRole('heading', { name: 'Figures', level: 1 }).waitFor();
      await page.getByText('Responses: 3').waitFor();
      const rowsOf = async (caption: string) =>
        page
          .getByRole('table', { name: caption, exact: true })
          .getByRole('row')
          .evaluateAll((rows) =>
            rows.slice(1).map((r) => Array.from(r.children, (cell) => cell.textContent?.trim()).join(' ')),
          );
      expect(await rowsOf('Workshop')).toEqual([
        `React basics ${figures.fields.workshop!.options!.react}`,
        `Node streams ${figures.fields.workshop!.options!.node}`,
      ]);
      const n = figures.fields.years!.numbers!;
      expect(await rowsOf('Years of experience')).toEqual([
        `Numbers given ${n.count}`,
        `Mean ${n.mean}`,
        `Median ${n.median}`,
        `Smallest ${n.min}`,
        `Largest ${n.max}`,
      ]);
      // 2, 7 and 30 years: whole numbers in bins of 5 named by the values they hold.
      expect(n.histogram.wholeNumbers).toBe(true);
      expect(await rowsOf('Years of experience, by value')).toEqual(
        n.histogram.bins.map((b) => `${b.from}–${b.to - 1} ${b.count}`),
      );
      expect(n.histogram.bins.map((b) => b.count)).toEqual([1, 1, 0, 0, 0, 0, 1]);
      expect(await rowsOf('Start date')).toEqual(
        Object.entries(figures.fields.start!.months!).map(([m, c]) => `${m} ${c}`),
      );
      expect(await rowsOf('Responses over time')).toEqual(
        figures.overTime.map((p) => `${p.period} ${p.count}`),
      );
      // "Completed 3" beside "Responses: 3" (it said 0: only partials were counted).
      expect(await rowsOf('Drop-off (responses and saved partial responses)')).toEqual([
        'Started 4',
        'About you 4',
        'Page 2 3',
        'Completed 3',
      ]);
      // Charts are drawn (recharts' SVG), hidden from assistive technology.
      expect(await page.locator('[aria-hidden="true"] svg.recharts-surface').count()).toBeGreaterThanOrEqual(
        5,
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-figures-360.png'), fullPage: true });

      // Search narrows the table.
      await page.getByRole('link', { name: 'Back to the responses' }).click();
      const table = page.getByRole('table', { name: 'Responses' });
      await page.getByText('Responses: 3').waitFor();
      await page.getByLabel('Search the answers').fill('HOPPER');
      await page.getByText('Responses: 1').waitFor();
      expect(await table.getByRole('row').count()).toBe(2);
      await table.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Search the answers').fill('nobody at all');
      await page.getByText('No response matches these filters.').waitFor();
      await page.getByLabel('Search the answers').fill('grace');
      await table.getByRole('cell', { name: 'Grace Hopper' }).waitFor();

      // The detail offers the file: it downloads with its bytes.
      await table.getByRole('link', { name: /^View the response of/ }).click();
      await page.getByRole('heading', { name: /^Response of/, level: 1 }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download grace-cv.png' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('grace-cv.png');
      expect(readFileSync((await download.path())!).equals(PNG)).toBe(true);
      // The response as a PDF, under the server's name for it.
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download as PDF' }).click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/-response-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.pdf$/);
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      const responseId = new URL(page.url()).pathname.split('/').pop()!;

      // Delete, by keyboard: the dialog opens on Cancel; Tab to Delete, Enter.
      await page.getByRole('button', { name: 'Delete the response' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete this response?' });
      await dialog.waitFor();
      await expect
        .poll(() =>
          dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement),
        )
        .toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Responses', level: 1 }).waitFor();
      await page.getByText('Responses: 2').waitFor();
      await expect(api.responses.retrieve(form.id, responseId)).rejects.toMatchObject({ status: 404 });
      expect((await api.forms.figures(form.id)).responseCount).toBe(2);
      expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);

    it("draws the funnel along each respondent's path: a page a jump skipped is not a drop-off, and says so", async () => {
      const { api, origin } = server();
      const form = await api.forms.create({ title: 'Sign up', schema: signupSchema() });
      const { shareUrl: code } = await api.forms.publish(form.id);
      const post = async (path: string, body: object) => {
        const res = await fetch(`${origin}/v1/public/forms/${code}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(201);
      };
      // Free jumps past Billing to Profile; None ends at once; Pro goes through every page.
      await post('responses', { answers: { kind: 'free', name: 'Ada' } });
      await post('responses', { answers: { kind: 'pro', seats: 3, name: 'Bo' } });
      await post('responses', { answers: { kind: 'none' } });
      await post('partials', { answers: { kind: 'free' }, page: 'profile' });

      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.goto(`${origin}/app/forms/${form.id}/figures`);
      await page.getByText('Responses: 3').waitFor();
      const funnel = page.getByRole('table', { name: 'Drop-off (responses and saved partial responses)' });
      expect(
        await funnel
          .getByRole('row')
          .evaluateAll((rows) =>
            rows.slice(1).map((r) => Array.from(r.children, (cell) => cell.textContent?.trim()).join(' ')),
          ),
      ).toEqual(['Started 4', 'Plan 4', 'Billing 1', 'Profile 3', 'Completed 3']);
      await page
        .getByText(
          'Each page counts those whose path went through it: a page that a jump skipped is not a drop-off.',
        )
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
    }, 120_000);
  },
);
