import { formTemplates, LANGUAGES, translateSchema } from '@formloom/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../support/test-server.js';
import { axeViolations } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('the form templates on the public page in Chromium', () => {
  const pages = usePages(executable);

  describeEachDialect(
    'against a real server',
    (t) => {
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

      it('every template shows in the six languages, its texts translated, axe-clean', async () => {
        const opened = await pages.open('about:blank');
        // Three tabs of one browser share the 144 pages (axe is most of the time each takes).
        const tabs = [
          opened.page,
          await opened.page.context().newPage(),
          await opened.page.context().newPage(),
        ];
        // The first tab's problems are collected in opened.problems; the others' here.
        const problems: string[] = [];
        for (const tab of tabs.slice(1)) {
          tab.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
          tab.on('pageerror', (e) => problems.push(e.message));
        }
        // The drawing does not depend on the database: SQLite shows all 144 pages; PostgreSQL each
        // template once, in a language that turns with the template, so every language comes up
        // and each template is read back from that store too.
        const jobs = formTemplates().flatMap((template, n) =>
          (t.dialect === 'sqlite' ? LANGUAGES : [LANGUAGES[n % LANGUAGES.length]!]).map((language) => ({
            template,
            language,
          })),
        );
        const expected = jobs.length;
        let checked = 0;
        const check = async (page: Page, { template, language }: (typeof jobs)[number]) => {
          const where = `${template.id} in ${language}`;
          const shown = translateSchema(template.schema, language);
          await page.goto(`${t.url}/f/${codes.get(template.id)}?lang=${language}`);
          expect(
            {
              lang: await page.locator('html').getAttribute('lang'),
              title: (await page.locator('h1').first().textContent())?.trim(),
            },
            where,
          ).toEqual({ lang: language, title: shown.meta.title });
          // The first question outside a repeating section (whose entries' ids are numbered).
          const repeating = new Set(shown.sections.filter((s) => s.repeat).map((s) => s.id));
          const first = shown.fields.find((f) => !repeating.has(f.sectionId))!;
          await expect
            .poll(() => page.locator(`#fl-w-${first.id}`).first().textContent(), { message: where })
            .toContain(first.label);
          expect(await axeViolations(page), where).toEqual([]);
          checked++;
        };
        await Promise.all(
          tabs.map(async (tab) => {
            for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) await check(tab, job);
          }),
        );
        expect(checked).toBe(expected);
        expect([...opened.problems, ...problems]).toEqual([]);
      }, 300_000);
    },
    // 144 page loads from one address in a minute or two: the public limit would refuse some.
    { publicRateLimit: false },
  );
});
