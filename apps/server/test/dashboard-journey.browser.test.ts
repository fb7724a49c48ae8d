import { readFileSync } from 'node:fs';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn, tableRows, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1000 };

/**
 * The dashboard's whole journey, by a person and not through the API: the only API call below reads
 * back what the dashboard stored, to check it.
 */
describe.skipIf(executable === undefined)('the dashboard journey in Chromium', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-dashboard-journey-');

  it('first run, a paged form with a required field, a conditional field, a score and a hidden prefilled field; published, answered elsewhere, read back and exported', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const { page } = opened;
    // First run: the setup link creates the owner and signs in.
    await signIn(opened, server());

    // A blank form opens in the builder.
    await page.getByRole('button', { name: 'Create a form' }).click();
    await page.getByRole('heading', { name: 'Builder: Untitled form' }).waitFor();
    const saved = page.getByRole('status').getByText('Saved', { exact: true });
    const properties = page.getByRole('region', { name: /^Properties/ });
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

    // Its title, and a page per section.
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Conference signup');
    await page.getByLabel('Layout').selectOption('paged');
    await page.getByRole('tab', { name: 'Build' }).click();

    // Page 1: a required name, and a hidden field filled from the link.
    await page.getByLabel('Field type').first().selectOption('text');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Your name');
    await properties.getByRole('checkbox', { name: 'Required' }).check();
    await page.getByLabel('Field type').first().selectOption('hidden');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Source');
    await properties.getByLabel('Prefill parameter (default: the field id)').fill('source');

    // Page 2: a scored choice, and a field shown only for one of its options.
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page.getByLabel('Section title').fill('Workshop');
    await page.getByLabel('Field type').first().selectOption('radio');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Which workshop?');
    await properties.getByLabel('Option 1 label').fill('React');
    await properties.getByLabel('Option 1 value').fill('react');
    await properties.getByLabel('Option 1 score').fill('3');
    await properties.getByLabel('Option 2 label').fill('Node');
    await properties.getByLabel('Option 2 value').fill('node');
    await properties.getByLabel('Option 2 score').fill('1');
    await page.getByLabel('Field type').first().selectOption('text');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('Which React version?');
    await properties.getByRole('checkbox', { name: 'Show or hide by conditions' }).check();
    await properties.getByLabel('Group 1, condition 1: field').selectOption('radio_1');
    await properties.getByLabel('Group 1, condition 1: operator').selectOption('equals');
    await properties.getByLabel('Group 1, condition 1: value').selectOption('react');
    // Types and operators are shown in words, not as the schema's identifiers.
    const operator = properties.getByLabel('Group 1, condition 1: operator');
    expect(await operator.locator('option:checked').textContent()).toBe('is');
    expect(await operator.locator('option').allTextContents()).toContain('is not empty');
    await page.getByRole('region', { name: 'Page 2: Workshop' }).getByText('Single choice').waitFor();

    // A score of the scored choice.
    await page.getByRole('tab', { name: 'Variables and prefill' }).click();
    await page.getByRole('button', { name: 'Add a score of every scored field' }).click();
    await page.getByRole('table', { name: 'Hidden fields and prefill' }).getByText('?source=').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saved.waitFor({ timeout: 15_000 });

    // What the builder saved.
    const stored = (await server().api.forms.retrieve(formId)).schema;
    expect(stored.meta.title).toBe('Conference signup');
    expect(stored.settings?.layout).toBe('paged');
    expect(stored.sections).toHaveLength(2);
    expect(stored.variables).toEqual([{ id: 'score_1', type: 'number', expression: { score: 'radio_1' } }]);
    expect(stored.fields.find((f) => f.type === 'hidden')).toMatchObject({
      label: 'Source',
      prefill: { param: 'source' },
    });

    // The README's picture of the builder: the choice selected, the preview beside it.
    await page.getByRole('tab', { name: 'Build' }).click();
    await page.getByRole('button', { name: 'Edit Which workshop?' }).click();
    await page.getByRole('region', { name: 'Preview' }).getByRole('button', { name: 'Next' }).waitFor();
    await screenshot(page, 'builder.png');

    // Publish from the share page.
    await page.getByRole('link', { name: 'Publish and share' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const link = page.getByRole('textbox', { name: 'Public link' });
    await link.waitFor();
    const publicUrl = await link.inputValue();
    expect(publicUrl.startsWith(`${server().origin}/f/`)).toBe(true);

    // Someone else answers, in another browser context, coming from a newsletter link.
    const other = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 360, height: 800 } });
    try {
      const visitor = await other.newPage();
      await visitor.goto(`${publicUrl}?source=newsletter`);
      await visitor.getByRole('heading', { name: 'Conference signup' }).waitFor();
      // The required field holds the page back.
      await visitor.getByRole('button', { name: 'Next' }).click();
      await visitor.getByText('This field is required').first().waitFor();
      await visitor.getByLabel('Your name').fill('Grace Hopper');
      await visitor.getByRole('button', { name: 'Next' }).click();
      // The conditional field appears only for React.
      await visitor.getByRole('radio', { name: 'Node' }).check();
      expect(await visitor.getByLabel('Which React version?').isVisible()).toBe(false);
      await visitor.getByRole('radio', { name: 'React' }).check();
      await visitor.getByLabel('Which React version?').fill('19');
      await screenshot(visitor, 'public-form.png');
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    } finally {
      await other.close();
    }

    // The response in the dashboard: the hidden field and the score came with it.
    await page.getByRole('link', { name: 'Responses' }).first().click();
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
    await screenshot(page, 'responses.png');
    await table.getByRole('link', { name: /^View the response of/ }).click();
    const answers = page.getByRole('table');
    await answers.getByRole('row', { name: 'Which workshop? React' }).waitFor();
    await answers.getByRole('row', { name: 'Which React version? 19' }).waitFor();
    await answers.getByRole('row', { name: 'Source newsletter' }).waitFor();
    await answers.getByRole('row', { name: 'score_1 3' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to the responses' }).click();

    // Exported as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[0]).toContain('Your name');
    expect(csv[1]).toContain('Grace Hopper');
    expect(csv[1]).toContain('newsletter');
    // Its chart: the choice's bars, with the same figures in the table beside them.
    await page.getByRole('link', { name: 'Figures', exact: true }).click();
    await page.getByRole('heading', { name: 'Figures', level: 1 }).waitFor();
    const choice = page.getByRole('table', { name: 'Which workshop?', exact: true });
    await expect.poll(() => tableRows(choice)).toEqual(['React 1', 'Node 0']);
    expect(await page.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'figures.png', true);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Forms', exact: true })
      .click();
    await page
      .getByRole('table', { name: 'Forms' })
      .getByRole('link', { name: 'Conference signup' })
      .waitFor();
    await screenshot(page, 'forms.png');
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 240_000);

  it('an NPS survey: built with its end labels, answered on a phone by keyboard, its score on the figures page', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    const { page } = opened;
    await signIn(opened, server());
    await page.getByRole('button', { name: 'Create a form' }).click();
    await page.getByRole('heading', { name: 'Builder: Untitled form' }).waitFor();
    const properties = page.getByRole('region', { name: /^Properties/ });
    const formId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    await page.getByRole('tab', { name: 'Texts and completion' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('How did we do?');
    await page.getByRole('tab', { name: 'Build' }).click();
    await page.getByLabel('Field type').first().selectOption('nps');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties
      .getByRole('combobox', { name: 'Label', exact: true })
      .fill('How likely are you to recommend Formloom to a friend?');
    await properties.getByRole('checkbox', { name: 'Required' }).check();
    await properties.getByLabel('Label under 0').fill('Not at all likely');
    await properties.getByLabel('Label under 10').fill('Extremely likely');
    await page.getByLabel('Field type').first().selectOption('rating');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('How easy was it to set up?');
    await page.getByLabel('Field type').first().selectOption('textarea');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('combobox', { name: 'Label', exact: true }).fill('What should we do better?');
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const stored = (await server().api.forms.retrieve(formId)).schema;
    expect(stored.fields.map((f) => f.type)).toEqual(['nps', 'rating', 'textarea']);
    expect(stored.fields[0]).toMatchObject({
      required: true,
      nps: { lowLabel: 'Not at all likely', highLabel: 'Extremely likely' },
    });

    await page.getByRole('link', { name: 'Publish and share' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const link = page.getByRole('textbox', { name: 'Public link' });
    await link.waitFor();
    const publicUrl = await link.inputValue();

    // Earlier respondents, through the public API.
    const code = new URL(publicUrl).pathname.split('/').at(-1)!;
    for (const [nps, stars] of [
      [10, 5],
      [9, 4],
      [10, 5],
      [8, 4],
      [6, 3],
      [3, 2],
      [9, 5],
      [7, 4],
      [10, 4],
    ] as const) {
      await server().api.public.submitResponse(code, { answers: { nps_1: nps, rating_1: stars } });
    }

    // A respondent on a phone, by keyboard only: Tab into the scale, arrow keys choose.
    const other = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 360, height: 800 } });
    try {
      const visitor = await other.newPage();
      await visitor.goto(publicUrl);
      await visitor.getByRole('heading', { name: 'How did we do?' }).waitFor();
      const nps = visitor.getByRole('group', { name: /How likely are you to recommend/ });
      await nps.getByRole('radio', { name: '0', exact: true }).waitFor();
      await visitor.keyboard.press('Tab');
      await expect
        .poll(() => visitor.evaluate(() => document.activeElement?.getAttribute('value')))
        .toBe('0');
      for (let i = 0; i < 9; i++) await visitor.keyboard.press('ArrowRight');
      expect(await nps.getByRole('radio', { name: '9', exact: true }).isChecked()).toBe(true);
      await visitor
        .getByRole('group', { name: 'How easy was it to set up?' })
        .getByRole('radio', { name: '4', exact: true })
        .check();
      await visitor.getByLabel('What should we do better?').fill('More themes, please.');
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(visitor)).toEqual([]);
      await screenshot(visitor, 'nps-survey.png', true);
      await visitor.getByRole('button', { name: 'Submit' }).click();
      await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    } finally {
      await other.close();
    }

    // Six promoters (9-10), two passives (7-8), two detractors (0-6) of ten: 60% - 20% = 40.
    await page.goto(`${server().origin}/app/forms/${encodeURIComponent(formId)}/figures`);
    await page.getByRole('heading', { name: 'Figures', level: 1 }).waitFor();
    const score = page.getByRole('table', { name: 'Net Promoter Score', exact: true });
    await expect
      .poll(() => tableRows(score))
      .toEqual(['Net Promoter Score 40', 'Promoters (9–10) 6', 'Passives (7–8) 2', 'Detractors (0–6) 2']);
    expect(await axeViolations(page)).toEqual([]);
    // The README's picture: the NPS field's card of figures.
    const card = page.locator('.mantine-Paper-root').filter({ has: score });
    await screenshot(card, 'nps-figures.png');
    expect(opened.problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 240_000);
});
