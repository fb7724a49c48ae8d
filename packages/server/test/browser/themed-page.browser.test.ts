import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type FormSchema, THEME_PRESETS } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../support/fixtures.js';
import { publishForm } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeViolations, settled } from './axe.js';
import { ARTIFACTS, chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const { id: _preset, ...PAPER } = THEME_PRESETS.find((p) => p.id === 'paper')!;
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};
/** Custom CSS that names elements inside the form and one kind (links) that also sits outside it. */
const CSS = '.fl-label { letter-spacing: 3px }\na { text-decoration-line: overline }';

function schemaIn(language: 'en' | 'de', settings: FormSchema['settings']): FormSchema {
  const schema = contactSchema();
  return { ...schema, meta: { ...schema.meta, language }, settings: { ...schema.settings, ...settings } };
}

/**
 * A form theme on the public page: the colours on the submit button and the page, the font loaded
 * from this server, the custom CSS inside the form only, the branding shown or hidden, and no CSP
 * violation (the theme's style element is allowed by its hash).
 */
describe.skipIf(executable === undefined)('public form page in Chromium: themes', () => {
  const pages = usePages(executable);

  describeEachDialect('against a real server', (t) => {
    let key = '';
    let themeId = '';
    beforeAll(async () => {
      ({ key } = await t.account('PRO'));
      const made = await t.request('/v1/themes', { method: 'POST', key, json: { ...PAPER, css: CSS } });
      expect(made.status, made.text).toBe(201);
      themeId = made.body.data.id;
    });

    it('draws the page in the theme: colours, font from this server, scoped CSS, branding', async () => {
      const form = await publishForm(t, key, schemaIn('en', { themeId }));
      const fonts: string[] = [];
      const { page, problems } = await pages.open(`${t.url}/f/${form.code}`);
      page.on('requestfinished', (r) => (r.url().includes('/f/fonts/') ? fonts.push(r.url()) : undefined));
      await page.reload();
      await settled(page);
      const style = (selector: string, property: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

      expect(await style('#fl-submit', 'background-color')).toBe(rgb(PAPER.colors.accent));
      expect(await style('#fl-submit', 'color')).toBe(rgb(PAPER.colors.accentText));
      expect(await style('body', 'background-color')).toBe(rgb(PAPER.colors.background));
      expect(await style('#fl-form', 'background-color')).toBe(rgb(PAPER.colors.surface));
      expect(await style('#fl-submit', 'border-radius')).toBe(`${PAPER.radius}px`);

      // The font: named first, its file fetched from this server, and loaded.
      expect(await style('h1', 'font-family')).toMatch(/^"Lora Variable"/);
      await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Lora Variable"'))).toBe(true);
      expect(fonts.length).toBeGreaterThan(0);
      for (const url of fonts) expect(new URL(url).origin).toBe(new URL(t.url).origin);

      // The custom CSS reaches the form's labels and links, not the page's footer outside it.
      expect(await style('.fl-label', 'letter-spacing')).toBe('3px');
      const footer = page.getByRole('contentinfo').getByRole('link', { name: 'Made with Formloom' });
      await expect.poll(() => footer.count()).toBe(1);
      expect(await footer.evaluate((el) => getComputedStyle(el).textDecorationLine)).not.toBe('overline');

      expect(problems).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('fits 360 px, axe-clean, in German, with the German branding', async () => {
      const form = await publishForm(t, key, schemaIn('de', { themeId }));
      const { page, problems } = await pages.open(`${t.url}/f/${form.code}`, { width: 360, height: 800 });
      await settled(page);
      await expect.poll(() => page.getByRole('link', { name: 'Erstellt mit Formloom' }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, 'themed-page-de-360.png'), fullPage: true });
    });

    it('hides "Made with Formloom" with settings.branding false, with or without a theme', async () => {
      for (const settings of [{ branding: false }, { themeId, branding: false }]) {
        const form = await publishForm(t, key, schemaIn('en', settings));
        const { page, problems } = await pages.open(`${t.url}/f/${form.code}`);
        await settled(page);
        expect(await page.getByRole('contentinfo').count()).toBe(0);
        expect(await page.getByText('Made with Formloom').count()).toBe(0);
        expect(problems).toEqual([]);
      }
    });

    it('measures what a theme and its custom CSS add to the page (gzip)', async () => {
      const plain = await publishForm(t, key, schemaIn('en', {}));
      const themed = await publishForm(t, key, schemaIn('en', { themeId }));
      const big = await t.request('/v1/themes', {
        method: 'POST',
        key,
        json: {
          ...PAPER,
          css: Array.from(
            { length: 40 },
            (_, i) => `.fl-field:nth-child(${i + 1}) .fl-label{color:#2b2118}`,
          ).join('\n'),
        },
      });
      const withCss = await publishForm(t, key, schemaIn('en', { themeId: big.body.data.id }));
      // The page's own HTML without its per-view token and seed, which vary from view to view.
      const size = async (code: string) => {
        const text = (await t.request(`/f/${code}`)).text.replace(/value="[^"]{20,}"/g, 'value=""');
        return gzipSync(text, { level: 9 }).length;
      };
      const [base, theme, css] = [await size(plain.code), await size(themed.code), await size(withCss.code)];
      console.info(
        `themed page, gzip: ${base} B plain, +${theme - base} B with a theme (font faces, properties, small CSS), +${css - base} B with 40 rules of custom CSS`,
      );
      expect(theme - base).toBeGreaterThan(0);
      expect(theme - base).toBeLessThan(1024);
    });
  });
});
