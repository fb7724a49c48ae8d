import { join } from 'node:path';
import type { FormSchema } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, signIn, tableRows, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Service survey', language: 'en' },
  sections: [{ id: 's', title: 'Survey', order: 0 }],
  fields: [
    { id: 'nps', sectionId: 's', type: 'nps', label: 'Recommend us', order: 0 },
    { id: 'stars', sectionId: 's', type: 'rating', label: 'Stars', order: 1, rating: { max: 5 } },
    {
      id: 'grid',
      sectionId: 's',
      type: 'matrix',
      label: 'Our service',
      order: 2,
      matrix: {
        rows: [
          { id: 'speed', label: 'Speed' },
          { id: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'good', label: 'Good' },
          { value: 'bad', label: 'Bad' },
        ],
      },
    },
    {
      id: 'rank',
      sectionId: 's',
      type: 'ranking',
      label: 'Favourite fruit',
      order: 3,
      options: [
        { label: 'Apples', value: 'a' },
        { label: 'Bananas', value: 'b' },
      ],
    },
    { id: 'tel', sectionId: 's', type: 'phone', label: 'Phone', order: 4, phone: { defaultCountry: 'DE' } },
    { id: 'home', sectionId: 's', type: 'address', label: 'Home', order: 5 },
    { id: 'call', sectionId: 's', type: 'time', label: 'Call time', order: 6 },
    { id: 'visit', sectionId: 's', type: 'datetime', label: 'Visit', order: 7 },
  ],
};

const home = (city: string, country: string) => ({ line1: 'Street 1', city, country });
const ANSWERS = [
  {
    nps: 10,
    stars: 5,
    grid: { speed: 'good', price: 'bad' },
    rank: ['b', 'a'],
    tel: '+33612345678',
    home: home('Wien', 'AT'),
    call: '00:30',
    visit: '2026-12-01T23:30:00+01:00',
  },
  {
    nps: 9,
    stars: 4,
    grid: { speed: 'good' },
    rank: ['b', 'a'],
    tel: '030 1234567',
    home: home('Berlin', 'DE'),
    call: '23:10',
  },
  {
    nps: 3,
    stars: 4,
    grid: { speed: 'bad', price: 'bad' },
    rank: ['a', 'b'],
    tel: '+4915112345678',
    home: home('Köln', 'DE'),
    call: '23:45',
  },
];

describe.skipIf(executable === undefined)('the figures page of the question types in Chromium', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-question-figures-');

  it('shows the NPS, the distribution, the matrix table, mean ranks, countries and hours the route answers; accessible at 360 px', async () => {
    const { api, origin } = server();
    const form = await api.forms.create({ title: 'Service survey', schema });
    const code = (await api.forms.publish(form.id)).shareUrl!.split('/').at(-1)!;
    // Answered as respondents answer: through the public route, checked by the engine.
    for (const answers of ANSWERS) await api.public.submitResponse(code, { answers });
    const figures = await api.forms.figures(form.id);
    expect(figures.fields.nps!.nps).toEqual({ score: 33, promoters: 2, passives: 0, detractors: 1 });

    const opened = await pages.open('about:blank', PHONE);
    const { page } = opened;
    await signIn(opened, server());
    await page.goto(`${origin}/app/forms/${form.id}/figures`);
    await page.getByRole('heading', { name: 'Figures', level: 1 }).waitFor();
    await page.getByText('Responses: 3').waitFor();
    const rowsOf = (caption: string) => tableRows(page.getByRole('table', { name: caption, exact: true }));
    expect(await rowsOf('Net Promoter Score')).toEqual([
      'Net Promoter Score 33',
      'Promoters (9–10) 2',
      'Passives (7–8) 0',
      'Detractors (0–6) 1',
    ]);
    expect(await rowsOf('Stars, by value')).toEqual(['1 0', '2 0', '3 0', '4 2', '5 1']);
    expect(await rowsOf('Stars')).toEqual(['Numbers given 3', 'Mean 4.3333', 'Median 4']);
    expect(await rowsOf('Our service')).toEqual(['Speed 2 1', 'Price 0 2']);
    expect(await rowsOf('Favourite fruit')).toEqual(['Bananas 1.3333 3', 'Apples 1.6667 3']);
    // Most answered first, named in the dashboard's language; a national number read in its default country.
    expect(await rowsOf('Phone, by country')).toEqual(['Germany 2', 'France 1']);
    expect(await rowsOf('Home, by country')).toEqual(['Germany 2', 'Austria 1']);
    const hours = (counted: Record<number, number>) =>
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00 ${counted[h] ?? 0}`);
    expect(await rowsOf('Call time, by hour of day')).toEqual(hours({ 0: 1, 23: 2 }));
    // 22:30 in UTC, shown at the hour the respondent gave
    expect(await rowsOf('Visit, by hour of day')).toEqual(hours({ 23: 1 }));
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(opened)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-question-figures-360.png'), fullPage: true });
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 180_000);
});
