import type { FormSchema } from '@formloom/contract';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  expectAccessibleAtPhoneWidth,
  isFocused,
  openBuilder,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1100 };

const is = (fieldId: string, value: string) => ({
  conditions: [{ fieldId, operator: 'equals' as const, value }],
});

/**
 * Plan jumps to Pro (past Billing) or ends on Goodbye; Pro always jumps to the last page, so Extra
 * is on no path; after the last page, a big team ends on its own ending.
 */
const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Plans', language: 'en', submitLabel: 'Send' },
  settings: {
    layout: 'paged',
    endings: [
      { id: 'bye', title: 'Goodbye', message: 'Maybe next time.' },
      {
        id: 'big',
        title: 'A big team',
        conditionGroups: [{ conditions: [{ fieldId: 'seats', operator: 'greaterThan', value: 50 }] }],
      },
    ],
  },
  sections: [
    { id: 'you', title: 'You', order: 0 },
    {
      id: 'plan',
      title: 'Plan',
      order: 1,
      jumps: [
        { conditionGroups: [is('kind', 'pro')], to: { section: 'pro' } },
        { conditionGroups: [is('kind', 'none')], to: { ending: 'bye' } },
      ],
    },
    { id: 'billing', title: 'Billing', order: 2 },
    {
      id: 'pro',
      title: 'Pro',
      order: 3,
      jumps: [
        {
          conditionGroups: [
            { conditions: [{ fieldId: 'why', operator: 'isEmpty' }] },
            { conditions: [{ fieldId: 'why', operator: 'isNotEmpty' }] },
          ],
          to: { section: 'last' },
        },
      ],
    },
    { id: 'extra', title: 'Extra', order: 4 },
    { id: 'last', title: 'Last', order: 5 },
  ],
  fields: [
    { id: 'name', sectionId: 'you', type: 'text', label: 'Name', order: 0 },
    {
      id: 'kind',
      sectionId: 'plan',
      type: 'radio',
      label: 'Plan',
      order: 0,
      options: [
        { value: 'free', label: 'Free' },
        { value: 'pro', label: 'Pro' },
        { value: 'none', label: 'None' },
      ],
    },
    { id: 'seats', sectionId: 'billing', type: 'number', label: 'Seats', order: 0 },
    { id: 'why', sectionId: 'pro', type: 'text', label: 'Why Pro', order: 0 },
    { id: 'more', sectionId: 'extra', type: 'text', label: 'More', order: 0 },
    { id: 'notes', sectionId: 'last', type: 'text', label: 'Notes', order: 0 },
  ],
};

describe.skipIf(executable === undefined)('the builder in Chromium: the map of the form', () => {
  const pages = usePages(executable);
  const server = useDashboardServer('formloom-builder-map-');

  it('draws the pages, jumps and endings, says the same in a list, opens a page or an ending from either, and is accessible at a phone width', async () => {
    const opened = await pages.open('about:blank', DESKTOP);
    await openBuilder(opened, server(), schema);
    const { page } = opened;
    page.setDefaultTimeout(30_000);
    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByRole('heading', { name: 'Map of the form' }).waitFor();

    // The drawing: a place per page, ending and the default completion, the unreachable one marked.
    const drawing = page.getByRole('region', { name: 'Drawing of the map' });
    expect(await drawing.getByRole('button').allTextContents()).toEqual([
      'Page 1 You',
      'Page 2 Plan',
      'Page 3 Billing',
      'Page 4 Pro',
      'Page 5 (unreachable) Extra',
      'Page 6 Last',
      'Ending Goodbye',
      'Ending A big team',
      'Default completion',
    ]);
    // Its lines: the jumps labelled by their conditions, "otherwise" where a page tries jumps first.
    const labels = await drawing.locator('svg > g > text').allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining(['Plan is Pro', 'Plan is None', 'otherwise', 'Seats is greater than 50']),
    );
    expect(labels.find((l) => l.startsWith('Why Pro is empty'))).toBeDefined();
    expect(await drawing.locator('svg path[marker-end]').count()).toBe(10);

    // The list says the same, in words.
    const list = page.getByRole('region', { name: 'The map in words' });
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      "Page 1 'You' → next: Page 2 'Plan'",
      "Page 2 'Plan' → if Plan is Pro: Page 4 'Pro'; if Plan is None: Ending 'Goodbye'; otherwise: Page 3 'Billing'",
      "Page 3 'Billing' → next: Page 4 'Pro'",
      "Page 4 'Pro' → if Why Pro is empty or Why Pro is not empty: Page 6 'Last'; otherwise: Page 5 'Extra'",
      "Page 5 'Extra' (unreachable) → next: Page 6 'Last'",
      "Page 6 'Last' → if Seats is greater than 50: Ending 'A big team'; otherwise: Default completion",
      "Ending 'Goodbye': by a jump from Page 2 'Plan'",
      "Ending 'A big team': reached when Seats is greater than 50",
      'Default completion',
    ]);
    await expectAccessibleAtPhoneWidth(opened);

    // Enter on a page of the list opens that page's section in the builder, its title focused.
    await list.getByRole('button', { name: /^Page 3 'Billing'/ }).focus();
    await page.keyboard.press('Enter');
    const properties = page.getByRole('region', { name: 'Properties: Billing' });
    await properties.waitFor();
    const title = properties.getByLabel('Section title');
    await expect.poll(() => isFocused(title)).toBe(true);
    expect(await title.inputValue()).toBe('Billing');
    expect(await page.getByRole('tab', { name: 'Build' }).getAttribute('aria-selected')).toBe('true');

    // A click on a place of the drawing does the same.
    await page.getByRole('tab', { name: 'Map' }).click();
    await drawing.getByRole('button', { name: 'Page 4 Pro' }).click();
    await page.getByRole('region', { name: 'Properties: Pro' }).waitFor();

    // An ending opens the completion tab.
    await page.getByRole('tab', { name: 'Map' }).click();
    await drawing.getByRole('button', { name: 'Ending Goodbye' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Texts and completion' }).getAttribute('aria-selected'))
      .toBe('true');
    // The focus follows it into that tab.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]')?.id ?? ''))
      .toMatch(/completion$/);
  });
});
