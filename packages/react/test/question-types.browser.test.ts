import type { FormSchema } from '@formloom/contract';
import { validateResponse } from '@formloom/contract/engine';
import { pagedQuizSchema, publishForm, useTestServer } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { findChromium, mouseStroke, touchStroke } from '@formloom/server/testing/browser';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, type SplitApp, startSplitApp, storedAnswers } from './support/app.js';
import type { ReactVersion } from './support/bundle.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

const base = (title: string, fields: FormSchema['fields']): FormSchema => ({
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title, language: 'en' },
  settings: { layout: 'single-column', submitAction: 'default' },
  sections: [{ id: 's', title: '', order: 0 }],
  fields,
});

const SCALES = base('Scales', [
  {
    id: 'rate',
    sectionId: 's',
    type: 'rating',
    label: 'How was it?',
    order: 0,
    required: true,
    rating: { max: 5 },
  },
  { id: 'nps', sectionId: 's', type: 'nps', label: 'Would you recommend us?', order: 1, required: true },
  {
    id: 'ease',
    sectionId: 's',
    type: 'scale',
    label: 'How easy was it?',
    order: 2,
    scale: { min: 1, max: 5, lowLabel: 'Hard', midLabel: 'So-so', highLabel: 'Easy' },
  },
  {
    id: 'dist',
    sectionId: 's',
    type: 'slider',
    label: 'How far did you come?',
    order: 3,
    slider: { min: 0, max: 10, step: 0.5, unit: 'km' },
  },
]);

const option = (value: string, label: string) => ({ value, label });
const MORE = base('More', [
  {
    id: 'grid',
    sectionId: 's',
    type: 'matrix',
    label: 'Rate our service',
    order: 0,
    required: true,
    matrix: {
      rows: [
        { id: 'speed', label: 'Speed' },
        { id: 'price', label: 'Price' },
      ],
      columns: [option('bad', 'Bad'), option('good', 'Good')],
    },
  },
  {
    id: 'rank',
    sectionId: 's',
    type: 'ranking',
    label: 'Rank the fruit',
    order: 1,
    options: [
      option('apples', 'Apples'),
      option('pears', 'Pears'),
      option('plums', 'Plums'),
      option('figs', 'Figs'),
    ],
  },
  {
    id: 'pet',
    sectionId: 's',
    type: 'picture_choice',
    label: 'Pick a pet',
    order: 2,
    options: [
      { ...option('cat', 'Cat'), imageUrl: 'https://img.example.com/cat.png' },
      { ...option('dog', 'Dog'), imageUrl: 'https://img.example.com/dog.png' },
    ],
  },
  {
    id: 'colours',
    sectionId: 's',
    type: 'select',
    multiple: true,
    label: 'Colours you like',
    order: 3,
    options: [
      option('red', 'Red'),
      option('green', 'Green'),
      option('blue', 'Blue'),
      option('none', 'None of these'),
    ],
    exclusiveValue: 'none',
    other: { label: 'Another colour' },
  },
  {
    id: 'source',
    sectionId: 's',
    type: 'radio',
    label: 'How did you find us?',
    order: 4,
    options: [option('web', 'The web'), option('friend', 'A friend')],
    other: { label: 'Somewhere else' },
  },
  {
    id: 'perks',
    sectionId: 's',
    type: 'checkbox',
    label: 'Perks',
    order: 5,
    shuffle: true,
    options: [
      option('a', 'Alpha'),
      option('b', 'Beta'),
      option('c', 'Gamma'),
      option('d', 'Delta'),
      option('none', 'No perks'),
    ],
    exclusiveValue: 'none',
  },
  {
    id: 'drink',
    sectionId: 's',
    type: 'select',
    label: 'Drink',
    order: 6,
    options: [option('tea', 'Tea'), option('coffee', 'Coffee')],
    other: { label: 'Another drink' },
  },
  {
    id: 'times',
    sectionId: 's',
    type: 'matrix',
    label: 'When are you free?',
    order: 7,
    matrix: {
      rows: [{ id: 'mon', label: 'Monday' }],
      columns: [option('am', 'Morning'), option('pm', 'Afternoon')],
      multiple: true,
    },
  },
]);

const SCALES_BY_MOUSE = { rate: 4, nps: 9, ease: 2, dist: 10 };
const MORE_BY_MOUSE = {
  grid: { speed: 'good', price: 'bad' },
  rank: ['pears', 'apples', 'plums', 'figs'],
  pet: 'cat',
  colours: ['blue', { other: 'Teal' }],
  source: { other: 'A podcast' },
  perks: ['none'],
  drink: { other: 'Mate' },
  times: { mon: ['am', 'pm'] },
};
/** A ranking with an "Other" item, which ranks once its text is filled in. */
const RANKED = base('Ranked', [
  {
    id: 'rank',
    sectionId: 's',
    type: 'ranking',
    label: 'Rank the fruit',
    order: 0,
    required: true,
    options: [option('apples', 'Apples'), option('pears', 'Pears'), option('plums', 'Plums')],
    other: { label: 'Something else' },
  },
]);

/** The inputs, address and notices families, with links in the consent's and statement's texts. */
const DETAILS = base('Details', [
  {
    id: 'phone',
    sectionId: 's',
    type: 'phone',
    label: 'Mobile',
    order: 0,
    required: true,
    phone: { defaultCountry: 'DE' },
  },
  { id: 'office', sectionId: 's', type: 'phone', label: 'Office phone', order: 1 },
  { id: 'site', sectionId: 's', type: 'url', label: 'Website', order: 2 },
  { id: 'at', sectionId: 's', type: 'time', label: 'Arrival time', order: 3 },
  { id: 'meet', sectionId: 's', type: 'datetime', label: 'Meeting', order: 4 },
  { id: 'home', sectionId: 's', type: 'address', label: 'Home address', order: 5, required: true },
  {
    id: 'terms',
    sectionId: 's',
    type: 'consent',
    label: 'Terms',
    order: 6,
    required: true,
    consent: { text: 'I accept the [terms](https://example.com/terms) and [this](http://example.com/x).' },
  },
  {
    id: 'note',
    sectionId: 's',
    type: 'statement',
    label: 'Please note',
    order: 7,
    statement: {
      text: 'We keep <b>nothing</b> else.\n\nRead our [privacy notice](https://example.com/privacy).',
    },
  },
]);
const DETAILS_STORED = {
  phone: '+493012345678',
  office: '+33123456789',
  site: 'https://example.com/me',
  at: '09:30',
  meet: '2026-12-01T09:30:00+01:00',
  home: { line1: '1 Main Street', postalCode: '10115', city: 'Berlin', country: 'DE' },
  terms: true,
};

/** A required signature after a name. */
const SIGNED = base('Signed', [
  { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0 },
  { id: 'sign', sectionId: 's', type: 'signature', label: 'Sign here', order: 1, required: true },
]);
type Signed = { uploadId: string; name: string; type: string; signedName?: string };

/** A paged form: a signature and an address on its first page, a question on its second. */
const SIGNED_PAGED: FormSchema = {
  ...base('Signed in pages', [
    { id: 'home', sectionId: 's', type: 'address', label: 'Home address', order: 0 },
    { id: 'sign', sectionId: 's', type: 'signature', label: 'Sign here', order: 1, required: true },
    { id: 'why', sectionId: 'two', type: 'text', label: 'Why?', order: 0 },
  ]),
  settings: { layout: 'paged', submitAction: 'default' },
  sections: [
    { id: 's', title: 'You', order: 0 },
    { id: 'two', title: 'More', order: 1 },
  ],
};

/**
 * Until the engine checks the new types' answers, it refuses them: the tests that submit to the
 * server run once it accepts these answers (the ones above, in the decided shapes).
 */
const engineAccepts =
  validateResponse(SCALES, SCALES_BY_MOUSE).ok && validateResponse(MORE, MORE_BY_MOUSE).ok;

describe.skipIf(executable === undefined).each([18, 19] as ReactVersion[])(
  'the question types in @formloom/react %i, Chromium against a real server',
  (version) => {
    const t = useTestServer('sqlite');
    let app: SplitApp | undefined;
    let key = '';
    const none = { id: '', code: '' };
    const forms = {
      scales: none,
      more: none,
      quiz: none,
      scalesDe: none,
      moreDe: none,
      ranked: none,
      details: none,
      detailsDe: none,
      signed: none,
      signedPaged: none,
    };

    beforeAll(async () => {
      app = await startSplitApp(version, t, executable!);
      ({ key } = await t.account());
      forms.scales = await publishForm(t, key, SCALES);
      forms.more = await publishForm(t, key, MORE);
      forms.quiz = await publishForm(t, key, pagedQuizSchema());
      forms.ranked = await publishForm(t, key, RANKED);
      // The same forms in German: the question types' own texts follow the form's language.
      const german = (schema: FormSchema) => ({
        ...schema,
        meta: { ...schema.meta, language: 'de' as const },
      });
      forms.scalesDe = await publishForm(t, key, german(SCALES));
      forms.moreDe = await publishForm(t, key, german(MORE));
      forms.details = await publishForm(t, key, DETAILS);
      forms.detailsDe = await publishForm(t, key, german(DETAILS));
      forms.signed = await publishForm(t, key, SIGNED);
      forms.signedPaged = await publishForm(t, key, SIGNED_PAGED);
    });
    afterAll(async () => {
      await app?.close();
    });

    const open = (code: string, width?: number) => app!.open(code, width);
    const group = (page: Page, name: string) => page.getByRole('radiogroup', { name });

    async function scalesByMouse(page: Page) {
      await group(page, 'How was it?').getByRole('radio', { name: '4', exact: true }).click();
      await group(page, 'Would you recommend us?').getByRole('radio', { name: '9', exact: true }).click();
      await group(page, 'How easy was it?').getByRole('radio', { name: '2', exact: true }).click();
      const slider = page.getByRole('slider', { name: 'How far did you come?' });
      const box = (await slider.boundingBox())!;
      await slider.click({ position: { x: box.width - 2, y: box.height / 2 } });
    }

    async function moreByMouse(page: Page) {
      await page.getByRole('radio', { name: 'Speed Good' }).click();
      await page.getByRole('radio', { name: 'Price Bad' }).click();
      await page.getByRole('button', { name: 'Move down: Apples' }).click();
      await page.getByRole('radio', { name: 'Cat' }).click();
      const colours = page.getByRole('group', { name: 'Colours you like' });
      expect(
        await colours.getByRole('searchbox', { name: 'Search options' }).getAttribute('placeholder'),
      ).toBe('Search options');
      await colours.getByRole('searchbox', { name: 'Search options' }).fill('gr');
      expect(
        await colours.locator('label').allTextContents(),
        'the filter keeps the matching options (and Other)',
      ).toEqual(['Green', 'Another colour']);
      await colours.getByRole('checkbox', { name: 'Green' }).click();
      await colours.getByRole('searchbox', { name: 'Search options' }).fill('');
      await colours.getByRole('checkbox', { name: 'Red' }).click();
      expect((await answers(page)).colours).toEqual(['green', 'red']);
      // The exclusive option clears the others, and is cleared by them.
      await colours.getByRole('checkbox', { name: 'None of these' }).click();
      expect((await answers(page)).colours).toEqual(['none']);
      expect(await colours.getByRole('checkbox', { name: 'Green' }).isChecked()).toBe(false);
      await colours.getByRole('checkbox', { name: 'Blue' }).click();
      expect((await answers(page)).colours).toEqual(['blue']);
      await colours.getByRole('checkbox', { name: 'Another colour' }).click();
      await colours.getByRole('textbox', { name: 'Another colour' }).fill('Teal');
      await page.getByRole('radio', { name: 'Somewhere else' }).click();
      await page.getByRole('textbox', { name: 'Somewhere else' }).fill('A podcast');
      const perks = page.getByRole('group', { name: 'Perks' });
      await perks.getByRole('checkbox', { name: 'Alpha' }).click();
      await perks.getByRole('checkbox', { name: 'No perks' }).click();
      await page.getByLabel('Drink', { exact: true }).selectOption({ label: 'Tea' });
      expect((await answers(page)).drink).toBe('tea');
      await page.getByLabel('Drink', { exact: true }).selectOption({ label: 'Another drink' });
      await page.getByRole('textbox', { name: 'Another drink' }).fill('Mate');
      await page.getByRole('checkbox', { name: 'Monday Morning' }).click();
      await page.getByRole('checkbox', { name: 'Monday Afternoon' }).click();
    }

    it('a form of the original ten types loads no chunk of the question types; a scales form only its own', async () => {
      const quiz = await open(forms.quiz.code);
      await quiz.page.getByLabel('Your name').waitFor();
      await quiz.page.waitForLoadState('networkidle');
      expect(quiz.chunks).toEqual([]);
      const scales = await open(forms.scales.code);
      await group(scales.page, 'How was it?').waitFor();
      await scales.page.waitForLoadState('networkidle');
      expect(scales.chunks).toEqual(['scales']);
      const more = await open(forms.more.code);
      await more.page.getByRole('table').first().waitFor();
      await more.page.waitForLoadState('networkidle');
      expect(new Set(more.chunks)).toEqual(new Set(['matrix', 'ranking', 'choices']));
      expect([...quiz.problems, ...scales.problems, ...more.problems]).toEqual([]);
    }, 60_000);

    it('rating, nps, scale and slider by mouse: radios with their numbers, the ends, the value and unit', async () => {
      const { page, problems } = await open(forms.scales.code);
      await scalesByMouse(page);
      expect(await answers(page)).toEqual(SCALES_BY_MOUSE);
      // Stars up to the chosen one are filled; each radio is named by its number.
      expect(
        await group(page, 'How was it?').locator('label [aria-hidden="true"]').allTextContents(),
      ).toEqual(['★', '★', '★', '★', '☆']);
      expect(await group(page, 'Would you recommend us?').getByRole('radio').count()).toBe(11);
      expect(await group(page, 'Would you recommend us?').textContent()).toContain('0: Not at all likely');
      expect(await group(page, 'Would you recommend us?').textContent()).toContain('10: Extremely likely');
      expect(await group(page, 'How easy was it?').textContent()).toContain('3: So-so');
      expect(await page.locator('output').textContent()).toBe('10 km');
      expect(await page.getByRole('slider').getAttribute('aria-valuetext')).toBe('10 km');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('rating, nps, scale and slider by keyboard: Tab to each group, arrow keys choose', async () => {
      const { page, problems } = await open(forms.scales.code);
      await group(page, 'How was it?').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Tab');
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      expect(await answers(page)).toEqual({ rate: 3, nps: 10, ease: 2, dist: 9.5 });
      expect(await page.locator('output').textContent()).toBe('9.5 km');
      expect(problems).toEqual([]);
    }, 60_000);

    it('required new types unanswered: errors tied to their groups, focus on the first; axe-clean at 360 px', async () => {
      const { page, problems } = await open(forms.scales.code, 360);
      await group(page, 'How was it?').waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      const rating = group(page, 'How was it?');
      await expect.poll(() => rating.getAttribute('aria-invalid')).toBe('true');
      const first = rating.getByRole('radio', { name: '1', exact: true });
      expect(await first.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await first.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).toMatch(/-error$/);
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).not.toBe('');
      expect(await group(page, 'Would you recommend us?').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('matrix, ranking, picture choice, multiple select, Other and the exclusive option by mouse', async () => {
      const { page, problems } = await open(forms.more.code);
      await moreByMouse(page);
      expect(await answers(page)).toEqual(MORE_BY_MOUSE);
      expect(await page.locator('[aria-live="polite"]').first().textContent()).toBe(
        'Apples moved to place 2 of 4',
      );
      expect(await page.getByRole('table').first().getByRole('columnheader').allTextContents()).toEqual([
        'Bad',
        'Good',
      ]);
      expect(await page.getByRole('table').first().getByRole('rowheader').allTextContents()).toEqual([
        'Speed',
        'Price',
      ]);
      expect(await page.getByRole('img', { name: 'Cat' }).getAttribute('src')).toBe(
        'https://img.example.com/cat.png',
      );
      // Shuffled: the exclusive option stays last.
      const perks = await page.getByRole('group', { name: 'Perks' }).locator('label').allTextContents();
      expect(perks.at(-1)).toBe('No perks');
      expect([...perks].sort()).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma', 'No perks']);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('matrix, ranking, picture choice, multiple select and Other by keyboard', async () => {
      const { page, problems } = await open(forms.more.code);
      await page.getByRole('radio', { name: 'Speed Bad' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      const figsUp = page.getByRole('button', { name: 'Move up: Figs' });
      await figsUp.focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
      // The button keeps focus at the top (aria-disabled), and the move was announced.
      expect(await figsUp.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await figsUp.getAttribute('aria-disabled')).toBe('true');
      expect(await page.locator('[aria-live="polite"]').first().textContent()).toBe(
        'Figs moved to place 1 of 4',
      );
      await page.getByRole('radio', { name: 'Cat' }).focus();
      await page.keyboard.press('ArrowDown');
      const colours = page.getByRole('group', { name: 'Colours you like' });
      await colours.getByRole('searchbox', { name: 'Search options' }).focus();
      await page.keyboard.type('blu');
      // Enter in the filter box filters; it does not send the form.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await page.getByRole('radio', { name: 'The web' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.type('TV');
      expect(await answers(page)).toEqual({
        grid: { speed: 'good' },
        rank: ['figs', 'apples', 'pears', 'plums'],
        pet: 'dog',
        colours: ['blue'],
        source: { other: 'TV' },
      });
      expect(await page.getByRole('alert').textContent()).toBe('');
      expect(problems).toEqual([]);
    }, 60_000);

    it('a ranking with Other: its text ranks it, keyboard moves and announces it, stored as {other}; axe at 360 px', async () => {
      const { page, problems } = await open(forms.ranked.code, 360);
      const items = () => page.locator('.fl-ranking-item > span').allTextContents();
      const other = page.getByRole('textbox', { name: 'Something else: Please specify' });
      await other.fill('Kiwis');
      expect((await answers(page)).rank).toEqual(['apples', 'pears', 'plums', { other: 'Kiwis' }]);
      const up = page.getByRole('button', { name: 'Move up: Something else' });
      await up.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      expect(await up.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator('[aria-live="polite"]').first().textContent()).toBe(
        'Something else moved to place 2 of 4',
      );
      expect((await answers(page)).rank).toEqual(['apples', { other: 'Kiwis' }, 'pears', 'plums']);
      // Emptied, it leaves the answer but keeps its place in the list.
      await other.fill('');
      expect((await answers(page)).rank).toEqual(['apples', 'pears', 'plums']);
      expect(await items()).toEqual(['Apples', 'Something else', 'Pears', 'Plums']);
      await other.fill('Kiwis');
      expect(await axeViolations(page)).toEqual([]);
      // The form, not the page: the host's answers printout does not wrap.
      const fits = (el: HTMLElement) =>
        el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 360;
      expect(await page.locator('form').evaluate(fits)).toBe(true);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you!').waitFor();
      expect(await storedAnswers(t, key, forms.ranked.id, page)).toEqual({
        rank: ['apples', { other: 'Kiwis' }, 'pears', 'plums'],
      });
      expect(problems).toEqual([]);
    }, 60_000);

    it('nothing overflows a 360 px screen', async () => {
      for (const code of [forms.scales.code, forms.more.code]) {
        const { page } = await open(code, 360);
        await page.getByRole('button', { name: 'Submit' }).waitFor();
        await page.locator('fieldset').last().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      }
    }, 60_000);

    it('in German: the NPS ends, Move up and Move down, the announcement and the filter box', async () => {
      const { page } = await open(forms.moreDe.code);
      await page.getByRole('button', { name: 'Nach unten: Apples' }).click();
      expect(await page.locator('[aria-live="polite"]').first().textContent()).toBe(
        'Apples auf Platz 2 von 4 verschoben',
      );
      expect(await page.getByRole('searchbox', { name: 'Optionen durchsuchen' }).count()).toBe(1);
      const nps = await open(forms.scalesDe.code);
      expect(await group(nps.page, 'Would you recommend us?').textContent()).toContain(
        '0: Überhaupt nicht wahrscheinlich',
      );
    }, 60_000);

    /** Fills the details form by keyboard: focus on each control, then keys only. */
    async function detailsByKeyboard(page: Page) {
      await page.getByLabel('Mobile').focus();
      await page.keyboard.type('030 12345678');
      // A national number read in the country chosen beside it.
      await page.locator('[data-field-id="office"] select').focus();
      await page.keyboard.type('France');
      await page.getByLabel('Office phone').focus();
      await page.keyboard.type('01 23 45 67 89');
      await page.getByLabel('Website').focus();
      await page.keyboard.type('https://example.com/me');
      await page.getByLabel('Arrival time').focus();
      await page.keyboard.type('0930A');
      await page.getByLabel('Meeting').focus();
      await page.keyboard.type('12012026');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.type('0930A');
      const home = page.getByRole('group', { name: 'Home address' });
      await home.getByLabel('Address line 1').focus();
      await page.keyboard.type('1 Main Street');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type('10115');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Berlin');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Germany');
      await page.getByRole('checkbox', { name: /I accept the terms/ }).focus();
      await page.keyboard.press('Space');
    }

    it('phone, url, time, date and time, address and consent by keyboard, stored in the decided shapes', async () => {
      const { page, problems, chunks } = await open(forms.details.code);
      await page.getByRole('checkbox', { name: /I accept/ }).waitFor();
      await detailsByKeyboard(page);
      expect(await answers(page)).toEqual(DETAILS_STORED);
      expect(new Set(chunks)).toEqual(new Set(['inputs', 'address', 'notices']));
      const home = page.getByRole('group', { name: 'Home address' });
      expect(
        await home
          .locator('input, select')
          .evaluateAll((els) => els.map((el) => el.getAttribute('autocomplete'))),
      ).toEqual([
        'address-line1',
        'address-line2',
        'postal-code',
        'address-level2',
        'address-level1',
        'country',
      ]);
      expect(await page.getByLabel('Mobile').getAttribute('type')).toBe('tel');
      expect(await page.getByLabel('Website').getAttribute('inputmode')).toBe('url');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you!').waitFor();
      // The statement is never answered.
      expect(await storedAnswers(t, key, forms.details.id, page)).toEqual(DETAILS_STORED);
      expect(problems).toEqual([]);
    }, 60_000);

    it('a web address without its scheme is refused at the field; the required parts and consent too', async () => {
      const { page, problems } = await open(forms.details.code, 360);
      const site = page.getByLabel('Website');
      await site.fill('example.com');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => site.getAttribute('aria-invalid')).toBe('true');
      const said = async (control: Locator) => {
        const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
        return page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent();
      };
      expect(await said(site)).toBe('Start the web address with https:// (or http://).');
      const consent = page.getByRole('checkbox', { name: /I accept/ });
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      expect(await said(consent)).toBe('This field is required.');
      expect(await page.getByLabel('Address line 1').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Address line 1').getAttribute('aria-required')).toBe('true');
      expect(await page.getByLabel('Address line 2').getAttribute('aria-required')).toBeNull();
      // The first invalid control has focus.
      await expect
        .poll(() => page.getByLabel('Mobile').evaluate((el) => el === document.activeElement))
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('consent and statement texts: https links open apart, anything else stays text; axe-clean at 360 px', async () => {
      const { page, problems } = await open(forms.details.code, 360);
      const terms = page.getByRole('link', { name: 'terms' });
      expect(await terms.getAttribute('href')).toBe('https://example.com/terms');
      expect(await terms.getAttribute('target')).toBe('_blank');
      expect(await terms.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await page.getByRole('link', { name: 'this' }).count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: /I accept/ }).getAttribute('aria-label')).toBeNull();
      const note = page.locator('[data-field-id="note"]');
      expect(await note.locator('p.fl-statement-text').allTextContents()).toEqual([
        'We keep <b>nothing</b> else.',
        'Read our privacy notice.',
      ]);
      expect(await note.locator('b').count()).toBe(0);
      expect(await note.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe(
        'https://example.com/privacy',
      );
      expect(await page.locator('form').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);

    it("in German: the address parts, the countries' names and the phone's country choice", async () => {
      const { page, problems } = await open(forms.detailsDe.code);
      const home = page.getByRole('group', { name: 'Home address' });
      await home.waitFor();
      expect(await home.locator('label').allTextContents()).toEqual([
        'Adresszeile 1 *',
        'Adresszeile 2',
        'Postleitzahl',
        'Ort *',
        'Bundesland / Region',
        'Land *',
      ]);
      expect(
        await home.getByRole('combobox', { name: 'Land' }).locator('option[value="DE"]').textContent(),
      ).toBe('Deutschland');
      const country = page.locator('[data-field-id="phone"] select');
      expect(await country.getAttribute('aria-label')).toBe('Land');
      expect(await country.inputValue()).toBe('DE');
      expect(await country.locator('option[value="AT"]').textContent()).toBe('Österreich (+43)');
      expect(problems).toEqual([]);
    }, 60_000);

    /**
     * Submits the signature form (`send`: a click on Submit) and answers its stored signature,
     * checked to be the PNG uploaded.
     */
    async function submitSigned(
      page: Page,
      send = () => page.getByRole('button', { name: 'Submit' }).click(),
    ) {
      await send();
      await page.getByText('Thank you!').waitFor();
      const res = await t.request(`/v1/forms/${forms.signed.id}/responses`, { key });
      const rows = res.body.data.responses as { id: string; answers: { sign: Signed } }[];
      const out = (await page.locator('#stored').textContent()) ?? '';
      const row = rows.find((r) => out === `stored ${r.id}`)!;
      const answer = row.answers.sign;
      expect(answer).toMatchObject({ name: 'signature.png', type: 'image/png' });
      const file = await fetch(
        `${t.url}/v1/forms/${forms.signed.id}/responses/${row.id}/files/${answer.uploadId}`,
        { headers: { authorization: `Bearer ${key}` } },
      );
      expect(file.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      return answer;
    }

    it('signature by mouse: required until signed, Clear empties it, stored as a PNG upload; axe at 360 px', async () => {
      const { page, problems, chunks } = await open(forms.signed.code, 360);
      const pad = page.getByRole('img', { name: /Signature pad/ });
      await pad.waitFor();
      expect(chunks).toEqual(['signature']);
      expect(await pad.evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');
      expect((await pad.boundingBox())!.width).toBeLessThanOrEqual(360);
      await page.getByRole('button', { name: 'Submit' }).click();
      const typed = page.getByLabel('Or type your name instead');
      await expect.poll(() => typed.getAttribute('aria-invalid')).toBe('true');
      const error = (await typed.getAttribute('aria-describedby'))!;
      expect(await page.locator(`[id="${error}"]`).textContent()).not.toBe('');
      expect(await axeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);

      await mouseStroke(page, pad);
      await expect.poll(() => page.locator('.fl-sig-status').textContent()).toBe('Signature saved');
      await page.getByRole('button', { name: 'Clear' }).click();
      expect(await page.locator('.fl-sig-status').textContent()).toBe('');
      expect((await answers(page)).sign).toBeUndefined();
      await mouseStroke(page, pad);
      await expect.poll(async () => (await answers(page)).sign?.type).toBe('image/png');
      expect(await page.locator('.fl-sig-status').textContent()).toBe('Signature saved');
      expect(await axeViolations(page)).toEqual([]);
      expect((await submitSigned(page)).signedName).toBeUndefined();
      expect(problems).toEqual([]);
    }, 60_000);

    it('signature by touch (the Pointer Events of a finger), submitted at once: the form waits for the upload', async () => {
      const { page, problems } = await open(forms.signed.code, 360);
      const pad = page.getByRole('img', { name: /Signature pad/ });
      await pad.waitFor();
      await touchStroke(pad);
      // Submitted before the stroke has settled and uploaded.
      expect((await submitSigned(page)).signedName).toBeUndefined();
      expect(problems).toEqual([]);
    }, 60_000);

    it('signature typed by keyboard alone: a PNG of the name, stored with signedName', async () => {
      const { page, problems } = await open(forms.signed.code, 360);
      await page.getByRole('img', { name: /Signature pad/ }).waitFor();
      // Tab from the name to the signature's controls: Clear, then the typed name.
      await page.getByLabel('Name', { exact: true }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Ada Lovelace');
      await expect.poll(() => page.locator('.fl-sig-status').textContent()).toBe('Signature saved');
      expect((await answers(page)).sign.signedName).toBe('Ada Lovelace');
      expect((await submitSigned(page, () => page.keyboard.press('Enter'))).signedName).toBe('Ada Lovelace');
      expect(problems).toEqual([]);
    }, 60_000);

    it('a signature and an address saved with a partial are restored by its resume token, and submitted', async () => {
      const { page, problems } = await open(forms.signedPaged.code);
      const pad = page.getByRole('img', { name: /Signature pad/ });
      await pad.waitFor();
      await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main Street');
      await page.getByRole('textbox', { name: 'City' }).fill('Berlin');
      await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');
      await mouseStroke(page, pad);
      await expect.poll(() => page.locator('.fl-sig-status').textContent()).toBe('Signature saved');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.locator('#resume').textContent()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const token = (await page.locator('#resume').textContent())!;
      const saved = (await t.request(`/v1/public/forms/${forms.signedPaged.code}/partials/${token}`)).body
        .data.answers;
      expect(saved.home).toEqual({ line1: '1 Main Street', city: 'Berlin', country: 'DE' });
      expect(saved.sign).toMatchObject({ name: 'signature.png', type: 'image/png' });

      const resumed = await open(`${forms.signedPaged.code}&resume=${token}`);
      const other = resumed.page;
      await other.getByLabel('Why?').waitFor();
      await other.getByRole('button', { name: 'Back' }).click();
      expect(await other.getByRole('textbox', { name: 'Address line 1' }).inputValue()).toBe('1 Main Street');
      expect(await other.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Berlin');
      expect(await other.getByRole('combobox', { name: 'Country', exact: true }).inputValue()).toBe('DE');
      await expect.poll(() => other.locator('.fl-sig-status').textContent()).toBe('Signature saved');
      await other.getByRole('button', { name: 'Next' }).click();
      await other.getByLabel('Why?').fill('Because');
      await other.getByRole('button', { name: 'Submit' }).click();
      await other.getByText('Thank you!').waitFor();
      expect(await storedAnswers(t, key, forms.signedPaged.id, other)).toEqual({ ...saved, why: 'Because' });
      expect([...problems, ...resumed.problems]).toEqual([]);
    }, 60_000);

    it.skipIf(!engineAccepts)(
      'the answers filled by mouse are stored in the decided shapes',
      async () => {
        for (const [form, fill, expected] of [
          [forms.scales, scalesByMouse, SCALES_BY_MOUSE],
          [forms.more, moreByMouse, MORE_BY_MOUSE],
        ] as const) {
          const { page, problems } = await open(form.code);
          await fill(page);
          await page.getByRole('button', { name: 'Submit' }).click();
          await page.getByText('Thank you!').waitFor();
          expect(await storedAnswers(t, key, form.id, page)).toEqual(expected);
          expect(problems).toEqual([]);
        }
      },
      60_000,
    );
  },
);
