import type { FormSchema } from '@formloom/contract';
import { formTextsFor, messagesFor } from '@formloom/contract/engine';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainPostSchema, publishForm, TINY_PNG } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeOfSame } from './axe.js';
import { ARTIFACTS, chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

const en = messagesFor('en');
const texts = formTextsFor('en');
const UPDATE = 'Update the form for these answers';

/** A one-page form: "Phone" shows the phone number, on the same page. */
function contactSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Call me', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'only', title: 'Contact', order: 0 }],
    fields: [
      { id: 'name', sectionId: 'only', type: 'text', label: 'Your name', order: 0, required: true },
      {
        id: 'contact',
        sectionId: 'only',
        type: 'radio',
        label: 'Contact me by',
        order: 1,
        options: [
          { label: 'Email', value: 'email' },
          { label: 'Phone', value: 'phone' },
        ],
      },
      {
        id: 'phone',
        sectionId: 'only',
        type: 'text',
        label: 'Phone number',
        order: 2,
        required: true,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'contact', operator: 'equals', value: 'phone' }] }],
        },
      },
    ],
  };
}

/**
 * docs/embedding.md "The page without JavaScript": the public page with JavaScript switched off in the
 * browser.
 */
describe.skipIf(executable === undefined)('public form page in Chromium without JavaScript', () => {
  const pages = usePages(executable);
  let page: Page;

  describeEachDialect('against a real server', (t) => {
    let key = '';
    let form = { id: '', code: '' };

    beforeAll(async () => {
      ({ key } = await t.account());
      form = await publishForm(t, key, plainPostSchema());
    });

    it('fills a two-page form by plain posts: server errors, a conditional field, an upload, a hidden prefill', async () => {
      ({ page } = await pages.open(
        `${t.url}/f/${form.code}?ref=news`,
        { width: 360, height: 800 },
        {
          javaScriptEnabled: false,
        },
      ));
      // The script's buttons wait for it; without it only the page's own Update and Next are offered.
      await expect.poll(() => page.getByRole('button').allTextContents()).toEqual([UPDATE, 'Next']);
      expect(await page.locator('#fl-w-petName').isVisible()).toBe(false);

      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForLoadState();
      expect(await page.locator('#fl-e-name').textContent()).toBe(en.required);
      expect(await page.locator('#fl-f-name').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#fl-f-name').getAttribute('aria-describedby')).toBe('fl-e-name');
      const summary = page.getByRole('alert').filter({ hasText: texts.fixErrors });
      // Each error: the label as the link to its field, then the message apart from it.
      expect(await summary.getByRole('link').allTextContents()).toEqual(['Your name', 'Do you have a pet?']);
      expect(await summary.getByRole('listitem').allTextContents()).toEqual([
        `Your name — ${en.required}`,
        `Do you have a pet? — ${en.required}`,
      ]);
      expect(await summary.getByRole('link', { name: 'Do you have a pet?' }).getAttribute('href')).toBe(
        '#fl-f-hasPet~0',
      );
      expect(await axeOfSame(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}public-nojs-errors-360.png`, fullPage: true });
      // Nothing is wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // "Yes" shows the pet's name after the step, and it is required.
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByLabel('Yes').check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForLoadState();
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada Lovelace');
      expect(await page.getByLabel('Yes').isChecked()).toBe(true);
      expect(await page.locator('#fl-w-petName').isVisible()).toBe(true);
      expect(await page.locator('#fl-e-petName').textContent()).toBe(en.required);

      await page.getByLabel("Your pet's name").fill('Rex');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForLoadState();
      expect(await page.getByText('Page 2 of 2').isVisible()).toBe(true);
      expect(await page.getByLabel('Your name').count()).toBe(0);

      // Submit without the required file: the server says so at the field.
      await page.getByLabel('Comment').fill('Hello <there> & "you"');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForLoadState();
      expect(await page.locator('#fl-e-photo').textContent()).toBe(en.required);
      expect(await page.getByLabel('Comment').inputValue()).toBe('Hello <there> & "you"');

      // Back keeps this page's answers; the file chosen now is kept by its stored reference.
      await page
        .getByLabel('A photo')
        .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForLoadState();
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada Lovelace');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForLoadState();
      expect(await page.locator('#fl-uk-photo').textContent()).toBe('Uploaded: cat.png');
      expect(await page.getByLabel('Comment').inputValue()).toBe('Hello <there> & "you"');

      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname).toBe(`/f/${form.code}/done`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.thanksTitle);
      expect(await axeOfSame(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}public-nojs-done-360.png` });

      const listed = await t.request(`/v1/forms/${form.id}/responses?limit=1`, { key });
      const [stored] = listed.body.data.responses as { answers: Record<string, unknown> }[];
      expect(stored!.answers).toEqual({
        name: 'Ada Lovelace',
        hasPet: 'yes',
        petName: 'Rex',
        ref: 'news',
        comment: 'Hello <there> & "you"',
        photo: expect.objectContaining({ name: 'cat.png', type: 'image/png', size: TINY_PNG.length }),
      });
      // A reload of the thank-you page posts nothing again.
      await page.reload();
      const count = await t.request(`/v1/forms/${form.id}/responses/count`, { key });
      expect(count.body.data.count).toBe(1);
    });

    it('Update shows a field revealed on the same page, keeping the answers, with no error; Enter then submits', async () => {
      const single = await publishForm(t, key, contactSchema());
      ({ page } = await pages.open(
        `${t.url}/f/${single.code}`,
        { width: 360, height: 800 },
        { javaScriptEnabled: false },
      ));
      expect(await page.getByLabel('Phone number').isVisible()).toBe(false);
      await page.getByLabel('Your name').fill('Ada');
      await page.getByLabel('Phone', { exact: true }).check();
      // After the fields, the keyboard meets Update before Submit.
      await page.getByLabel('Phone', { exact: true }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement).value)).toBe('update');
      await page.getByRole('button', { name: UPDATE }).click();
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname).toBe(`/f/${single.code}`);
      expect(await page.getByLabel('Phone number').isVisible()).toBe(true);
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada');
      expect(await page.getByLabel('Phone', { exact: true }).isChecked()).toBe(true);
      expect(await page.locator('#fl-e-phone').isVisible()).toBe(false);
      expect(await page.getByRole('alert').filter({ hasText: texts.fixErrors }).count()).toBe(0);
      expect(await axeOfSame(page)).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}public-nojs-update-360.png`, fullPage: true });

      // Enter in a text input presses Submit, not Update.
      await page.getByLabel('Phone number').fill('555 0100');
      await page.getByLabel('Phone number').press('Enter');
      await page.waitForURL(`**/f/${single.code}/done?**`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.thanksTitle);
      const listed = await t.request(`/v1/forms/${single.id}/responses?limit=1`, { key });
      const [stored] = listed.body.data.responses as { answers: Record<string, unknown> }[];
      expect(stored!.answers).toEqual({ name: 'Ada', contact: 'phone', phone: '555 0100' });
    });

    it('Enter in a text input of a paged page with Update still means Next', async () => {
      ({ page } = await pages.open(
        `${t.url}/f/${form.code}`,
        { width: 360, height: 800 },
        { javaScriptEnabled: false },
      ));
      await page.getByLabel('Yes').check();
      await page.getByLabel('Your name').fill('Ada');
      await page.getByLabel('Your name').press('Enter');
      await page.waitForLoadState();
      // Next judged the page (Update would show no error): the pet's name is now asked for.
      expect(await page.locator('#fl-e-petName').textContent()).toBe(en.required);
      expect(await page.getByLabel('Your name').inputValue()).toBe('Ada');
    });
  });
});
