import { messagesFor } from '@formloom/contract/engine';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestsSchema, publishForm } from '../support/page-fixtures.js';
import { describeEachDialect } from '../support/test-server.js';
import { axeOfSame } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const en = messagesFor('en');

/**
 * docs/form-model.md "Repeating sections" on the server's own page: with its script (the element
 * takes the server's markup over and draws the entries itself) and without (every Add, Remove and
 * Move is a plain post of the form, and the page comes back with the entries changed).
 */
describe.skipIf(executable === undefined)('public form page in Chromium: repeating sections', () => {
  const pages = usePages(executable);
  let page: Page;
  let problems: string[] = [];
  const entry = (n: number) => page.getByRole('group', { name: `Guests ${n}`, exact: true });
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
  const said = () => page.locator('#fl-said-guests').textContent();

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';
      let single = { id: '', code: '' };
      let paged = { id: '', code: '' };
      const latest = async (formId: string) =>
        (await t.request(`/v1/forms/${formId}/responses?limit=1`, { key })).body.data.responses[0] as {
          answers: Record<string, unknown>;
        };

      beforeAll(async () => {
        ({ key } = await t.account());
        single = await publishForm(t, key, guestsSchema('single-column'));
        paged = await publishForm(t, key, guestsSchema('paged'));
      });

      it('with its script: adds, moves and removes entries, validates each, and submits them as a list', async () => {
        ({ page, problems } = await pages.open(`${t.url}/f/${single.code}`, { width: 360, height: 800 }));
        await entry(1).waitFor();
        // The script's entries: their buttons are its own (not posts).
        await page.locator('button[data-action="add:guests"]').waitFor();
        await page.getByLabel('Your name').fill('Ann');
        await entry(1).getByLabel('Guest name').fill('Bo');
        await entry(1).getByLabel('Age').fill('40');
        await entry(1).getByLabel('Fish').check();
        await page.getByRole('button', { name: 'Add a guest' }).click();
        await entry(2).waitFor();
        expect(await said()).toBe('Guests 2 added. Entries: 2 of 3.');
        await expect.poll(focused).toBe('guests[1].name');
        await page.keyboard.type('Cy');
        await entry(1).getByRole('button', { name: 'Move down: Guests 1' }).click();
        expect(await entry(1).getByLabel('Guest name').inputValue()).toBe('Cy');
        expect(await entry(2).getByLabel('Fish').isChecked()).toBe(true);
        // A variable over the entries, recalled on the thank-you card after the submission.
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Thank you Ann: 2 guests booked.').waitFor();
        const row = await latest(single.id);
        expect(row.answers).toMatchObject({
          host: 'Ann',
          guests: [{ name: 'Cy' }, { name: 'Bo', meal: 'fish' }],
        });
        expect(problems, problems.join('\n')).toEqual([]);
      });

      it('without JavaScript: every entry button is a plain post, Enter still means Next, errors name the entry', async () => {
        ({ page, problems } = await pages.open(
          `${t.url}/f/${paged.code}`,
          { width: 360, height: 800 },
          { javaScriptEnabled: false },
        ));
        await page.getByLabel('Your name').fill('Ann');
        await page.getByRole('button', { name: 'Next' }).click();
        await entry(1).waitFor();
        await entry(1).getByLabel('Guest name').fill('Bo');
        await entry(1).getByLabel('Age').fill('40');
        // Without a script a condition inside an entry shows after a post: Add posts too.
        await page.getByRole('button', { name: 'Add a guest' }).click();
        await entry(2).waitFor();
        expect(await said()).toBe('Guests 2 added. Entries: 2 of 3.');
        expect(await entry(1).getByLabel('Guest name').inputValue()).toBe('Bo');
        // The section's description in each entry, recalling that entry's name as posted.
        expect(await entry(1).locator('.fl-section-description').textContent()).toBe('Guest Bo');
        expect(await entry(2).locator('.fl-section-description').textContent()).toBe('Guest ');
        await entry(1).getByLabel('Fish').check();
        await entry(2).getByLabel('Guest name').fill('Cy');
        await entry(1).getByRole('button', { name: 'Move down: Guests 1' }).click();
        await entry(2).getByLabel('Fish').waitFor();
        expect(await entry(1).getByLabel('Guest name').inputValue()).toBe('Cy');
        expect(await entry(2).getByLabel('Fish').isChecked()).toBe(true);
        expect(await said()).toBe('Guests 1 moved to place 2 of 2.');
        await page.getByRole('button', { name: 'Add a guest' }).click();
        await entry(3).waitFor();
        expect(await page.getByText('At most 3 entries: remove one to add another.').isVisible()).toBe(true);
        await entry(3).getByRole('button', { name: 'Remove: Guests 3' }).click();
        await entry(2).waitFor();
        expect(await entry(3).count()).toBe(0);
        expect(await axeOfSame(page)).toEqual([]);

        // An empty name in the second entry: Enter in a field presses Next (not an entry's button),
        // and the page says which entry's field is wrong.
        await entry(2).getByLabel('Guest name').fill('');
        await entry(1).getByLabel('Guest name').press('Enter');
        const summary = page.locator('#fl-summary');
        await summary.waitFor();
        expect(await summary.getByRole('link').allTextContents()).toEqual(['Guests 2: Guest name']);
        expect(await page.locator('[id="fl-e-guests[1].name"]').textContent()).toBe(en.required);
        expect(await entry(2).getByLabel('Guest name').getAttribute('aria-invalid')).toBe('true');
        expect(await entry(2).count()).toBe(1);
        await entry(2).getByLabel('Guest name').fill('Di');
        await entry(2).getByLabel('Guest name').press('Enter');
        await page.getByRole('heading', { name: 'Anything else?' }).waitFor();
        // Back keeps the entries (another page's entries travel as hidden inputs).
        await page.getByRole('button', { name: 'Back' }).click();
        expect(await entry(2).getByLabel('Guest name').inputValue()).toBe('Di');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('A note for the host').fill('See you');
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Thank you Ann: 2 guests booked.').waitFor();
        const row = await latest(paged.id);
        expect(row.answers).toMatchObject({
          host: 'Ann',
          guests: [{ name: 'Cy' }, { name: 'Di', meal: 'fish' }],
          note: 'See you',
        });
        // The page with errors comes back as a 400, which the browser notes; nothing else.
        const others = problems.filter((p) => !p.includes('status of 400'));
        expect(others, others.join('\n')).toEqual([]);
      });
    },
    { publicRateLimit: false },
  );
});
