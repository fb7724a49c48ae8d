import { formTemplates, LANGUAGES, translateSchema } from '@formloom/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../support/test-server.js';
import { axeViolations } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('the form templates on the public page in Chromium', () => {
  const pages = usePages(executable);

  describeEachDialect('against a real server', (t) => {
    const codes = new Map<string, string>();

    beforeAll(async () => {
      const { key } = await t.account();
      for (const template of formTemplates()) {
        const created = await t.request('/v1/forms', {
          method: 'POST',
          key,
          json: { templateId: template.id },
        });
        const published = await t.request(`/v1/forms/${created.body.data.id}/publish`, {
          method: 'POST',
          key,
        });
        codes.set(template.id, published.body.data.shareUrl as string);
      }
    });

    it('every template shows in each of the six languages, its texts translated, axe-clean', async () => {
      const { page, problems } = await pages.open('about:blank');
      const shownIn = async (p: Page) => ({
        lang: await p.locator('html').getAttribute('lang'),
        title: (await p.locator('h1').first().textContent())?.trim(),
      });
      let checked = 0;
      for (const template of formTemplates()) {
        const code = codes.get(template.id)!;
        // The first question outside a repeating section (whose entries' ids are numbered).
        const repeating = new Set(template.schema.sections.filter((s) => s.repeat).map((s) => s.id));
        const first = template.schema.fields.find((f) => !repeating.has(f.sectionId))!;
        for (const language of LANGUAGES) {
          const shown = translateSchema(template.schema, language);
          await page.goto(`${t.url}/f/${code}?lang=${language}`);
          const where = `${template.id} in ${language}`;
          expect(await shownIn(page), where).toEqual({ lang: language, title: shown.meta.title });
          const label = shown.fields.find((f) => f.id === first.id)!.label;
          await expect
            .poll(() => page.locator(`#fl-w-${first.id}`).first().textContent(), { message: where })
            .toContain(label);
          expect(await axeViolations(page), where).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBe(formTemplates().length * LANGUAGES.length);
      expect(problems).toEqual([]);
    }, 300_000);
  });
});
