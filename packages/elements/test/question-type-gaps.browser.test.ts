import type { FormSchema } from '@formloom/contract';
import { axeViolations, chromiumOrSkip, publishForm, usePages, useServed } from 'formloom/testing/served';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

const executable = chromiumOrSkip();

const fruit = [
  { value: 'apple', label: 'Apples' },
  { value: 'pear', label: 'Pears' },
  { value: 'plum', label: 'Plums' },
];

const form = (title: string, fields: FormSchema['fields'], paged = false): FormSchema => ({
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title, language: 'en' },
  settings: { layout: paged ? 'paged' : 'single-column' },
  sections: paged
    ? [
        { id: 'p1', title: 'You', order: 0 },
        { id: 'p2', title: 'Taste', order: 1 },
      ]
    : [{ id: 's', title: '', order: 0 }],
  fields,
});

/** A ranking with an "Other" item, and a required slider. */
const RANKED = form('Ranked', [
  {
    id: 'rank',
    sectionId: 's',
    type: 'ranking',
    label: 'Rank fruit',
    order: 0,
    required: true,
    options: fruit,
    other: { label: 'Something else' },
  },
  {
    id: 'km',
    sectionId: 's',
    type: 'slider',
    label: 'Distance',
    order: 1,
    required: true,
    slider: { min: 0, max: 50, step: 5, unit: 'km' },
  },
]);

/** Every question type that a link can fill. */
const PREFILLED = form('Prefilled', [
  { id: 'stars', sectionId: 's', type: 'rating', label: 'Stars', order: 0, rating: { max: 5 }, prefill: {} },
  {
    id: 'km',
    sectionId: 's',
    type: 'slider',
    label: 'Distance',
    order: 1,
    slider: { min: 0, max: 50, step: 5, unit: 'km' },
    prefill: { param: 'd' },
  },
  {
    id: 'many',
    sectionId: 's',
    type: 'select',
    multiple: true,
    label: 'Fruit you like',
    order: 2,
    options: fruit,
    prefill: {},
  },
  { id: 'rank', sectionId: 's', type: 'ranking', label: 'Rank fruit', order: 3, options: fruit, prefill: {} },
  {
    id: 'grid',
    sectionId: 's',
    type: 'matrix',
    label: 'Service',
    order: 4,
    matrix: {
      rows: [
        { id: 'food', label: 'Food' },
        { id: 'staff', label: 'Staff' },
      ],
      columns: [
        { value: 'bad', label: 'Bad' },
        { value: 'ok', label: 'OK' },
        { value: 'good', label: 'Good' },
      ],
    },
    prefill: { editable: false },
  },
]);

/** A paged form whose second page shuffles eight options: a resume must show them in one order. */
const SHUFFLED = form(
  'Shuffled',
  [
    { id: 'name', sectionId: 'p1', type: 'text', label: 'Name', order: 0, required: true },
    {
      id: 'pick',
      sectionId: 'p2',
      type: 'radio',
      label: 'Pick one',
      order: 1,
      shuffle: true,
      options: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((v) => ({ value: v, label: `Option ${v}` })),
    },
  ],
  true,
);

const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

describe.skipIf(executable === undefined)('question type gaps in Chromium', () => {
  const t = useServed();
  const pages = usePages(executable);
  let key = '';
  const forms = {
    ranked: { id: '', code: '' },
    prefilled: { id: '', code: '' },
    shuffled: { id: '', code: '' },
  };

  beforeAll(async () => {
    ({ key } = await t.account());
    forms.ranked = await publishForm(t, key, RANKED);
    forms.prefilled = await publishForm(t, key, PREFILLED);
    forms.shuffled = await publishForm(t, key, SHUFFLED);
  });

  const stored = async (id: string) =>
    (await t.request(`/v1/forms/${id}/responses`, { key })).body.data.responses.map(
      (r: { answers: unknown }) => r.answers,
    ) as Record<string, unknown>[];

  it('the page ranks an Other item once its text is filled: keyboard moves, announced, stored as {other}; axe at 360 px', async () => {
    const { page } = await pages.open(`${t.url}/f/${forms.ranked.code}`, { width: 360, height: 740 });
    page.setDefaultTimeout(8_000);
    const up = page.getByRole('button', { name: 'Move up: Something else' });
    await up.waitFor();
    const other = page.getByRole('textbox', { name: 'Something else: Please specify' });
    const place = page.getByRole('combobox', { name: 'Something else' });
    // Unfilled, the Other item has no place.
    expect(await place.inputValue()).toBe('');
    await other.fill('Kiwis');
    expect(await place.inputValue()).toBe('4');
    await up.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await up.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.locator('.fl-live').textContent())
      .toBe('Something else moved to place 2 of 4');
    expect(await place.inputValue()).toBe('2');
    expect(await page.getByRole('combobox', { name: 'Plums' }).inputValue()).toBe('4');
    // The slider with a script is a range, its value and unit in the output.
    await page.getByRole('slider', { name: 'Distance' }).focus();
    await page.keyboard.press('End');
    expect(await page.locator('output').textContent()).toBe('50 km');
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    expect(await stored(forms.ranked.id)).toContainEqual({
      rank: ['apple', { other: 'Kiwis' }, 'pear', 'plum'],
      km: 50,
    });
  }, 90_000);

  it('without JavaScript: an untouched slider posts nothing (required: refused), the Other item ranks by its place select', async () => {
    const before = (await stored(forms.ranked.id)).length;
    const { page } = await pages.open(
      `${t.url}/f/${forms.ranked.code}`,
      { width: 360, height: 740 },
      { javaScriptEnabled: false },
    );
    page.setDefaultTimeout(8_000);
    await page.getByRole('combobox', { name: 'Plums' }).selectOption('1');
    await page.getByRole('combobox', { name: 'Something else' }).selectOption('2');
    await page.getByRole('textbox', { name: 'Something else: Please specify' }).fill('Kiwis');
    await page.getByRole('combobox', { name: 'Apples' }).selectOption('3');
    await page.getByRole('combobox', { name: 'Pears' }).selectOption('4');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('#fl-summary').waitFor();
    const distance = page.getByRole('spinbutton', { name: 'Distance' });
    expect(await distance.getAttribute('aria-invalid')).toBe('true');
    expect(await distance.inputValue()).toBe('');
    expect(await byId(page, 'fl-e-km').textContent()).not.toBe('');
    expect(await byId(page, 'fl-e-rank').textContent()).toBe('');
    // The ranking is shown as posted, the Other text with it.
    expect(await page.getByRole('combobox', { name: 'Something else' }).inputValue()).toBe('2');
    expect(await page.getByRole('textbox', { name: 'Something else: Please specify' }).inputValue()).toBe(
      'Kiwis',
    );
    expect(await page.getByText('km', { exact: true }).isVisible()).toBe(true);
    await distance.fill('45');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    const rows = await stored(forms.ranked.id);
    expect(rows.length).toBe(before + 1);
    expect(rows).toContainEqual({ rank: ['plum', { other: 'Kiwis' }, 'apple', 'pear'], km: 45 });
  }, 90_000);

  it('a link prefills numbers, lists, a ranking in order and matrix row:value pairs', async () => {
    const query = 'stars=4&d=35&many=plum,apple&rank=plum&rank=apple,pear&grid=food:good,staff:ok';
    const { page } = await pages.open(`${t.url}/f/${forms.prefilled.code}?${query}`, {
      width: 360,
      height: 740,
    });
    page.setDefaultTimeout(8_000);
    await page.getByRole('button', { name: 'Move up: Plums' }).waitFor();
    await expect.poll(() => byId(page, 'fl-f-stars~4').isChecked()).toBe(true);
    expect(await page.locator('output').textContent()).toBe('35 km');
    expect(await page.getByRole('checkbox', { name: 'Plums' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Apples' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Pears' }).isChecked()).toBe(false);
    expect(await page.locator('.fl-rank-label').allTextContents()).toEqual(['Plums', 'Apples', 'Pears']);
    expect(await byId(page, 'fl-f-grid~food~2').isChecked()).toBe(true);
    expect(await byId(page, 'fl-f-grid~staff~1').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    expect(await stored(forms.prefilled.id)).toContainEqual({
      stars: 4,
      km: 35,
      many: ['plum', 'apple'],
      rank: ['plum', 'apple', 'pear'],
      grid: { food: 'good', staff: 'ok' },
    });
  }, 90_000);

  it('a resume in another browser shows shuffled options in the order first shown', async () => {
    const first = await pages.open(`${t.url}/f/${forms.shuffled.code}`, { width: 360, height: 740 });
    first.page.setDefaultTimeout(8_000);
    await first.page.getByLabel('Name').fill('Ada');
    await first.page.getByRole('button', { name: 'Next' }).click();
    await first.page.waitForURL(/resume=/);
    const labels = (page: Page) =>
      page
        .getByRole('group', { name: 'Pick one' })
        .getByRole('radio')
        .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    const order = await labels(first.page);
    expect(order).toHaveLength(8);
    // Another device: a new browser context, with nothing kept from the first.
    const second = await pages.open(first.page.url(), { width: 360, height: 740 });
    second.page.setDefaultTimeout(8_000);
    await second.page.getByRole('group', { name: 'Pick one' }).waitFor();
    expect(await labels(second.page)).toEqual(order);
  }, 90_000);
});
