import type { FormSchema } from '@formloom/contract';
import { formTextsFor } from '@formloom/contract/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessPageTextsFor } from '../../src/features/public/index.js';
import { publishForm } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeOfSame } from './axe.js';
import { ARTIFACTS, chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const texts = accessPageTextsFor('en');
const formTexts = formTextsFor('en');

/** One required question on one page. */
function staffSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Staff survey', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'only', title: 'About you', order: 0 }],
    fields: [{ id: 'name', sectionId: 'only', type: 'text', label: 'Your name', order: 0, required: true }],
  };
}

/** The page of a password-protected form, with and without JavaScript. */
describe.skipIf(executable === undefined)('a password-protected form page in Chromium', () => {
  const pages = usePages(executable);

  describeEachDialect('against a real server', (t) => {
    let key = '';
    let form = { id: '', code: '' };
    const count = async () =>
      (await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count as number;
    const setPassword = (password: string) =>
      t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { password } });

    beforeAll(async () => {
      ({ key } = await t.account());
      form = await publishForm(t, key, staffSchema());
      expect((await setPassword('open sesame')).status).toBe(200);
    });

    for (const javaScriptEnabled of [false, true]) {
      it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: asks for the password, says a wrong one, the right one opens the form and a response is stored`, async () => {
        const before = await count();
        const { page } = await pages.open(
          `${t.url}/f/${form.code}`,
          { width: 360, height: 800 },
          { javaScriptEnabled },
        );
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.passwordTitle);
        expect(await page.getByText('Staff survey').isVisible()).toBe(true);
        // Nothing of the form before it is unlocked.
        expect(await page.getByLabel('Your name').count()).toBe(0);
        expect(await axeOfSame(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.screenshot({ path: `${ARTIFACTS}access-password-360.png`, fullPage: true });

        // Keyboard only: type the wrong password and press Enter.
        await page.getByLabel(texts.passwordLabel).focus();
        await page.keyboard.type('not it');
        await page.keyboard.press('Enter');
        await page.waitForLoadState();
        const alert = page.getByRole('alert');
        expect(await alert.textContent()).toBe(texts.wrongPassword);
        const input = page.getByLabel(texts.passwordLabel);
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        expect(await input.getAttribute('aria-describedby')).toBe('fl-password-error');
        expect(await axeOfSame(page)).toEqual([]);
        await page.screenshot({ path: `${ARTIFACTS}access-wrong-password-360.png`, fullPage: true });

        await input.fill('open sesame');
        await page.getByRole('button', { name: texts.unlock }).click();
        await page.waitForURL(`**/f/${form.code}`);
        await page.getByLabel('Your name').fill('Ada');
        await page.getByRole('button', { name: 'Submit' }).click();
        if (javaScriptEnabled) {
          await expect
            .poll(() => page.getByRole('heading', { name: formTexts.thanksTitle }).count(), {
              timeout: 15_000,
            })
            .toBe(1);
        } else {
          await page.waitForURL(`**/f/${form.code}/done?**`);
          expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(formTexts.thanksTitle);
        }
        expect(await count()).toBe(before + 1);
      });
    }

    it('with JavaScript: a password changed while the page is open asks for the new one', async () => {
      const { page } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 800 });
      await page.getByLabel(texts.passwordLabel).fill('open sesame');
      await page.getByRole('button', { name: texts.unlock }).click();
      await page.getByLabel('Your name').fill('Grace');
      // The unlock ends: the next call is refused, and the page asks again.
      expect((await setPassword('a new password')).status).toBe(200);
      try {
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
          .toBe(texts.passwordTitle);
      } finally {
        await setPassword('open sesame');
      }
    });

    it("in the visitor's language (Accept-Language, or ?lang=)", async () => {
      for (const [language, headers, query] of [
        ['de', { 'accept-language': 'de-DE,de;q=0.9' }, ''],
        ['nl', {}, '?lang=nl'],
      ] as const) {
        const localized = accessPageTextsFor(language);
        const res = await t.request(`/f/${form.code}${query}`, { headers });
        expect(res.status).toBe(401);
        expect(res.text).toContain(`<html lang="${language}">`);
        expect(res.text).toContain(`<h1>${localized.passwordTitle}</h1>`);
        expect(res.text).toContain(`>${localized.passwordLabel}</label>`);
        expect(res.text).toContain(`>${localized.unlock}</button>`);
        // The way back keeps the page's query (its language).
        expect(res.text).toContain(`action="${form.code}/unlock${query}"`);
      }
    });
  });
});
