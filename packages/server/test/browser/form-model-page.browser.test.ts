import { messagesFor } from '@formloom/contract/engine';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bilingualSchema, pagedQuizSchema, publishForm } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { ARTIFACTS, chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const en = messagesFor('en');

describe.skipIf(executable === undefined)('public form page in Chromium: the form model', () => {
  const pages = usePages(executable);
  let page: Page;
  let problems: string[] = [];

  async function open(url: string, viewport?: { width: number; height: number }) {
    ({ page, problems } = await pages.open(url, viewport));
  }

  const focused = () => page.evaluate(() => document.activeElement?.id);
  const text = (selector: string) => page.locator(selector).textContent();
  const visible = (selector: string) => page.locator(selector).isVisible();
  const progress = async () => {
    const bar = page.getByRole('progressbar');
    return {
      now: await bar.getAttribute('aria-valuenow'),
      max: await bar.getAttribute('aria-valuemax'),
      text: await text('#fl-progress-text'),
    };
  };

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';
      let quiz = { id: '', code: '' };
      let bilingual = { id: '', code: '' };
      const latest = async (formId: string) =>
        (await t.request(`/v1/forms/${formId}/responses?limit=1`, { key })).body.data.responses[0];

      beforeAll(async () => {
        ({ key } = await t.account());
        quiz = await publishForm(t, key, pagedQuizSchema());
        bilingual = await publishForm(t, key, bilingualSchema());
      });

      it('a quiz answered by keyboard alone shows the right score', async () => {
        // A hidden value from the URL goes with the answers; an invalid one (ref: at most 3
        // characters) blocks nothing and is dropped by the server.
        await open(`${t.url}/f/${quiz.code}?utm_source=newsletter&ref=toolong`);
        expect(await progress()).toEqual({ now: '1', max: '3', text: 'Page 1 of 3' });
        expect(await visible('#fl-back')).toBe(false);
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('fl-f-name');
        await page.keyboard.type('Ada');
        await page.keyboard.press('Enter'); // Next
        await expect.poll(progress).toEqual({ now: '2', max: '3', text: 'Page 2 of 3' });
        expect(await focused()).toBe('fl-f-q1~0');
        expect(await text('#fl-st-q1page')).toBe('Ada, question one');
        expect(await text('#fl-lt-q1')).toBe('The capital of France, Ada?');
        expect(await visible('#fl-s-you')).toBe(false);
        await page.keyboard.press('Space'); // Paris
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('fl-back');
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('fl-next');
        await page.keyboard.press('Enter');
        await expect.poll(progress).toEqual({ now: '3', max: '3', text: 'Page 3 of 3' });
        expect(await focused()).toBe('fl-f-q2~0');
        // A variable recalled live, computed by the engine as the answers change.
        expect(await text('#fl-h-q2')).toBe('Your score so far: 1');
        await page.keyboard.press('Space'); // 4
        await expect.poll(() => text('#fl-h-q2')).toBe('Your score so far: 2');
        expect(await visible('#fl-next')).toBe(false);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        expect(await focused()).toBe('fl-submit');
        await page.keyboard.press('Enter');
        await expect.poll(() => visible('#fl-done')).toBe(true);
        expect(await text('#fl-done-message')).toBe('Well done Ada! You scored 2.');
        const stored = await latest(quiz.id);
        expect(stored.answers).toEqual({ name: 'Ada', utm_source: 'newsletter', q1: 'paris', q2: 'four' });
        expect(stored.language).toBe('en');
        expect(problems).toEqual([]);
      });

      it('Next checks only its page; the page list follows the answers; errors on Submit show their page', async () => {
        await open(`${t.url}/f/${quiz.code}`);
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => text('#fl-e-name')).toBe(en.required);
        expect(await focused()).toBe('fl-f-name');
        expect(await visible('#fl-e-q1')).toBe(false);
        expect((await progress()).now).toBe('1');

        await page.getByLabel('Your name').fill('Bo');
        expect(await visible('#fl-e-name')).toBe(false);
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(async () => (await progress()).now).toBe('2');
        // Nothing chosen: Next stays on this page with the error.
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => text('#fl-e-q1')).toBe(en.required);
        // A wrong answer brings the "Why?" page into the list.
        await page.getByLabel('Lyon', { exact: true }).check();
        expect(await progress()).toEqual({ now: '2', max: '4', text: 'Page 2 of 4' });
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => visible('#fl-s-why')).toBe(true);
        expect(await page.getByLabel('Why Lyon?').getAttribute('placeholder')).toBe('Tell us, Bo');
        expect(await progress()).toEqual({ now: '3', max: '4', text: 'Page 3 of 4' });
        await page.getByRole('button', { name: 'Back' }).click();
        expect(await visible('#fl-s-q1page')).toBe(true);
        // Back keeps the answers; the right answer takes the page out again.
        expect(await page.getByLabel('Lyon', { exact: true }).isChecked()).toBe(true);
        await page.getByLabel('Paris').check();
        expect(await progress()).toEqual({ now: '2', max: '3', text: 'Page 2 of 3' });
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => visible('#fl-s-q2page')).toBe(true);
        expect(await visible('#fl-s-why')).toBe(false);
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => text('#fl-e-q2')).toBe(en.required);
        expect(await focused()).toBe('fl-f-q2~0');
        await page.getByLabel('5').check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => visible('#fl-done')).toBe(true);
        expect(await text('#fl-done-message')).toBe('Well done Bo! You scored 1.');
        expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
      });

      it('recalls an answer as text, never as HTML', async () => {
        const evil = '<img src=x onerror="window.__xss=1">';
        await open(`${t.url}/f/${quiz.code}`);
        await page.getByLabel('Your name').fill(evil);
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => text('#fl-st-q1page')).toBe(`${evil}, question one`);
        expect(await text('#fl-lt-q1')).toBe(`The capital of France, ${evil}?`);
        await page.getByLabel('Paris').check();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('5').check();
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => visible('#fl-done')).toBe(true);
        expect(await text('#fl-done-message')).toBe(`Well done ${evil}! You scored 1.`);
        expect(await page.locator('img').count()).toBe(0);
        expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
        expect(problems).toEqual([]);
      });

      it('prefills an editable field from the URL', async () => {
        await open(`${t.url}/f/${quiz.code}?name=Ann`);
        expect(await page.getByLabel('Your name').inputValue()).toBe('Ann');
        expect(await page.getByLabel('Your name').isEditable()).toBe(true);
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => text('#fl-st-q1page')).toBe('Ann, question one');
      });

      it('fits a 375 px screen, Back and Next included', async () => {
        await open(`${t.url}/f/${quiz.code}?name=Ann`, { width: 375, height: 740 });
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(async () => (await progress()).now).toBe('2');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        for (const name of ['Back', 'Next']) {
          const box = (await page.getByRole('button', { name }).boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(375);
        }
        await page.screenshot({ path: `${ARTIFACTS}public-form-paged-phone.png`, fullPage: true });
      });

      it('in German by ?lang=de: texts, built-in texts, a locked prefilled email, and the language sent', async () => {
        await open(`${t.url}/f/${bilingual.code}?lang=de&e=ann@example.org`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
        const email = page.getByLabel('E-Mail');
        expect(await email.inputValue()).toBe('ann@example.org');
        expect(await email.isEditable()).toBe(false);
        const sent: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'POST') sent.push(r.postData() ?? '');
        });
        await page.getByRole('button', { name: 'Absenden' }).click();
        await expect.poll(() => text('#fl-e-comment')).toBe(messagesFor('de').required);
        expect(await text('#fl-status')).toBe('Bitte korrigieren Sie die markierten Felder.');
        await page.getByLabel('Kommentar').fill('Gut');
        await page.getByRole('button', { name: 'Absenden' }).click();
        await expect.poll(() => visible('#fl-done')).toBe(true);
        expect(await text('#fl-done h2')).toBe('Vielen Dank!');
        expect(JSON.parse(sent[0]!)).toEqual({
          answers: { email: 'ann@example.org', comment: 'Gut' },
          language: 'de',
        });
        const stored = await latest(bilingual.id);
        expect(stored.language).toBe('de');
        expect(stored.answers).toEqual({ email: 'ann@example.org', comment: 'Gut' });
      });

      it('is <formloom-form> taking over the markup the server rendered: no request to start, German from the page, its events', async () => {
        await open(`${t.url}/f/${bilingual.code}?lang=de&e=cy@example.org`);
        // The server's form is inside the element (light DOM), and the element is the page's script.
        expect(
          await page.evaluate(() => ({
            defined: customElements.get('formloom-form') !== undefined,
            inside: document.querySelector('formloom-form > form#fl-form') !== null,
            shadow: document.querySelector('formloom-form')!.shadowRoot,
          })),
        ).toEqual({ defined: true, inside: true, shadow: null });
        await page.evaluate(() => {
          const heard: unknown[] = [];
          (window as unknown as { heard: unknown[] }).heard = heard;
          for (const name of ['change', 'submit'])
            document.addEventListener(`formloom:${name}`, (e) =>
              heard.push([name, (e as CustomEvent).detail]),
            );
        });
        await page.getByRole('button', { name: 'Absenden' }).click();
        await expect.poll(() => text('#fl-e-comment')).toBe(messagesFor('de').required);
        await page.getByLabel('Kommentar').fill('Sehr gut');
        await page.getByRole('button', { name: 'Absenden' }).click();
        await expect.poll(() => visible('#fl-done')).toBe(true);
        // Nothing was fetched to start: not the form, not the German texts (the page carries both).
        const fetched = await page.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
        );
        expect(fetched.filter((p) => p.includes('/v1/') || p.includes('/embed/'))).toEqual([
          `/v1/public/forms/${bilingual.code}/responses`,
        ]);
        const stored = await latest(bilingual.id);
        const heard = await page.evaluate(() => (window as unknown as { heard: [string, unknown][] }).heard);
        expect(heard.at(-1)).toEqual([
          'submit',
          { responseId: stored.id, answers: { email: 'cy@example.org', comment: 'Sehr gut' } },
        ]);
        expect(heard.filter(([name]) => name === 'change').length).toBeGreaterThan(0);
        expect(problems).toEqual([]);
      });

      it('redirects to the completion URL after a submission', async () => {
        const schema = bilingualSchema();
        schema.settings = { ...schema.settings, completion: { redirectUrl: 'https://example.org/thanks' } };
        const form = await publishForm(t, key, schema);
        await open(`${t.url}/f/${form.code}?e=bo@example.org`);
        await page.route('https://example.org/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/plain', body: 'thanks' }),
        );
        await page.getByLabel('Comment').fill('Nice');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForURL('https://example.org/thanks');
        expect((await latest(form.id)).answers).toEqual({ email: 'bo@example.org', comment: 'Nice' });
      });
    },
    { publicRateLimit: false },
  );
});
