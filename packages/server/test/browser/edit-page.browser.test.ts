import { formTextsFor } from '@formloom/contract/engine';
import { respondentTextsFor } from '@formloom/runtime/respondent';
import { beforeAll, describe, expect, it } from 'vitest';
import { editPageTextsFor } from '../../src/features/public/index.js';
import { contactSchema } from '../support/fixtures.js';
import { publishForm } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeOfSame } from './axe.js';
import { ARTIFACTS, chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const texts = editPageTextsFor('en');
const formTexts = formTextsFor('en');
const respondentTexts = respondentTextsFor('en');
const ANSWERS = { name: 'Ada', contact: 'email', email: 'ada@example.com', age: 36 };

/** A respondent's edit link (`/f/:code?edit=<token>`), with and without JavaScript. */
describe.skipIf(executable === undefined)('editing a response on the public page in Chromium', () => {
  const pages = usePages(executable);

  describeEachDialect('against a real server', (t) => {
    let key = '';
    let form = { id: '', code: '' };

    beforeAll(async () => {
      ({ key } = await t.account());
      form = await publishForm(t, key, contactSchema());
      const access = await t.request(`/v1/forms/${form.id}/access`, {
        method: 'PUT',
        key,
        json: { allowEdit: { hours: 1 } },
      });
      expect(access.status).toBe(200);
    });

    const submit = async () =>
      (
        await t.request(`/v1/public/forms/${form.code}/responses`, {
          method: 'POST',
          json: { answers: ANSWERS },
        })
      ).body.data as { responseId: string; editToken: string };

    for (const javaScriptEnabled of [false, true]) {
      it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: opens filled in, saves the change by keyboard, and thanks with the link again`, async () => {
        const { responseId, editToken } = await submit();
        const { page } = await pages.open(
          `${t.url}/f/${form.code}?edit=${editToken}`,
          { width: 360, height: 800 },
          { javaScriptEnabled },
        );
        const name = page.getByLabel('Name');
        expect(await name.inputValue()).toBe('Ada');
        expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('ada@example.com');
        expect(await page.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
        expect(await page.getByLabel('Age').inputValue()).toBe('36');
        expect(await page.getByText(texts.editing).isVisible()).toBe(true);
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(await axeOfSame(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.screenshot({
          path: `${ARTIFACTS}edit-form-${javaScriptEnabled ? 'js' : 'nojs'}-360.png`,
          fullPage: true,
        });

        await name.fill('Ada Lovelace');
        await page.getByRole('button', { name: formTexts.submit }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/f/${form.code}/done?**`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(formTexts.thanksTitle);
        const link = page.getByRole('link', { name: texts.editLink });
        expect(await link.getAttribute('href')).toBe(`../${form.code}?edit=${editToken}`);
        expect(await axeOfSame(page)).toEqual([]);
        const stored = await t.request(`/v1/forms/${form.id}/responses/${responseId}`, { key });
        expect(stored.body.data.answers.name).toBe('Ada Lovelace');
        expect(stored.body.data.updatedAt).not.toBeNull();

        // The link opens the edit again, with the answers as they are now.
        await link.click();
        await page.waitForURL(`**/f/${form.code}?edit=**`);
        expect(await page.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
      });
    }

    it("with JavaScript, the form's own thank-you links to the edit, which opens filled in", async () => {
      const { page } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 800 });
      await page.getByLabel('Name').fill('Grace');
      await page.getByRole('radio', { name: 'Email' }).check();
      await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
      await page.getByLabel('Age').fill('40');
      await page.getByRole('button', { name: formTexts.submit }).click();
      const link = page.getByRole('link', { name: respondentTexts.editLink });
      await link.waitFor();
      expect(await axeOfSame(page)).toEqual([]);
      const href = (await link.getAttribute('href'))!;
      expect(new URL(href).searchParams.get('edit')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await link.click();
      await page.waitForURL(`**/f/${form.code}?edit=**`);
      expect(await page.getByLabel('Name').inputValue()).toBe('Grace');
      expect(await page.getByText(texts.editing).isVisible()).toBe(true);
    });

    it('after the window the page says the response can no longer be changed', async () => {
      const { editToken } = await submit();
      t.clock.advance(3_600_000 + 1000);
      try {
        const { page } = await pages.open(`${t.url}/f/${form.code}?edit=${editToken}`, {
          width: 360,
          height: 800,
        });
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.closedTitle);
        expect(await page.getByText(texts.closedBody).isVisible()).toBe(true);
        expect(await page.getByLabel('Name').count()).toBe(0);
        expect(await axeOfSame(page)).toEqual([]);
      } finally {
        t.clock.reset();
      }
    });
  });
});
