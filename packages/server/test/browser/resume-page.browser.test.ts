import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedQuizSchema, publishForm, TINY_PNG } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { findChromium, launchChromium, mouseStroke } from './chromium.js';

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

  /** The quiz from its second page on: Paris, then 4, submitted; the thanks show. */
  async function finishQuiz(page: Page) {
    await page.getByLabel('Paris').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('4', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('#fl-done').isVisible()).toBe(true);
  }

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
        await finishQuiz(other);

        const responses = await t.request(`/v1/forms/${withPhoto.id}/responses`, { key });
        expect(responses.body.data.responses[0].answers.photo).toMatchObject({
          name: 'cat.png',
          size: TINY_PNG.length,
          type: 'image/png',
        });
        expect(problems).toEqual([]);
      });

      it('a drawn signature and an address given before the save are restored with the link, and submitted', async () => {
        // The quiz with a required signature and an address on its first page.
        const schema = pagedQuizSchema();
        schema.fields.push(
          { id: 'home', sectionId: 'you', type: 'address', label: 'Home address', order: 5 },
          { id: 'sign', sectionId: 'you', type: 'signature', label: 'Sign here', order: 6, required: true },
        );
        const signed = await publishForm(t, key, schema, 'Quiz with a signature');
        const page = await open(`${t.url}/f/${signed.code}`);
        page.setDefaultTimeout(10_000);
        await page.getByRole('textbox', { name: 'Your name', exact: true }).fill('Cy');
        const line1 = (p: Page) => p.getByRole('textbox', { name: 'Address line 1' });
        const city = (p: Page) => p.getByRole('textbox', { name: 'City' });
        const country = (p: Page) => p.getByRole('combobox', { name: 'Country', exact: true });
        await line1(page).fill('1 Main Street');
        await city(page).fill('Berlin');
        await country(page).selectOption('DE');
        const status = (p: Page) => p.locator('.fl-sig-status').textContent();
        const pad = (p: Page) => p.getByRole('img', { name: /Signature pad/ });
        await mouseStroke(page, pad(page));
        await expect.poll(() => status(page)).toBe('Signature saved');
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => progress(page)).toBe('2');
        // The save of a partial with an upload, then the resume box's own chunk, may take a while on
        // a busy machine (CI's two test processes side by side).
        await expect.poll(() => page.locator('#fl-resume').isVisible(), { timeout: 20_000 }).toBe(true);
        const link = await page.locator('#fl-resume-link').inputValue();
        const token = link.split('=')[1]!;
        const saved = (await t.request(`/v1/public/forms/${signed.code}/partials/${token}`)).body.data
          .answers;
        expect(saved.home).toEqual({ line1: '1 Main Street', city: 'Berlin', country: 'DE' });
        expect(saved.sign).toMatchObject({ name: 'signature.png', type: 'image/png' });

        // Restored in another browser: the address as given, the signature said saved (the pad is
        // blank: the stored PNG is not drawn back), and Clear still lets one sign anew.
        const other = await open(link);
        other.setDefaultTimeout(10_000);
        await expect.poll(() => progress(other)).toBe('2');
        await other.getByRole('button', { name: 'Back' }).click();
        expect(await line1(other).inputValue()).toBe('1 Main Street');
        expect(await city(other).inputValue()).toBe('Berlin');
        expect(await country(other).inputValue()).toBe('DE');
        await expect.poll(() => status(other)).toBe('Signature saved');
        await other.getByRole('button', { name: 'Clear' }).click();
        expect(await status(other)).toBe('');
        // Cleared, the required signature stops Next until signed anew.
        await other.getByRole('button', { name: 'Next' }).click();
        await expect
          .poll(() => other.getByLabel('Or type your name instead').getAttribute('aria-invalid'))
          .toBe('true');
        expect(await progress(other)).toBe('1');
        await mouseStroke(other, pad(other));
        await expect.poll(() => status(other)).toBe('Signature saved');
        await other.getByRole('button', { name: 'Next' }).click();
        await finishQuiz(other);
        const anew = (await t.request(`/v1/forms/${signed.id}/responses`, { key })).body.data.responses[0]
          .answers;
        expect(anew.home).toEqual(saved.home);
        expect(anew.sign).toMatchObject({ name: 'signature.png', type: 'image/png' });
        expect(anew.sign.uploadId).not.toBe(saved.sign.uploadId);

        // The restored signature itself is submitted as it was saved.
        const first = await open(`${t.url}/f/${signed.code}`);
        await first.getByRole('textbox', { name: 'Your name', exact: true }).fill('Di');
        await mouseStroke(first, pad(first));
        await expect.poll(() => status(first)).toBe('Signature saved');
        await first.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => first.locator('#fl-resume').isVisible(), { timeout: 10_000 }).toBe(true);
        const link2 = await first.locator('#fl-resume-link').inputValue();
        const saved2 = (await t.request(`/v1/public/forms/${signed.code}/partials/${link2.split('=')[1]}`))
          .body.data.answers;
        expect(saved2.sign).toMatchObject({ name: 'signature.png', type: 'image/png' });
        const again = await open(link2);
        await expect.poll(() => progress(again)).toBe('2');
        await finishQuiz(again);
        const kept = (await t.request(`/v1/forms/${signed.id}/responses`, { key })).body.data.responses as {
          answers: { name: string; sign: unknown };
        }[];
        expect(kept.find((r) => r.answers.name === 'Di')?.answers.sign).toEqual(saved2.sign);
        expect(problems).toEqual([]);
      }, 90_000);

      it('a link that has gone says so and starts afresh', async () => {
        const page = await open(`${t.url}/f/${quiz.code}?resume=${'A'.repeat(43)}`);
        await expect
          .poll(() => page.getByRole('alert').textContent())
          .toBe('That link to continue has expired or was already used. Please start again.');
        problems.length = 0; // the 404 of the gone partial is the point here
        // The address loses the token once the save-and-resume chunk is in (just after the alert).
        await expect.poll(() => page.url()).not.toContain('resume=');
        expect(await progress(page)).toBe('1');
      });
    },
    { publicRateLimit: false },
  );
});
