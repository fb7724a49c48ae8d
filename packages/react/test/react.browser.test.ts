import { readFileSync } from 'node:fs';
import { THEME_PRESETS } from '@formloom/contract';
import { bilingualSchema, pagedQuizSchema, publishForm, useTestServer } from '@formloom/server/testing';
import { findChromium, launchChromium } from '@formloom/server/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, type ReactVersion } from './support/bundle.js';
import { startHost } from './support/host.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

/**
 * A host app: `<FormloomForm>` with one replaced field component (radio options as buttons), the
 * form's code and options from the page's query. What it shows on completion is written to `#out`.
 */
const APP = `
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FormloomForm } from '../src/index.js';

function ButtonChoice(props) {
  return h('fieldset', { 'data-field-id': props.field.id, role: 'radiogroup', 'aria-invalid': props.errors ? true : undefined, 'aria-describedby': props.describedBy },
    h('legend', null, props.label),
    ...(props.field.options ?? []).map((o) =>
      h('button', { type: 'button', key: o.value, 'aria-pressed': props.value === o.value, 'data-choice': o.value, onClick: () => props.onChange(o.value) }, o.label)),
    props.errors ? h('p', { id: props.errorId, className: 'fl-error' }, props.errors.join(' ')) : null);
}

const q = new URLSearchParams(location.search);
createRoot(document.getElementById('root')).render(
  h(StrictMode, null,
    h(FormloomForm, {
      code: q.get('code'),
      api: location.origin,
      lang: q.get('lang') ?? undefined,
      prefill: q.get('prefill') ?? undefined,
      components: q.get('buttons') ? { radio: ButtonChoice } : undefined,
      onSubmitted: (s) => { document.getElementById('out').textContent = 'stored ' + s.responseId; },
    })));
`;

describe.skipIf(executable === undefined).each([18, 19] as ReactVersion[])(
  '@formloom/react %i in Chromium against a real server',
  (version) => {
    const t = useTestServer('sqlite');
    let browser: Browser;
    let host: Awaited<ReturnType<typeof startHost>> | undefined;
    let origin = '';
    let key = '';
    let quiz = { id: '', code: '' };
    let bilingual = { id: '', code: '' };

    beforeAll(async () => {
      const script = readFileSync(await bundle(APP, version, 'browser'));
      // The host app's server: its page and script, and /v1 passed through to the Formloom server.
      host = await startHost(script, () => t.url);
      origin = host.origin;
      browser = await launchChromium(executable!);
      ({ key } = await t.account());
      quiz = await publishForm(t, key, pagedQuizSchema());
      bilingual = await publishForm(t, key, bilingualSchema());
    });
    afterAll(async () => {
      await browser?.close();
      await host?.close();
    });

    async function open(
      query: string,
      viewport = { width: 900, height: 900 },
    ): Promise<{ page: Page; problems: string[] }> {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
      await page.goto(`${origin}/?${query}`);
      return { page, problems };
    }

    async function stored(formId: string) {
      const res = await t.request(`/v1/forms/${formId}/responses`, { key });
      return res.body.data.responses as {
        id: string;
        answers: Record<string, unknown>;
        variables: unknown;
      }[];
    }

    it('a paged quiz by keyboard alone: errors focused, pages, recall, the completion message', async () => {
      const { page, problems } = await open(`code=${quiz.code}&prefill=utm_source%3Dads`);
      await page.getByLabel('Your name').waitFor();
      expect(await page.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Page 1 of 3');
      // Next with nothing typed: the error is shown, announced, and the field focused.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      expect(await page.getByRole('alert').textContent()).toBe('Please correct the highlighted fields.');
      expect(await page.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');

      await page.keyboard.type('Ada <i>');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Ada <i>, question one' }).waitFor();
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
      // Focus moved to the new page's first control: arrow keys choose within the radio group.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q1');
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Question two' }).waitFor();
      await page.getByLabel('4', { exact: true }).check();
      expect(await page.getByText('Your score so far: 2').count()).toBe(1);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Well done Ada <i>! You scored 2.').waitFor();
      const out = (await page.locator('#out').textContent()) ?? '';
      const rows = await stored(quiz.id);
      const row = rows.find((r) => out === `stored ${r.id}`);
      expect(row?.answers).toEqual({ name: 'Ada <i>', utm_source: 'ads', q1: 'paris', q2: 'four' });
      expect(row?.variables).toEqual({ score: 2 });
      // The name stayed text: no <i> element was made of it.
      expect(await page.locator('main i').count()).toBe(0);
      expect(problems, problems.join('\n')).toEqual([]);
    });

    it("wears the form's theme: its properties and scheme on the form, its CSS on the form only, its font", async () => {
      const { id: _preset, ...ocean } = THEME_PRESETS.find((p) => p.id === 'ocean')!;
      const created = await t.request('/v1/themes', {
        method: 'POST',
        key,
        json: {
          ...ocean,
          name: 'React',
          font: 'lora',
          mode: 'dark',
          css: 'legend, label { text-transform: uppercase }',
        },
      });
      expect(created.status, created.text).toBe(201);
      const schema = pagedQuizSchema();
      const themed = await publishForm(t, key, {
        ...schema,
        settings: { ...schema.settings, themeId: created.body.data.id },
      });
      const { page } = await open(`code=${themed.code}`);
      await page.getByLabel('Your name').waitFor();
      const look = await page.evaluate(() => {
        const form = document.querySelector('form')!;
        return {
          themed: form.classList.contains('fl-theme'),
          accent: getComputedStyle(form).getPropertyValue('--formloom-accent').trim(),
          scheme: getComputedStyle(form).colorScheme,
          label: getComputedStyle(form.querySelector('label')!).textTransform,
          fonts: [...document.fonts].map((f) => f.family.replace(/"/g, '')),
        };
      });
      expect(look).toMatchObject({
        themed: true,
        accent: ocean.colors.accent.toLowerCase(),
        scheme: 'dark',
        label: 'uppercase',
      });
      expect(look.fonts).toContain('Lora Variable');
    });

    it('a replaced field component draws the choices; Back keeps the answers', async () => {
      const { page, problems } = await open(`code=${quiz.code}&buttons=1`, { width: 375, height: 700 });
      await page.getByLabel('Your name').fill('Bo');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('[data-choice="lyon"]').click();
      expect(await page.locator('[data-choice="lyon"]').getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: 'Next' }).click();
      // The wrong answer shows the conditional page.
      await page.getByLabel('Why Lyon?').waitFor();
      expect(await page.getByRole('progressbar').getAttribute('aria-valuemax')).toBe('4');
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await page.locator('[data-choice="lyon"]').getAttribute('aria-pressed')).toBe('true');
      await page.locator('[data-choice="paris"]').click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('[data-choice="five"]').click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Well done Bo! You scored 1.').waitFor();
      // Nothing overflows a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(problems).toEqual([]);
    });

    it("in the respondent's language, with a locked prefilled field; a closed form says so", async () => {
      const { page, problems } = await open(`code=${bilingual.code}&lang=de&prefill=e%3Dada%40example.com`);
      await page.getByRole('heading', { name: 'Rückmeldung', exact: true }).waitFor();
      expect(await page.getByLabel('E-Mail').inputValue()).toBe('ada@example.com');
      expect(await page.getByLabel('E-Mail').getAttribute('readonly')).not.toBeNull();
      await page.getByLabel('Kommentar').fill('Gut');
      await page.getByRole('button', { name: 'Absenden' }).click();
      await page.getByText('Vielen Dank!').waitFor();
      expect(problems).toEqual([]);

      const gone = await open('code=zzzzzzzzzzzzzzzz');
      await gone.page.getByRole('alert').waitFor();
      expect(await gone.page.getByRole('alert').textContent()).toContain('Form not found');
    });
  },
);
