import { readFileSync } from 'node:fs';
import type { FormSchema } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, openBuilder, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

type Page = OpenedPage['page'];

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Plan survey', language: 'en' },
  sections: [{ id: 's1', title: '', order: 0 }],
  fields: [
    { id: 'name', sectionId: 's1', type: 'text', label: 'Name', order: 0 },
    { id: 'email', sectionId: 's1', type: 'email', label: 'Email', order: 1 },
    {
      id: 'plan',
      sectionId: 's1',
      type: 'radio',
      label: 'Plan',
      order: 2,
      options: [
        { label: 'Free', value: 'free', score: 1 },
        { label: 'Team', value: 'team', score: 5 },
      ],
    },
    { id: 'seats', sectionId: 's1', type: 'number', label: 'Seats', order: 3 },
    { id: 'note', sectionId: 's1', type: 'textarea', label: 'Anything else?', order: 4 },
  ],
  variables: [
    { id: 'score', type: 'number', expression: { score: 'plan' } },
    { id: 'who', type: 'text', expression: { var: 'name' } },
  ],
};

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return 'the page';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  });

/** The bytes of the file a click on `button` downloads. */
async function downloaded(page: Page, button: ReturnType<Page['getByRole']>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await button.click();
  return readFileSync((await (await download).path())!);
}

/** What was found by hand in the dashboard, each as a person meets it. */
describe.skipIf(executable === undefined)(
  'the dashboard as found by hand',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-by-hand-');

    it('the responses table has every question, the score and the variables, at 360 px; a CSV opens in Excel as UTF-8 (BOM), JSON is untouched', async () => {
      const { api, origin } = server();
      const form = await api.forms.create({ title: 'Plan survey', schema });
      const { shareUrl: code } = await api.forms.publish(form.id);
      const res = await fetch(`${origin}/v1/public/forms/${code}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          answers: { name: 'jörg', email: 'jorg@example.com', plan: 'team', seats: 12, note: 'Grüße' },
        }),
      });
      expect(res.status).toBe(201);

      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.goto(`${origin}/app/forms/${form.id}/responses`);
      const table = page.getByRole('table', { name: 'Responses' });
      await table.getByRole('cell', { name: 'Grüße', exact: true }).waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'Submitted',
        'Name',
        'Email',
        'Plan',
        'Seats',
        'Anything else?',
        'score',
        'who',
      ]);
      const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
      expect(cells.slice(1)).toEqual(['jörg', 'jorg@example.com', 'Team', '12', 'Grüße', '5', 'jörg']);
      // The table scrolls sideways in its own region; the page does not.
      expect(await fitsWidth(opened)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      const csv = await downloaded(page, page.getByRole('button', { name: 'Export CSV' }));
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.subarray(3).toString('utf8')).toContain('jörg');
      const json = await downloaded(page, page.getByRole('button', { name: 'Export JSON' }));
      expect(json.subarray(0, 1).toString()).toBe('[');
      expect(JSON.parse(json.toString('utf8'))[0].answers.name).toBe('jörg');
      const xlsx = await downloaded(page, page.getByRole('button', { name: 'Export XLSX' }));
      expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    });

    it('the keyboard meets a skip link first (in each language) and a 2 px focus outline on every control', async () => {
      await server().api.forms.create({ title: 'One form, so the list has its search box', schema });
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      // Keyboard only: the pointer, left where Sign in was, would hover a button of the forms page.
      await page.mouse.move(0, PHONE.height - 1);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      // Hidden again once the focus moves on.
      expect((await skip.boundingBox())!.y).toBeLessThan(0);

      // WCAG 2.2 focus appearance: a solid outline at least 2 px wide, 3:1 against white at least.
      const ring = (target: ReturnType<Page['getByRole']>) =>
        target.evaluate((el) => {
          const style = getComputedStyle(el);
          const [r, g, b] = (style.outlineColor.match(/\d+/g) ?? []).map(Number);
          const lum = (c: number) => {
            const s = c / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          };
          const l = 0.2126 * lum(r!) + 0.7152 * lum(g!) + 0.0722 * lum(b!);
          return {
            width: Number.parseFloat(style.outlineWidth),
            style: style.outlineStyle,
            contrast: 1.05 / (l + 0.05),
          };
        });
      for (const target of [
        page.getByRole('combobox', { name: 'Language' }),
        page.getByRole('button', { name: 'Sign out' }),
        page.getByRole('link', { name: 'Smart forms' }),
        page.getByLabel('Search forms'),
        page.getByRole('button', { name: 'Create a form' }),
      ]) {
        for (let i = 0; i < 30 && !(await target.evaluate((el) => el === document.activeElement)); i++)
          await page.keyboard.press('Tab');
        const seen = await ring(target);
        expect(seen.style).toBe('solid');
        expect(seen.width).toBeGreaterThanOrEqual(2);
        expect(seen.contrast).toBeGreaterThanOrEqual(3);
      }

      const names: Record<string, string> = {
        de: 'Zum Inhalt springen',
        es: 'Saltar al contenido',
        it: 'Vai al contenuto',
        nl: 'Naar de inhoud',
        tr: 'İçeriğe geç',
      };
      for (const [language, name] of Object.entries(names)) {
        await page.locator('header select').selectOption(language);
        await page.getByRole('link', { name }).waitFor({ state: 'attached' });
      }
      await page.locator('header select').selectOption('en');
    });

    it('in the builder, a new option’s label takes the focus, and Undo keeps it', async () => {
      const opened = await pages.open('about:blank');
      const { page } = opened;
      await openBuilder(opened, server(), { ...schema, meta: { title: 'Options', language: 'en' } });
      await page.getByRole('button', { name: 'Edit Plan' }).click();
      await page.getByRole('button', { name: 'Add an option' }).click();
      const third = page.getByRole('textbox', { name: 'Option 3 label' });
      await expect.poll(() => third.evaluate((el) => el === document.activeElement)).toBe(true);
      // Typed over at once: the new option's placeholder label is selected.
      await page.keyboard.type('Enterprise');
      expect(await third.inputValue()).toBe('Enterprise');

      // Undo by keyboard until nothing is left to undo (the label typed, the option added).
      const undo = page.getByRole('button', { name: 'Undo', exact: true });
      await undo.focus();
      for (let i = 0; i < 5 && (await undo.getAttribute('aria-disabled')) !== 'true'; i++) {
        await page.keyboard.press('Enter');
        await page.waitForTimeout(100);
      }
      await expect.poll(() => third.count()).toBe(0);
      // The last step undone: Undo says it has nothing more (aria-disabled) and keeps the focus.
      expect(await undo.getAttribute('aria-disabled')).toBe('true');
      expect(await focused(page)).toBe('button Undo');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button Redo');
      await page.keyboard.press('Enter');
      await third.waitFor();
      expect(await focused(page)).toBe('button Redo');
      await page.mouse.move(0, 0);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('after Publish the focus stays on the button (a form’s and a smart form’s); a smart form needs a title, never shows its purpose', async () => {
      const { api, origin } = server();
      const form = await api.forms.create({ title: 'To publish', schema });
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.goto(`${origin}/app/forms/${form.id}/share`);
      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await publish.focus();
      await page.keyboard.press('Enter');
      const unpublish = page.getByRole('button', { name: 'Unpublish', exact: true });
      await unpublish.waitFor();
      await expect.poll(() => focused(page)).toBe('button Unpublish');

      const smart = await api.smartForms.create({
        title: 'Why people leave',
        purpose: 'Internal: find out which price rise made customers cancel, for the board.',
      });
      await page.goto(`${origin}/app/smart-forms/${smart.id}`);
      const publishing = page.getByRole('region', { name: 'Publishing' });
      await publishing.getByRole('button', { name: 'Publish', exact: true }).focus();
      await page.keyboard.press('Enter');
      await publishing.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();
      await expect.poll(() => focused(page)).toBe('button Unpublish');
      expect(await axeViolations(page)).toEqual([]);

      // The public interview page: the title as heading; the purpose nowhere.
      const { publicUrl } = await api.smartForms.retrieve(smart.id);
      await page.goto(publicUrl!);
      await page.getByRole('heading', { name: 'Why people leave', level: 1 }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain('price rise');

      // Made in the dashboard without a title, the server took the purpose's first sentence as the
      // public heading: the editor now asks for a title and sends nothing until it has one.
      await page.goto(`${origin}/app/smart-forms/new`);
      await page
        .getByRole('textbox', { name: 'Purpose' })
        .fill('Internal: which price rise made them cancel.');
      await page.getByRole('button', { name: 'Create the smart form' }).click();
      const title = page.getByRole('textbox', { name: 'Title' });
      await page.getByRole('alert').filter({ hasText: 'Give the smart form a title' }).waitFor();
      expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await title.getAttribute('aria-invalid')).toBe('true');
      expect((await api.smartForms.list()).items).toHaveLength(1);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('with reduced motion asked for, a dialog is drawn at once, with nothing left moving', async () => {
      const { origin } = server();
      const opened = await pages.open('about:blank');
      const { page } = opened;
      await signIn(opened, server());
      await page.goto(`${origin}/app/api-keys`);
      await page.getByRole('button', { name: 'Create key' }).waitFor();
      // Opened from inside the page, then watched frame by frame: Mantine's fade starts two frames
      // after the click, so ten frames see it if there is one.
      const moving = await page.evaluate(async () => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Create key',
        )!;
        button.click();
        let most = 0;
        for (let i = 0; i < 10; i++) {
          await new Promise((next) => requestAnimationFrame(next));
          const running = document
            .getAnimations()
            .filter(
              (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
            );
          most = Math.max(most, running.length);
        }
        return most;
      });
      expect(moving).toBe(0);
      await page.getByRole('dialog').waitFor();
    });
  },
  180_000,
);
