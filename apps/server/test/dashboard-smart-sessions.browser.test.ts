import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Formloom } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, interview, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

async function analysed(api: Formloom, smartFormId: string, sessionId: string): Promise<void> {
  await expect
    .poll(async () => (await api.smartForms.sessions.retrieve(smartFormId, sessionId)).analysis, {
      timeout: 30_000,
    })
    .not.toBeNull();
}

describe.skipIf(executable === undefined)(
  'the smart-form sessions pages in Chromium: filters, transcript, analytics',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-smart-sessions-');

    it('sessions filter by status, a transcript shows the answers as text, analytics match the API, the chat streams, the export downloads; accessible at 360 px', async () => {
      const { api, origin } = server();
      const smartForm = await api.smartForms.create({
        title: 'Checkout interviews',
        purpose: 'Learn why customers leave the checkout before they pay, and what would help.',
        maxQuestions: 5,
      });
      const { shareUrl: code } = await api.smartForms.publish(smartForm.id);
      const active = await interview(api, code, ['I only looked around'], { count: 1, finish: false });
      const first = await interview(api, code, [
        'The shipping price came too late',
        'Shipping costs annoyed me',
      ]);
      const second = await interview(api, code, [
        '<b>Too</b> many steps before paying',
        'The card form was slow',
      ]);
      await analysed(api, smartForm.id, first);
      await analysed(api, smartForm.id, second);

      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());

      // The list: all three, then filtered by status.
      await page.goto(`${origin}/app/smart-forms/${smartForm.id}/sessions`);
      await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
      await page.getByText('Sessions: 3').waitFor();
      const table = page.getByRole('table', { name: 'Sessions' });
      expect(await table.getByRole('row').count()).toBe(4);
      await expect.poll(() => table.getByRole('cell', { name: 'Completed' }).count()).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.getByLabel('Status').selectOption('completed');
      await page.getByText('Sessions: 2').waitFor();
      expect(await table.getByRole('cell', { name: 'Active' }).count()).toBe(0);
      await page.getByLabel('Status').selectOption('active');
      await page.getByText('Sessions: 1').waitFor();
      await table.getByRole('cell', { name: '1 of' }).waitFor();
      await page.getByLabel('Status').selectOption('abandoned');
      await page.getByText('No session has this status.').waitFor();
      await page.getByLabel('Status').selectOption('all');
      await page.getByText('Sessions: 3').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-smart-sessions-360.png'), fullPage: true });

      // By keyboard to the newest session: its transcript, the answers as text (never markup).
      await table.getByRole('link').first().focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /^Session of/, level: 1 }).waitFor();
      await page.getByText('<b>Too</b> many steps before paying', { exact: true }).waitFor();
      await page.getByText('The card form was slow').first().waitFor();
      expect(await page.locator('main b').count()).toBe(0);
      const detail = await api.smartForms.sessions.retrieve(smartForm.id, second);
      await page.getByText(detail.transcript[0]!.question).first().waitFor();
      await page.getByText(detail.analysis!.summary).waitFor();
      await page.getByRole('heading', { name: 'Transcript', level: 2 }).waitFor();
      await page.getByRole('heading', { name: 'Analysis', level: 2 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.getByRole('link', { name: 'Back to the sessions' }).click();
      await page.getByText('Sessions: 3').waitFor();

      // Analytics on request: every figure shown is the API's.
      await page.getByRole('link', { name: 'Analytics' }).click();
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Analyse the sessions' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Based on 2 completed sessions').waitFor({ timeout: 30_000 });
      const figures = await api.smartForms.analytics(smartForm.id);
      const stats = page.getByRole('table', { name: 'Summary statistics' });
      await stats.getByRole('row', { name: `Sessions ${figures.statistics.totalSessions}` }).waitFor();
      await stats.getByRole('row', { name: `Completed ${figures.statistics.completedSessions}` }).waitFor();
      const overTime = page.getByRole('table', { name: 'Sessions over time' });
      for (const p of figures.sessionsOverTime)
        await overTime
          .getByRole('row', { name: `${p.period} ${p.started} ${p.completed}`, exact: true })
          .waitFor();
      const sentiment = page.getByRole('table', { name: 'Sentiment of the sessions' });
      for (const [label, count] of Object.entries(figures.sentiment.distribution)) {
        const shown = label[0]!.toUpperCase() + label.slice(1);
        await sentiment.getByRole('row', { name: `${shown} ${count}`, exact: true }).waitFor();
      }
      expect(figures.themes.length).toBeGreaterThan(0);
      const themes = page.getByRole('table', { name: 'Most frequent themes' });
      expect(await themes.getByRole('row').count()).toBe(figures.themes.length + 1);
      for (const { theme, count } of figures.themes)
        await themes.getByRole('row', { name: `${theme} ${count}`, exact: true }).waitFor();
      // The drawings are there, each one named image beside its table.
      expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
      await page.getByRole('img', { name: 'Sessions over time' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);

      // The insights chat streams its answer into a polite live region.
      const streamed = page.waitForRequest(
        (r) => r.url().endsWith(`/v1/smart-forms/${smartForm.id}/chat`) && r.method() === 'POST',
      );
      await page.getByLabel('Your question').fill('Why do people leave the checkout?');
      await page.getByRole('button', { name: 'Ask' }).click();
      expect((await streamed).headers().accept).toContain('text/event-stream');
      const answer = page.getByRole('region', { name: 'Answer' });
      expect(await answer.getAttribute('aria-live')).toBe('polite');
      await expect
        .poll(async () => (await answer.textContent()) ?? '', { timeout: 30_000 })
        .toContain('Offline analysis');
      await expect.poll(() => answer.getAttribute('aria-busy')).toBe('false');
      expect(await axeViolations(page)).toEqual([]);

      // The export: one row per session, oldest first, with the answers.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(csv).toHaveLength(4);
      expect(csv[0]).toContain('session_id,status');
      expect(csv[1]).toContain(active);
      expect(csv[2]).toContain(first);
      expect(csv[2]).toContain('The shipping price came too late');
      expect(csv[3]).toContain(second);
      await page.getByText('The CSV file was downloaded.').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-smart-analytics-360.png'), fullPage: true });
      expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);
  },
);
