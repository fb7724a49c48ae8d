import { guestsSchema, publishForm, useTestServer } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { findChromium } from '@formloom/server/testing/browser';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, type SplitApp, startSplitApp, storedAnswers } from './support/app.js';
import type { ReactVersion } from './support/bundle.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe.skipIf(executable === undefined).each([18, 19] as ReactVersion[])(
  'a repeating section in @formloom/react %i, Chromium against a real server',
  (version) => {
    const t = useTestServer('sqlite');
    let app: SplitApp | undefined;
    let key = '';
    let single = { id: '', code: '' };
    let paged = { id: '', code: '' };

    beforeAll(async () => {
      app = await startSplitApp(version, t, executable!);
      ({ key } = await t.account());
      single = await publishForm(t, key, guestsSchema('single-column'));
      paged = await publishForm(t, key, guestsSchema());
    });
    afterAll(async () => {
      await app?.close();
    });

    const open = (code: string, width?: number) => app!.open(code, width);
    const list = (page: Page) => page.getByRole('group', { name: 'Guests', exact: true });
    const entry = (page: Page, n: number) => page.getByRole('group', { name: `Guests ${n}`, exact: true });
    const said = (page: Page) => list(page).locator('[aria-live="polite"]').textContent();
    const names = (page: Page) =>
      list(page)
        .getByRole('textbox', { name: 'Guest name' })
        .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));

    it('by mouse: min entries at start, add to max, remove the middle, move; focus and announcements follow; stored as the list', async () => {
      const { page, problems, chunks } = await open(single.code);
      await entry(page, 1).waitFor();
      expect(chunks).toContain('repeat');
      expect(await list(page).locator('fieldset.fl-entry').count()).toBe(1);
      const add = list(page).getByRole('button', { name: 'Add a guest' });
      expect(
        await list(page).getByRole('button', { name: 'Remove: Guests 1' }).getAttribute('aria-disabled'),
      ).toBe('true');
      await page.getByLabel('Your name').fill('Ann');
      await entry(page, 1).getByLabel('Guest name').fill('Ada');
      await entry(page, 1).getByLabel('Age').fill('40');
      // Texts recall the entry's own answers; the meal shows for an adult only.
      await entry(page, 1).getByRole('radiogroup', { name: 'Meal for Ada' }).getByLabel('Fish').click();
      expect(await entry(page, 1).locator('.fl-section-description').textContent()).toBe('Guest Ada');

      await add.click();
      await expect.poll(() => focused(entry(page, 2).getByLabel('Guest name'))).toBe(true);
      expect(await said(page)).toBe('Guests 2 added. Entries: 2 of 3.');
      await entry(page, 2).getByLabel('Guest name').fill('Bo');
      await entry(page, 2).getByLabel('Age').fill('7');
      expect(await entry(page, 2).getByRole('radiogroup').count()).toBe(0);
      await add.click();
      await entry(page, 3).getByLabel('Guest name').fill('Cy');
      await entry(page, 3).getByLabel('Age').fill('30');
      await entry(page, 3).getByRole('radiogroup', { name: 'Meal for Cy' }).getByLabel('Vegetarian').click();
      // At max, Add is off and says why; a click adds nothing.
      expect(await add.getAttribute('aria-disabled')).toBe('true');
      const why = (await add.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${why}"]`).textContent()).toBe(
        'At most 3 entries: remove one to add another.',
      );
      await add.click({ force: true });
      expect(await names(page)).toEqual(['Ada', 'Bo', 'Cy']);
      // Each entry's radios are a group of their own.
      expect(await entry(page, 1).getByLabel('Fish').isChecked()).toBe(true);

      await list(page).getByRole('button', { name: 'Remove: Guests 2' }).click();
      expect(await names(page)).toEqual(['Ada', 'Cy']);
      await expect.poll(() => focused(entry(page, 2).getByLabel('Guest name'))).toBe(true);
      expect(await said(page)).toBe('Guests 2 removed. Entries: 2 of 3.');
      expect(await add.getAttribute('aria-disabled')).toBeNull();

      await list(page).getByRole('button', { name: 'Move down: Guests 1' }).click();
      expect(await names(page)).toEqual(['Cy', 'Ada']);
      const down = list(page).getByRole('button', { name: 'Move down: Guests 2' });
      await expect.poll(() => focused(down)).toBe(true);
      expect(await down.getAttribute('aria-disabled')).toBe('true');
      expect(await said(page)).toBe('Guests 1 moved to place 2 of 2.');
      expect(
        await entry(page, 2).getByRole('radiogroup', { name: 'Meal for Ada' }).getByLabel('Fish').isChecked(),
      ).toBe(true);
      const guests = (await answers(page)).guests as Record<string, unknown>[];
      expect(guests.map((g) => [g.name, g.meal])).toEqual([
        ['Cy', 'veg'],
        ['Ada', 'fish'],
      ]);

      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you Ann: 2 guests booked.').waitFor();
      const stored = await storedAnswers<{ guests: Record<string, unknown>[] }>(t, key, single.id, page);
      expect(stored?.guests.map((g) => [g.name, Number(g.age), g.meal])).toEqual([
        ['Cy', 30, 'veg'],
        ['Ada', 40, 'fish'],
      ]);
      expect(problems).toEqual([]);
    }, 60_000);

    it('by keyboard: Add, Move up and Remove with Enter; focus goes to the new entry, the moved entry’s button, the entry now in place', async () => {
      const { page, problems } = await open(single.code);
      await entry(page, 1).waitFor();
      await page.getByLabel('Your name').focus();
      await page.keyboard.type('Ann');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Ada');
      await page.keyboard.press('Tab');
      await page.keyboard.type('40');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      // Move up, Move down and Remove of the first entry (off, yet reachable), then Add.
      for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add a guest');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(entry(page, 2).getByLabel('Guest name'))).toBe(true);
      await page.keyboard.type('Bo');

      const up = list(page).getByRole('button', { name: 'Move up: Guests 2' });
      await up.focus();
      await page.keyboard.press('Enter');
      expect(await names(page)).toEqual(['Bo', 'Ada']);
      // The same button on the moved entry, now first: off, and focused still.
      const moved = list(page).getByRole('button', { name: 'Move up: Guests 1' });
      await expect.poll(() => focused(moved)).toBe(true);
      expect(await moved.getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Enter');
      expect(await names(page)).toEqual(['Bo', 'Ada']);

      await list(page).getByRole('button', { name: 'Remove: Guests 1' }).focus();
      await page.keyboard.press('Enter');
      expect(await names(page)).toEqual(['Ada']);
      await expect.poll(() => focused(entry(page, 1).getByLabel('Guest name'))).toBe(true);
      expect(await said(page)).toBe('Guests 1 removed. Entries: 1 of 3.');
      await page.keyboard.press('Enter');
      await page.getByText('Thank you Ann: 1 guests booked.').waitFor();
      const stored = await storedAnswers<{ guests: Record<string, unknown>[] }>(t, key, single.id, page);
      expect(stored?.guests.map((g) => [g.name, Number(g.age), g.meal])).toEqual([['Ada', 40, 'fish']]);
      expect(problems).toEqual([]);
    }, 60_000);

    it("errors at each entry's fields, tied by aria-describedby, focus on the first; axe-clean at 360 px", async () => {
      const { page, problems } = await open(single.code, 360);
      await entry(page, 1).waitFor();
      await page.getByLabel('Your name').fill('Ann');
      await entry(page, 1).getByLabel('Guest name').fill('Ada');
      await list(page).getByRole('button', { name: 'Add a guest' }).click();
      await entry(page, 2).getByLabel('Age').fill('-1');
      await page.getByRole('button', { name: 'Submit' }).click();
      const name = entry(page, 2).getByLabel('Guest name');
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('This field is required.');
      const age = entry(page, 2).getByLabel('Age');
      expect(await age.getAttribute('aria-invalid')).toBe('true');
      expect(await entry(page, 1).getByLabel('Guest name').getAttribute('aria-invalid')).toBeNull();
      await expect.poll(() => focused(name)).toBe(true);
      // Ids differ per entry.
      expect(await entry(page, 1).getByLabel('Guest name').getAttribute('id')).not.toBe(
        await name.getAttribute('id'),
      );
      // The form, not the page: the host's printout of the answers does not wrap.
      expect(
        await page
          .locator('form')
          .evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 360),
      ).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      // Fixed, the entry's errors go.
      await name.fill('Bo');
      await age.fill('7');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you Ann: 2 guests booked.').waitFor();
      expect(problems).toEqual([]);
    }, 60_000);

    it('a custom field component inside entries gets the entry’s value and sets it', async () => {
      const { page, problems } = await open(`${single.code}&custom=1`);
      await entry(page, 1).waitFor();
      await entry(page, 1).getByLabel('Guest name').fill('Ada');
      await list(page).getByRole('button', { name: 'Add a guest' }).click();
      await entry(page, 2).getByLabel('Guest name').fill('Bo');
      expect(await list(page).locator('input[data-custom]').count()).toBe(2);
      expect(((await answers(page)).guests as { name: string }[]).map((g) => g.name)).toEqual(['Ada', 'Bo']);
      await list(page).getByRole('button', { name: 'Move up: Guests 2' }).click();
      expect(await names(page)).toEqual(['Bo', 'Ada']);
      await entry(page, 1).getByLabel('Guest name').fill('Bea');
      expect(((await answers(page)).guests as { name: string }[]).map((g) => g.name)).toEqual(['Bea', 'Ada']);
      expect(problems).toEqual([]);
    }, 60_000);

    it('in German, on its page: the entries, the buttons and the announcement', async () => {
      const { page, problems } = await open(`${paged.code}&lang=de`);
      await page.getByLabel('Ihr Name').fill('Ann');
      await page.getByRole('button', { name: 'Weiter' }).click();
      const gaeste = page.getByRole('group', { name: 'Gäste', exact: true });
      await page.getByRole('group', { name: 'Gäste 1', exact: true }).waitFor();
      await gaeste.getByRole('button', { name: 'Gast hinzufügen' }).click();
      expect(await gaeste.locator('[aria-live="polite"]').textContent()).toBe(
        'Gäste 2 hinzugefügt. Einträge: 2 von 3.',
      );
      expect(await gaeste.getByRole('button', { name: 'Entfernen: Gäste 2' }).count()).toBe(1);
      expect(await gaeste.getByRole('button', { name: 'Nach oben: Gäste 2' }).count()).toBe(1);
      expect(problems).toEqual([]);
    }, 60_000);
  },
);
