import { readFileSync } from 'node:fs';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn, useDashboardServer } from './dashboard-support.js';

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
    await properties.getByRole('textbox', { name: 'Label', exact: true }).fill('Your name');
    await properties.getByRole('checkbox', { name: 'Required' }).check();
    await page.getByLabel('Field type').first().selectOption('hidden');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('textbox', { name: 'Label', exact: true }).fill('Source');
    await properties.getByLabel('Prefill parameter (default: the field id)').fill('source');

    // Page 2: a scored choice, and a field shown only for one of its options.
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page.getByLabel('Section title').fill('Workshop');
    await page.getByLabel('Field type').first().selectOption('radio');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('textbox', { name: 'Label', exact: true }).fill('Which workshop?');
    await properties.getByLabel('Option 1 label').fill('React');
    await properties.getByLabel('Option 1 value').fill('react');
    await properties.getByLabel('Option 1 score').fill('3');
    await properties.getByLabel('Option 2 label').fill('Node');
    await properties.getByLabel('Option 2 value').fill('node');
    await properties.getByLabel('Option 2 score').fill('1');
    await page.getByLabel('Field type').first().selectOption('text');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await properties.getByRole('textbox', { name: 'Label', exact: true }).fill('Which React version?');
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
    await expect
      .poll(() =>
        choice
          .getByRole('row')
          .evaluateAll((rows) =>
            rows.slice(1).map((r) => Array.from(r.children, (c) => c.textContent?.trim()).join(' ')),
          ),
      )
      .toEqual(['React 1', 'Node 0']);
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
});
