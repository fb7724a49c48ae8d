import { messagesFor } from '@formloom/contract/engine';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishForm, surveySchema, TINY_PNG } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { ARTIFACTS, chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const en = messagesFor('en');

/** A PNG (real signature) padded to about `bytes`, for a visible upload progress. */
function pngOf(bytes: number): Buffer {
  return Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, bytes - TINY_PNG.length))]);
}

describe.skipIf(executable === undefined)('public form page in Chromium', () => {
  const pages = usePages(executable);
  let page: Page;
  /** Console errors, page errors and CSP violations: the page must cause none. */
  let problems: string[] = [];

  async function open(url: string, viewport?: { width: number; height: number }) {
    const opened = await pages.open(url, viewport);
    ({ page, problems } = opened);
    return opened.response!;
  }

  const visible = (selector: string) => page.locator(selector).isVisible();

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';
      let form = { id: '', code: '' };
      const latest = async () =>
        (await t.request(`/v1/forms/${form.id}/responses?limit=1`, { key })).body.data.responses[0];
      const count = async () =>
        (await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count;

      beforeAll(async () => {
        ({ key } = await t.account());
        form = await publishForm(t, key, surveySchema());
      });

      it('shows and hides fields and sections as answers change', async () => {
        await open(`${t.url}/f/${form.code}`);
        expect(await visible('#fl-w-name')).toBe(true);
        expect(await visible('#fl-w-phone')).toBe(false);
        expect(await visible('#fl-s-pets')).toBe(false);
        await page.getByLabel('Phone', { exact: true }).check();
        expect(await visible('#fl-w-phone')).toBe(true);
        await page.getByLabel('Email', { exact: true }).check();
        expect(await visible('#fl-w-phone')).toBe(false);
        await page.getByLabel('Yes').check();
        expect(await visible('#fl-s-pets')).toBe(true);
        expect(await visible('#fl-w-petName')).toBe(true);
        await page.getByLabel('No', { exact: true }).check();
        expect(await visible('#fl-s-pets')).toBe(false);
        await page.getByLabel('Topic').selectOption('other');
        expect(await visible('#fl-w-details')).toBe(true);
        await page.getByLabel('Topic').selectOption('food');
        expect(await visible('#fl-w-details')).toBe(false);
        expect(problems).toEqual([]);
      });

      it('shows client-side errors with the server messages, then a server-side one', async () => {
        await open(`${t.url}/f/${form.code}`);
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => visible('#fl-e-name')).toBe(true);
        expect(await page.locator('#fl-e-name').textContent()).toBe(en.required);
        expect(await page.locator('#fl-e-email').textContent()).toBe(en.required);
        expect(await page.locator('#fl-e-hasPets').textContent()).toBe(en.required);
        expect(await page.locator('#fl-f-name').getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator('#fl-f-name').getAttribute('aria-describedby')).toBe('fl-h-name fl-e-name');
        expect(await page.locator('#fl-w-hasPets').getAttribute('aria-invalid')).toBe('true');
        // Focus moves to the first field in error.
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-f-name');
        expect(await page.locator('#fl-status').textContent()).toBe('Please correct the highlighted fields.');
        expect(await count()).toBe(0);

        // Fixing a field clears its error as you type.
        await page.getByLabel('Your name').fill('Ada');
        expect(await visible('#fl-e-name')).toBe(false);
        expect(await page.locator('#fl-f-name').getAttribute('aria-invalid')).toBeNull();
        await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
        await page.getByLabel('Age').fill('12');
        await page.getByLabel('No', { exact: true }).check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => page.locator('#fl-e-email').textContent()).toBe(en.email);
        expect(await page.locator('#fl-e-age').textContent()).toBe(en.min.replace('{min}', '18'));
        await page.screenshot({ path: `${ARTIFACTS}public-form-errors.png` });
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-f-email');

        // Valid as far as the page can tell; the server knows the upload has expired meanwhile.
        await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.org');
        await page.getByLabel('Age').fill('42');
        await page
          .getByLabel('A photo')
          .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: TINY_PNG });
        await expect.poll(() => page.locator('#fl-us-photo').textContent()).toBe('Uploaded: cat.png');
        t.clock.advance(25 * 3_600_000);
        try {
          await page.getByRole('button', { name: 'Submit' }).click();
          await expect.poll(() => page.locator('#fl-e-photo').textContent()).toBe(en.file);
        } finally {
          t.clock.reset();
        }
        expect(await page.locator('#fl-f-photo').getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-f-photo');
        expect(await visible('#fl-e-email')).toBe(false);
        expect(await count()).toBe(0);

        // A wrong file type is refused by the page before any upload.
        await page
          .getByLabel('A photo')
          .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
        await expect
          .poll(() => page.locator('#fl-e-photo').textContent())
          .toBe(en.fileType.replace('{types}', 'image/png, application/pdf'));
        // ...and one whose content is not what its name says, by the server.
        await page
          .getByLabel('A photo')
          .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: Buffer.from('hi') });
        await expect
          .poll(() => page.locator('#fl-e-photo').textContent())
          .toBe(en.fileType.replace('{types}', 'image/png, application/pdf'));
        // The browser logs the refused requests (the 400 and the 415) and nothing else.
        expect(problems.filter((p) => !/status of (400|415)/.test(p))).toEqual([]);
      });

      it('submits once on a double click, drops hidden answers, and confirms', async () => {
        const before = await count();
        await open(`${t.url}/f/${form.code}`);
        const posts: (string | undefined)[] = [];
        page.on('request', (r) => {
          if (r.method() === 'POST' && r.url().endsWith('/responses'))
            posts.push(r.headers()['idempotency-key']);
        });
        await page.getByLabel('Your name').fill('Grace');
        await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.org');
        await page.getByLabel('Phone', { exact: true }).check();
        await page.getByLabel('Phone number').fill('555-0100');
        // Switching back hides the phone field: its value stays on the page but is not sent.
        await page.getByLabel('Email', { exact: true }).check();
        await page.getByLabel('Yes').check();
        await page.getByLabel("Your pet's name").fill('Rex');
        await page.getByLabel('Dog').check();
        await page.getByLabel('Fish').check();
        await page.getByLabel('Topic').selectOption('other');
        await page.getByLabel('Details').fill('Line one\nline <two> & "three"');
        await page.getByLabel('Last vet visit').fill('2025-03-01');
        await page.screenshot({ path: `${ARTIFACTS}public-form-filled.png`, fullPage: true });

        await page.getByRole('button', { name: 'Submit' }).dblclick();
        // A submission on a loaded machine can take longer than the poll's default second.
        await expect.poll(() => visible('#fl-done'), { timeout: 15_000 }).toBe(true);
        expect(await page.locator('#fl-done h2').textContent()).toBe('Thank you!');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-done');
        expect(await visible('#fl-form')).toBe(false);
        expect(posts).toHaveLength(1);
        expect(posts[0]).toMatch(/^[0-9a-f]{32}$/);
        expect(await count()).toBe(before + 1);
        const stored = await latest();
        expect(stored.answers).toEqual({
          name: 'Grace',
          email: 'grace@example.org',
          contact: 'email',
          hasPets: 'yes',
          petName: 'Rex',
          kinds: ['dog', 'fish'],
          topic: 'other',
          details: 'Line one\nline <two> & "three"',
          visit: '2025-03-01',
        });
        expect(problems).toEqual([]);
      });

      it('uploads a file with a progress bar, and the owner reads it back', async () => {
        await open(`${t.url}/f/${form.code}`);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        // Slow the upload down (about 1 s for 600 KB) so the bar has something to show.
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: 600 * 1024,
        });
        await page.evaluate(() => {
          const bar = document.getElementById('fl-p-photo') as HTMLProgressElement;
          const seen: number[] = [];
          (window as unknown as { seen: number[] }).seen = seen;
          new MutationObserver(() => seen.push(bar.value)).observe(bar, { attributes: true });
        });
        const photo = pngOf(600 * 1024);
        await page
          .getByLabel('A photo')
          .setInputFiles({ name: 'big cat.png', mimeType: 'image/png', buffer: photo });
        expect(await visible('#fl-p-photo')).toBe(true);
        await expect
          .poll(() => page.locator('#fl-us-photo').textContent(), { timeout: 15_000 })
          .toBe('Uploaded: big cat.png');
        const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
        expect(seen.at(-1)).toBe(100);
        expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });

        await page.getByLabel('Your name').fill('Linus');
        await page.getByRole('textbox', { name: 'Email' }).fill('linus@example.org');
        await page.getByLabel('No', { exact: true }).check();
        await page.getByRole('button', { name: 'Submit' }).click();
        // A submission on a loaded machine can take longer than the poll's default second.
        await expect.poll(() => visible('#fl-done'), { timeout: 15_000 }).toBe(true);

        const stored = await latest();
        expect(stored.answers.photo).toEqual({
          uploadId: expect.any(String),
          name: 'big cat.png',
          size: photo.length,
          type: 'image/png',
        });
        const file = await fetch(
          `${t.url}/v1/forms/${form.id}/responses/${stored.id}/files/${stored.answers.photo.uploadId}`,
          { headers: { authorization: `Bearer ${key}` } },
        );
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
        expect(problems).toEqual([]);
      });

      it('works with the keyboard alone', async () => {
        const before = await count();
        await open(`${t.url}/f/${form.code}`);
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-f-name');
        await page.keyboard.type('Katherine');
        await page.keyboard.press('Tab');
        await page.keyboard.type('kj@example.org');
        await page.keyboard.press('Tab'); // age
        await page.keyboard.press('Tab'); // "Contact me by": the group's first radio
        await page.keyboard.press('Tab'); // "Do you have pets?"
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-f-hasPets~0');
        await page.keyboard.press('Space');
        expect(await visible('#fl-s-pets')).toBe(true);
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('fl-f-petName');
        await page.keyboard.type('Mittens');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Space'); // Cat
        // Enter in a text field submits the form.
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Enter');
        // A submission on a loaded machine can take longer than the poll's default second.
        await expect.poll(() => visible('#fl-done'), { timeout: 15_000 }).toBe(true);
        expect(await count()).toBe(before + 1);
        expect((await latest()).answers).toEqual({
          name: 'Katherine',
          email: 'kj@example.org',
          hasPets: 'yes',
          petName: 'Mittens',
          kinds: ['cat'],
        });
      });

      it('fits a narrow phone screen', async () => {
        await open(`${t.url}/f/${form.code}`, { width: 360, height: 740 });
        await page.getByLabel('Yes').check();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const button = await page.getByRole('button', { name: 'Submit' }).boundingBox();
        expect(button!.width).toBeGreaterThan(300);
        await page.screenshot({ path: `${ARTIFACTS}public-form-phone.png`, fullPage: true });
      });

      it('shows a friendly 404 page', async () => {
        const res = await open(`${t.url}/f/AAAAAAAAAAAAAAAA`);
        expect(res.status()).toBe(404);
        expect(await page.locator('h1').textContent()).toBe('Form not found');
        expect(await page.title()).toBe('Form not found');
        expect(problems).toEqual([
          'Failed to load resource: the server responded with a status of 404 (Not Found)',
        ]);
      });
    },
    { publicRateLimit: false },
  );
});
