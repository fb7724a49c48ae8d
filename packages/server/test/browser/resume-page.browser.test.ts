import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedQuizSchema, publishForm, TINY_PNG } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { findChromium, launchChromium } from './chromium.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

/**
 * Save and resume on the public page of a paged form (docs/form-model.md "Save and resume"), in Chromium
 * against a real server.
 */
describe.skipIf(executable === undefined)('public form page in Chromium: save and resume', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium(executable!);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function open(url: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 900, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(url);
    return page;
  }

  const progress = (page: Page) => page.getByRole('progressbar').getAttribute('aria-valuenow');

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';
      let quiz = { id: '', code: '' };
      beforeAll(async () => {
        ({ key } = await t.account());
        quiz = await publishForm(t, key, pagedQuizSchema());
      });

      it('saves after each Next, restores on reload and in another browser, and completes once', async () => {
        const page = await open(`${t.url}/f/${quiz.code}?utm_source=mail`);
        expect(await page.locator('#fl-resume').isVisible()).toBe(false);
        await page.getByLabel('Your name').fill('Ada');
        await page.getByRole('button', { name: 'Next' }).click();
        // The first save makes the partial: the link shows, and the address bar carries it.
        await expect.poll(() => page.locator('#fl-resume').isVisible()).toBe(true);
        const label = page.getByText('Your answers are saved. To continue later, open this link:');
        expect(await label.isVisible()).toBe(true);
        const link = await page
          .getByLabel('Your answers are saved. To continue later, open this link:')
          .inputValue();
        expect(link).toMatch(new RegExp(`^${t.url}/f/${quiz.code}\\?resume=[A-Za-z0-9_-]{43}$`));
        expect(page.url()).toContain(link.split('?')[1]);
        await page.getByLabel('Paris').check();
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => progress(page)).toBe('3');
        const token = link.split('=')[1]!;
        // The second save replaced the answers and the page.
        await expect
          .poll(
            async () => (await t.request(`/v1/public/forms/${quiz.code}/partials/${token}`)).body.data.page,
          )
          .toBe('q2page');

        // A reload in the middle comes back to the same page with the answers.
        await page.reload();
        await expect.poll(() => progress(page)).toBe('3');
        expect(await page.locator('#fl-s-q2page').isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Back' }).click();
        expect(await page.getByLabel('Paris').isChecked()).toBe(true);
        await page.getByRole('button', { name: 'Back' }).click();
        expect(await page.getByLabel('Your name').inputValue()).toBe('Ada');

        // Another browser opening the link sees the answers and finishes.
        const other = await open(link);
        await expect.poll(() => progress(other)).toBe('3');
        expect(await other.locator('#fl-st-q1page').textContent()).toBe('Ada, question one');
        await other.getByLabel('4', { exact: true }).check();
        await other.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => other.locator('#fl-done').isVisible()).toBe(true);
        expect(await other.locator('#fl-done-message').textContent()).toBe('Well done Ada! You scored 2.');

        const responses = await t.request(`/v1/forms/${quiz.id}/responses`, { key });
        expect(responses.body.data.total).toBe(1);
        expect(responses.body.data.responses[0].answers).toEqual({
          name: 'Ada',
          utm_source: 'mail',
          q1: 'paris',
          q2: 'four',
        });
        expect((await t.request(`/v1/forms/${quiz.id}/partials`, { key })).body.data.total).toBe(0);

        expect(problems).toEqual([]);
        // The first browser finishing too completes the same partial: still one response (its
        // saves meanwhile are 404s: the partial has ended).
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('4', { exact: true }).check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => page.locator('#fl-done').isVisible()).toBe(true);
        expect((await t.request(`/v1/forms/${quiz.id}/responses/count`, { key })).body.data).toEqual({
          count: 1,
        });
        expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
        problems.length = 0;
      });

      it('a file uploaded before the save is restored with the link, and submitted', async () => {
        // The quiz with a photo on its first page.
        const schema = pagedQuizSchema();
        schema.fields.push({
          id: 'photo',
          sectionId: 'you',
          type: 'file',
          label: 'A photo',
          order: 5,
          fileConfig: { allowedTypes: ['image/png'], maxSizeMB: 1 },
        });
        const withPhoto = await publishForm(t, key, schema, 'Quiz with a photo');
        const page = await open(`${t.url}/f/${withPhoto.code}`);
        await page.getByLabel('Your name').fill('Bo');
        await page
          .getByLabel('A photo')
          .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: TINY_PNG });
        await expect.poll(() => page.locator('#fl-us-photo').textContent()).toBe('Uploaded: cat.png');
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => page.locator('#fl-resume').isVisible()).toBe(true);
        const link = await page.locator('#fl-resume-link').inputValue();

        const other = await open(link);
        await expect.poll(() => progress(other)).toBe('2');
        await other.getByRole('button', { name: 'Back' }).click();
        expect(await other.locator('#fl-us-photo').textContent()).toBe('Uploaded: cat.png');
        expect(await other.locator('#fl-u-photo').isVisible()).toBe(true);
        await other.getByRole('button', { name: 'Next' }).click();
        await other.getByLabel('Paris').check();
        await other.getByRole('button', { name: 'Next' }).click();
        await other.getByLabel('4', { exact: true }).check();
        await other.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => other.locator('#fl-done').isVisible()).toBe(true);

        const responses = await t.request(`/v1/forms/${withPhoto.id}/responses`, { key });
        expect(responses.body.data.responses[0].answers.photo).toMatchObject({
          name: 'cat.png',
          size: TINY_PNG.length,
          type: 'image/png',
        });
        expect(problems).toEqual([]);
      });

      it('a link that has gone says so and starts afresh', async () => {
        const page = await open(`${t.url}/f/${quiz.code}?resume=${'A'.repeat(43)}`);
        await expect
          .poll(() => page.getByRole('alert').textContent())
          .toBe('That link to continue has expired or was already used. Please start again.');
        expect(page.url()).not.toContain('resume=');
        expect(await progress(page)).toBe('1');
        problems.length = 0; // the 404 of the gone partial is the point here
      });
    },
    { publicRateLimit: false },
  );
});
