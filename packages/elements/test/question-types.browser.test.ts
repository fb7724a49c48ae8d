import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import {
  axeOfSame,
  axeViolations,
  chromiumOrSkip,
  publishForm,
  usePages,
  useServed,
} from 'formloom/testing/served';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moreQuestionTypesSchema, questionTypesSchema } from './question-types.fixture.js';

const executable = chromiumOrSkip();

/** The answers `fill` gives, as the server stores them. */
const FILLED = {
  stars: 4,
  nps: 9,
  agree: 2,
  km: 45,
  grid: { food: 'good', staff: 'ok' },
  rank: ['plum', 'apple', 'pear'],
  pic: 'sea',
  many: ['apple'],
  where: { other: 'Podcast' },
};

/** The answers `fillMore` gives, as the server stores them (the statement is never answered). */
const MORE_FILLED = {
  tel: '+4915112345678',
  site: 'https://example.com/shop',
  opens: '09:30',
  visit: '2026-12-01T09:30:00+01:00',
  home: { line1: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  ok: true,
};

const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

/** Fills every question type, by mouse and by keyboard, as a person with a script does. */
async function fill(page: Page) {
  page.setDefaultTimeout(8_000);
  // Rating by mouse: the fourth star.
  await byId(page, 'fl-f-stars~4').click();
  // NPS by keyboard: Space chooses, arrows move along the group.
  await byId(page, 'fl-f-nps~8').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await byId(page, 'fl-f-agree~2').click();
  // The slider by keyboard: End, then one step back.
  await page.getByRole('slider', { name: 'Distance' }).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  expect(await page.locator('output').textContent()).toBe('45 km');
  // The matrix: a row by mouse, a row by keyboard.
  await byId(page, 'fl-f-grid~food~2').click();
  await byId(page, 'fl-f-grid~staff~0').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  // Ranking: Plums up twice by mouse (announced), then Apples stays second.
  await page.getByRole('button', { name: 'Move up: Plums' }).click();
  await page.getByRole('button', { name: 'Move up: Plums' }).click();
  await expect.poll(() => page.locator('.fl-live').textContent()).toBe('Plums moved to place 1 of 3');
  // And by keyboard: Apples down and back up, focus staying on its button.
  await page.getByRole('button', { name: 'Move down: Apples' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Move up: Apples' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Sea' }).check();
  // The multi-select: the filter narrows the list; "None of these" clears the others and back.
  expect(await page.getByRole('searchbox', { name: 'Search options' }).getAttribute('placeholder')).toBe(
    'Search options',
  );
  await page.getByRole('searchbox', { name: 'Search options' }).fill('pe');
  expect(await page.getByRole('checkbox', { name: 'Apples' }).isVisible()).toBe(false);
  await page.getByRole('checkbox', { name: 'Pears' }).check();
  await page.getByRole('searchbox', { name: 'Search options' }).fill('');
  await page.getByRole('checkbox', { name: 'None of these' }).check();
  expect(await page.getByRole('checkbox', { name: 'Pears' }).isChecked()).toBe(false);
  await page.getByRole('checkbox', { name: 'Apples' }).check();
  expect(await page.getByRole('checkbox', { name: 'None of these' }).isChecked()).toBe(false);
  // Other: its text box shows once it is chosen.
  expect(await page.getByLabel('Elsewhere: Please specify').isVisible()).toBe(false);
  await page.getByRole('radio', { name: 'Elsewhere' }).check();
  await page.getByLabel('Elsewhere: Please specify').fill('Podcast');
}

/**
 * Fills the input, address and notice types by keyboard, as a person with a script does (the
 * browser's time zone Europe/Berlin: 1 December is UTC+01:00). The web address lacks its scheme.
 */
async function fillMore(page: Page) {
  page.setDefaultTimeout(8_000);
  // A national number, read in the picker's default country.
  expect(await page.getByRole('combobox', { name: 'Country code' }).inputValue()).toBe('DE');
  await page.getByRole('textbox', { name: 'Phone' }).focus();
  await page.keyboard.type('0151 12345678');
  await page.getByRole('textbox', { name: 'Website' }).focus();
  await page.keyboard.type('example.com/shop');
  await byId(page, 'fl-f-opens').focus();
  await page.keyboard.type('0930AM');
  await byId(page, 'fl-f-visit').focus();
  await page.keyboard.type('12012026');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0930AM');
  await page.getByRole('textbox', { name: 'Address line 1' }).focus();
  await page.keyboard.type('Hauptstraße 1');
  await page.getByRole('textbox', { name: 'Postal code' }).focus();
  await page.keyboard.type('10115');
  await page.getByRole('textbox', { name: 'City' }).focus();
  await page.keyboard.type('Berlin');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');
  await page.getByRole('checkbox', { name: 'I agree to the terms.' }).focus();
  await page.keyboard.press('Space');
}

/** The notices' texts: https links open apart, anything else (other links, markup) stays text. */
async function expectNotices(page: Page) {
  const link = page.getByRole('link', { name: 'privacy notice' });
  expect(await link.getAttribute('href')).toBe('https://example.com/privacy');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await page.locator('.fl-notice p').count()).toBe(2);
  expect(await page.locator('.fl-notice p').nth(1).textContent()).toBe(
    'Answers are <b>kept</b> for [a year](http://example.com/year).',
  );
  expect(await page.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe(
    'https://example.com/terms',
  );
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.skipIf(executable === undefined)('question types in Chromium', () => {
  const t = useServed();
  const pages = usePages(executable);
  let host: Server;
  let origin = '';
  let key = '';
  let form = { id: '', code: '' };
  let more = { id: '', code: '' };

  beforeAll(async () => {
    const out = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      minify: true,
      conditions: ['source', 'browser'],
      logLevel: 'silent',
    });
    const script = out.outputFiles[0]!.text;
    ({ key } = await t.account());
    form = await publishForm(t, key, questionTypesSchema());
    more = await publishForm(t, key, moreQuestionTypesSchema());
    host = createServer((req, res) => {
      const code = new URL(req.url ?? '/', 'http://host').searchParams.get('code') ?? form.code;
      if (req.url === '/elements.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,">
<script>window.formloomEvents=[];document.addEventListener('formloom:submit',(e)=>window.formloomEvents.push(e.detail));</script>
<script type="module" src="/elements.js"></script></head>
<body><main><formloom-form code="${code}" api="${t.url}"></formloom-form></main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  const stored = async (id = form.id) =>
    (await t.request(`/v1/forms/${id}/responses`, { key })).body.data.responses as {
      id: string;
      answers: Record<string, unknown>;
    }[];

  it('<formloom-form>: errors at the controls, every type by mouse and keyboard, stored as numbers, rows, orders and Other; axe; 360 px', async () => {
    const { page, problems } = await pages.open(`${origin}/`, { width: 360, height: 740 });
    page.setDefaultTimeout(8_000);
    await page.getByRole('heading', { name: 'Question types' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    const star = byId(page, 'fl-f-stars~1');
    await expect.poll(() => star.getAttribute('aria-invalid')).toBe('true');
    expect(await star.getAttribute('aria-describedby')).toContain('fl-e-stars');
    expect(await byId(page, 'fl-f-nps~0').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    // On a phone the matrix's rows stack: a row's header spans the form, each choice shows its column.
    const rowHead = page.locator('th[scope=row]').first();
    const matrix = page.locator('.fl-matrix');
    expect((await rowHead.boundingBox())!.width).toBeGreaterThan((await matrix.boundingBox())!.width * 0.9);
    expect(await page.locator('.fl-matrix label.fl-col').first().isVisible()).toBe(true);
    expect(await page.locator('.fl-matrix thead').isVisible()).toBe(false);
    // A column's label chooses, as a tap on it would.
    await page.locator('.fl-matrix label.fl-col').first().click();
    expect(await page.locator('.fl-matrix input').first().isChecked()).toBe(true);
    // On a wider screen it is a table again, the columns named once in its head.
    await page.setViewportSize({ width: 1024, height: 740 });
    expect(await page.locator('.fl-matrix thead').isVisible()).toBe(true);
    expect(await page.locator('.fl-matrix label.fl-col').first().isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await fill(page);
    expect(await star.getAttribute('aria-invalid')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    const [detail] = await page.evaluate(
      () => (window as unknown as { formloomEvents: { responseId: string }[] }).formloomEvents,
    );
    const row = (await stored()).find((r) => r.id === detail!.responseId);
    expect(row?.answers).toEqual(FILLED);
    // The picture choices' https images point at a host the tests cannot reach (no network).
    const unexpected = problems.filter((p) => !p.includes('ERR_NAME_NOT_RESOLVED'));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  }, 90_000);

  it("the server's page loads the family chunks it needs and sends the same answers", async () => {
    const { page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 740 });
    page.setDefaultTimeout(8_000);
    // The first load's chunks settle before counting (see the test below).
    await page.waitForLoadState('networkidle');
    const chunks: string[] = [];
    // The page's script is a module graph: each family is a module of its own, named after it.
    const family = /\/assets\/(scales|matrix|ranking|choices|inputs|address|notices|signature)\.[\w-]+\.js$/;
    page.on('request', (r) => (family.test(r.url()) ? chunks.push(r.url()) : undefined));
    await page.reload();
    await page.getByRole('button', { name: 'Move up: Plums' }).waitFor();
    expect(chunks.map((u) => family.exec(u)![1]).sort()).toEqual(['choices', 'matrix', 'ranking', 'scales']);
    await fill(page);
    expect(await noOverflow(page)).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    const answers = (await stored()).map((r) => r.answers);
    expect(answers.filter((a) => JSON.stringify(a) === JSON.stringify(FILLED)).length).toBeGreaterThanOrEqual(
      1,
    );
    // The picture choices' https images point at a host the tests cannot reach (no network).
    const unexpected = problems.filter((p) => !p.includes('ERR_NAME_NOT_RESOLVED'));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  }, 90_000);

  it('the page without JavaScript posts every type, and shows the posted values again after a refusal', async () => {
    const before = (await stored()).length;
    const { page } = await pages.open(
      `${t.url}/f/${form.code}`,
      { width: 360, height: 740 },
      { javaScriptEnabled: false },
    );
    page.setDefaultTimeout(8_000);
    await byId(page, 'fl-f-stars~4').click();
    await byId(page, 'fl-f-agree~2').click();
    await page.getByRole('spinbutton', { name: 'Distance' }).fill('45');
    await byId(page, 'fl-f-grid~food~2').check();
    await byId(page, 'fl-f-grid~staff~1').check();
    await page.getByRole('combobox', { name: 'Plums' }).selectOption('1');
    await page.getByRole('combobox', { name: 'Apples' }).selectOption('2');
    await page.getByRole('combobox', { name: 'Pears' }).selectOption('3');
    await page.getByRole('radio', { name: 'Sea' }).check();
    await page.getByRole('checkbox', { name: 'Apples' }).check();
    await page.getByRole('radio', { name: 'Elsewhere' }).check();
    await page.getByLabel('Elsewhere: Please specify').fill('Podcast');
    // NPS left out: refused, and everything else shown as posted.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('#fl-summary').waitFor();
    expect(await byId(page, 'fl-f-nps~0').getAttribute('aria-invalid')).toBe('true');
    expect(await byId(page, 'fl-f-stars~4').isChecked()).toBe(true);
    expect(await byId(page, 'fl-f-grid~staff~1').isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Plums' }).inputValue()).toBe('1');
    expect(await page.getByLabel('Elsewhere: Please specify').inputValue()).toBe('Podcast');
    await byId(page, 'fl-f-nps~9').click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    const rows = await stored();
    expect(rows.length).toBe(before + 1);
    expect(rows.map((r) => r.answers)).toContainEqual(FILLED);
  }, 90_000);

  it('<formloom-form>: phone, url, time, date and time, address, consent and statement by keyboard; axe; 360 px', async () => {
    const { page, problems } = await pages.open(
      `${origin}/?code=${more.code}`,
      { width: 360, height: 740 },
      { timezoneId: 'Europe/Berlin' },
    );
    page.setDefaultTimeout(8_000);
    await page.getByRole('heading', { name: 'More question types' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.getAttribute('aria-describedby')).toContain('fl-e-tel');
    expect(await page.getByRole('textbox', { name: 'Address line 1' }).getAttribute('aria-required')).toBe(
      'true',
    );
    expect(
      await page.getByRole('textbox', { name: 'Address line 2' }).getAttribute('aria-required'),
    ).toBeNull();
    expect(await page.getByRole('textbox', { name: 'City' }).getAttribute('autocomplete')).toBe(
      'address-level2',
    );
    // With a script the offset is the browser's own: its picker is not shown.
    expect(await byId(page, 'fl-f-visit~offset').isVisible()).toBe(false);
    await expectNotices(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    await fillMore(page);
    // A web address without its scheme is refused at its field, with the engine's message.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => byId(page, 'fl-e-site').textContent())
      .toBe('Start the web address with https:// (or http://).');
    expect(await page.getByRole('textbox', { name: 'Website' }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: 'Website' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.type('https://');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    const [detail] = await page.evaluate(
      () => (window as unknown as { formloomEvents: { responseId: string }[] }).formloomEvents,
    );
    const row = (await stored(more.id)).find((r) => r.id === detail!.responseId);
    expect(row?.answers).toEqual(MORE_FILLED);
    expect(problems).toEqual([]);
  }, 90_000);

  it("the server's page draws them with its family chunks and sends the same answers", async () => {
    const { page, problems } = await pages.open(
      `${t.url}/f/${more.code}`,
      { width: 360, height: 740 },
      { timezoneId: 'Europe/Berlin' },
    );
    page.setDefaultTimeout(8_000);
    // The first load's chunks settle before counting: on a loaded machine they were still on
    // their way when the listener came, and were counted beside the reload's.
    await page.waitForLoadState('networkidle');
    const chunks: string[] = [];
    const family = /\/assets\/(scales|matrix|ranking|choices|inputs|address|notices|signature)\.[\w-]+\.js$/;
    page.on('request', (r) => (family.test(r.url()) ? chunks.push(r.url()) : undefined));
    await page.reload();
    await expect.poll(() => byId(page, 'fl-f-visit~offset').isVisible()).toBe(false);
    expect(chunks.map((u) => family.exec(u)![1]).sort()).toEqual(['address', 'inputs', 'notices']);
    await expectNotices(page);
    await fillMore(page);
    await page.getByRole('textbox', { name: 'Website' }).fill('https://example.com/shop');
    expect(await axeViolations(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    expect((await stored(more.id)).map((r) => r.answers)).toContainEqual(MORE_FILLED);
    expect(problems).toEqual([]);
  }, 90_000);

  it('the page without JavaScript posts them, shows the error at its field and the posted parts again', async () => {
    const before = (await stored(more.id)).length;
    const { page } = await pages.open(
      `${t.url}/f/${more.code}`,
      { width: 360, height: 740 },
      { javaScriptEnabled: false },
    );
    page.setDefaultTimeout(8_000);
    expect(await page.getByRole('combobox', { name: 'Country code' }).inputValue()).toBe('DE');
    await page.getByRole('textbox', { name: 'Phone' }).fill('0151 12345678');
    await page.getByRole('textbox', { name: 'Website' }).fill('example.com/shop');
    await byId(page, 'fl-f-opens').fill('09:30');
    await byId(page, 'fl-f-visit').fill('2026-12-01T09:30');
    // Without a script the offset is picked beside the date and time (UTC unless changed).
    const offset = page.getByRole('combobox', { name: 'Time zone' });
    expect(await offset.inputValue()).toBe('+00:00');
    await offset.selectOption('+01:00');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('Hauptstraße 1');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('10115');
    await page.getByRole('textbox', { name: 'City' }).fill('Berlin');
    await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');
    await page.getByRole('checkbox', { name: 'I agree to the terms.' }).check();
    await expectNotices(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('#fl-summary').waitFor();
    expect(await byId(page, 'fl-e-site').textContent()).toBe(
      'Start the web address with https:// (or http://).',
    );
    expect(await page.getByRole('textbox', { name: 'Website' }).getAttribute('aria-invalid')).toBe('true');
    expect(await byId(page, 'fl-f-opens').inputValue()).toBe('09:30');
    expect(await byId(page, 'fl-f-visit').inputValue()).toBe('2026-12-01T09:30');
    expect(await offset.inputValue()).toBe('+01:00');
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Berlin');
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).inputValue()).toBe('DE');
    expect(await page.getByRole('checkbox', { name: 'I agree to the terms.' }).isChecked()).toBe(true);
    expect(await axeOfSame(page)).toEqual([]);
    expect(await noOverflow(page)).toBe(true);
    await page.getByRole('textbox', { name: 'Website' }).fill('https://example.com/shop');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you!').waitFor();
    const rows = await stored(more.id);
    expect(rows.length).toBe(before + 1);
    expect(rows.map((r) => r.answers)).toContainEqual(MORE_FILLED);
  }, 90_000);
});
