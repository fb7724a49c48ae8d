import type { FormSchema } from '@formloom/contract';
import { formTextsFor } from '@formloom/contract/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessPageTextsFor } from '../../src/features/public/index.js';
import { publishForm } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeOfSame } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const texts = accessPageTextsFor('en');
const formTexts = formTextsFor('en');

/** A name a link prefills and a required question. */
function inviteSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Team dinner', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: [{ id: 'only', title: 'You', order: 0 }],
    fields: [
      {
        id: 'name',
        sectionId: 'only',
        type: 'text',
        label: 'Your name',
        order: 0,
        required: true,
        prefill: {},
      },
      { id: 'dish', sectionId: 'only', type: 'text', label: 'Your dish', order: 1, required: true },
    ],
  };
}

/** A form answered through personal links only, opened by its link, with and without JavaScript. */
describe.skipIf(executable === undefined)('a personal link in Chromium', () => {
  const pages = usePages(executable);

  describeEachDialect('against a real server', (t) => {
    let key = '';
    let form = { id: '', code: '' };
    beforeAll(async () => {
      ({ key } = await t.account());
      form = await publishForm(t, key, inviteSchema());
      await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { oneResponse: 'link' } });
    });

    for (const javaScriptEnabled of [false, true]) {
      it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: the link prefills, answers once, then says it was used`, async () => {
        const created = await t.request(`/v1/forms/${form.id}/links`, {
          method: 'POST',
          key,
          json: { recipients: [{ prefill: { name: 'Ann' } }] },
        });
        const link = created.body.data.links[0] as { id: string; url: string };
        const path = new URL(link.url);
        const { page } = await pages.open(
          `${t.url}${path.pathname}${path.search}`,
          { width: 360, height: 800 },
          { javaScriptEnabled },
        );
        expect(await page.getByLabel('Your name').inputValue()).toBe('Ann');
        expect(await axeOfSame(page)).toEqual([]);
        await page.getByLabel('Your dish').fill('Soup');
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect
          .poll(() => page.getByRole('heading', { name: formTexts.thanksTitle }).count(), { timeout: 15_000 })
          .toBe(1);
        const listed = (await t.request(`/v1/forms/${form.id}/links`, { key })).body.data.links as {
          id: string;
          usedAt: string | null;
        }[];
        expect(listed.find((l) => l.id === link.id)?.usedAt).not.toBeNull();

        await page.goto(`${t.url}${path.pathname}${path.search}`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(texts.linkUsedTitle);
        expect(await axeOfSame(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      });
    }
  });
});
