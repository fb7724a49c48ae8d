import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { capitalsQuiz } from '@formloom/server/testing/quiz-fixtures';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('a quiz in the dashboard in Chromium', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-quiz-');

  it('the responses table and a response’s page have the score (in six languages), the figures page the scores and each question’s share of right answers; at 360 px, axe', async () => {
    const { api, origin } = server();
    const form = await api.forms.create({ title: 'Capitals', schema: capitalsQuiz('at-end') });
    const { shareUrl: code } = await api.forms.publish(form.id);
    const submit = async (answers: object) => {
      const res = await fetch(`${origin}/v1/public/forms/${code}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers }),
      });
      expect(res.status).toBe(201);
    };
    // 3 of 3 right, then 1 of 2 (Lyon: Italy is not asked).
    await submit({ france: 'paris', primes: ['2', '3'], italy: 'rome', name: 'Ada' });
    await submit({ france: 'lyon', primes: ['2', '3'], name: 'Bo' });
    const figures = await api.forms.figures(form.id);
    expect(figures.quiz?.scores).toEqual([
      { score: 50, count: 1 },
      { score: 100, count: 1 },
    ]);

    const opened = await pages.open('about:blank', PHONE);
    const { page, problems } = opened;
    await signIn(opened, server());
    await page.goto(`${origin}/app/forms/${form.id}/responses`);
    const table = page.getByRole('table', { name: 'Responses' });
    await table.waitFor();
    const scores = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => r.children[1]?.textContent?.trim()));
    expect(scores.sort()).toEqual(['100 % (3 of 3), passed', '50 % (1 of 2), not passed']);
    expect(await axeViolations(page)).toEqual([]);

    // A response's page has its marks too (the read has the totals, not each question's mark).
    const bo = (await api.responses.list(form.id)).items.find((r) => r.answers.name === 'Bo')!;
    await page.goto(`${origin}/app/forms/${form.id}/responses/${bo.id}`);
    const marks = page.getByRole('region', { name: 'Quiz score' });
    await marks.getByText('50 % (1 of 2), not passed', { exact: true }).waitFor();
    expect(await fitsWidth(opened)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // In each language the dashboard speaks.
    for (const [language, heading, text] of [
      ['de', 'Quiz-Punktzahl', '50 % (1 von 2), nicht bestanden'],
      ['es', 'Puntuación del cuestionario', '50 % (1 de 2), no aprobado'],
      ['it', 'Punteggio del quiz', '50% (1 su 2), non superato'],
      ['nl', 'Quizscore', '50% (1 van 2), niet geslaagd'],
      ['tr', 'Sınav puanı', '%50 (2 sorudan 1), geçemedi'],
    ]) {
      await page.locator('header select').selectOption(language!);
      await page.getByRole('region', { name: heading }).getByText(text!, { exact: true }).waitFor();
    }
    await page.locator('header select').selectOption('en');

    await page.goto(`${origin}/app/forms/${form.id}/figures`);
    await page.getByRole('heading', { name: 'Quiz', level: 2 }).waitFor();
    const rowsOf = async (caption: string) =>
      page
        .getByRole('table', { name: caption, exact: true })
        .getByRole('row')
        .evaluateAll((rows) =>
          rows.slice(1).map((r) => Array.from(r.children, (cell) => cell.textContent?.trim()).join(' ')),
        );
    expect(await rowsOf('Quiz')).toEqual(['Responses marked 2', 'Mean score (%) 75', 'Passed 1']);
    expect(await rowsOf('Scores')).toEqual(['50 % 1', '100 % 1']);
    expect(await rowsOf('Share of right answers per question (%)')).toEqual([
      'Capital of France? 50',
      'Which are prime? 100',
      'Capital of Italy? 100',
    ]);
    expect(await fitsWidth(opened)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
