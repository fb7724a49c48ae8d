import { join } from 'node:path';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, OWNER, PHONE, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const PURPOSE = 'Learn why customers cancel their subscription and what would have kept them';

type Page = OpenedPage['page'];

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, back = false): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the target never took the focus');
}

async function isFocused(target: ReturnType<Page['locator']>): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

describe.skipIf(executable === undefined)(
  'smart forms in the dashboard in Chromium: create, edit, publish, unpublish',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-smart-forms-');

    it('creates a smart form by keyboard, edits and keeps it, publishes and unpublishes soft and hard; a viewer finds the write controls disabled; accessible at 360 px', async () => {
      const { api, origin } = server();
      const opened = await pages.open('about:blank', PHONE);
      const { page } = opened;
      await signIn(opened, server());
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Smart forms' }).click();
      await page.getByRole('heading', { name: 'Smart forms', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'No smart forms yet' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);

      // Keyboard only from here to the created smart form.
      await tabTo(page, page.getByRole('button', { name: 'Create a smart form' }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'New smart form', level: 1 }).waitFor();
      const purpose = page.getByRole('textbox', { name: 'Purpose' });
      await tabTo(page, purpose);
      await page.keyboard.type('Too short'); // 9 characters: the server asks for 10
      await page.keyboard.press('Tab');
      await page.keyboard.type('Why customers leave');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Thank you for taking a few minutes.');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Customers who cancelled');
      await page.keyboard.press('Tab');
      expect(await isFocused(page.getByRole('textbox', { name: 'Questions' }))).toBe(true);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('6');
      const code = page.getByRole('textbox', { name: /^Language code/ });
      await tabTo(page, code);
      for (const language of ['en', 'de', 'tr']) {
        await page.keyboard.type(language);
        await page.keyboard.press('Enter');
      }
      const languages = page.getByRole('list', { name: 'Languages' });
      await expect.poll(() => languages.getByRole('listitem').allTextContents()).toHaveLength(3);
      // Reorder by buttons: back from the code input to "Move tr up" (its "down" is disabled).
      await tabTo(page, page.getByRole('button', { name: 'Move tr up' }), true);
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await languages.getByRole('listitem').allTextContents()).map((t) => t.slice(0, 2)))
        .toEqual(['en', 'tr', 'de']);
      await tabTo(page, page.getByRole('checkbox', { name: /^Private/ }));
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      const reference = page.getByRole('textbox', { name: 'Reference JSON' });
      expect(await isFocused(reference)).toBe(true);
      await page.keyboard.type('{"reason": ');
      const create = page.getByRole('button', { name: 'Create the smart form' });
      await tabTo(page, create);
      await page.keyboard.press('Enter');
      // Not JSON: said at the field, which takes the focus; nothing is sent.
      await page.getByRole('alert').filter({ hasText: 'This is not valid JSON' }).waitFor();
      expect(await reference.getAttribute('aria-invalid')).toBe('true');
      expect(await isFocused(reference)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('End');
      await page.keyboard.type('"", "wouldReturn": false}');
      await tabTo(page, create);
      await page.keyboard.press('Enter');
      // The server refuses the purpose: its message at the field, which takes the focus.
      await page.getByText('Some values are not accepted; see the fields marked.').waitFor();
      await expect.poll(() => purpose.getAttribute('aria-invalid')).toBe('true');
      expect(await isFocused(purpose)).toBe(true);
      const purposeError = await purpose.getAttribute('aria-describedby');
      expect(purposeError).toBeTruthy();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-smart-form-new-360.png'), fullPage: true });
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(PURPOSE);
      await tabTo(page, create);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Edit smart form', level: 1 }).waitFor();
      const id = page.url().split('/').pop()!;
      const created = await api.smartForms.retrieve(id);
      expect(created).toMatchObject({
        purpose: PURPOSE,
        title: 'Why customers leave',
        description: 'Thank you for taking a few minutes.',
        targetAudience: 'Customers who cancelled',
        maxQuestions: 6,
        languages: ['en', 'tr', 'de'],
        isPrivate: true,
        referenceJson: '{"reason": "", "wouldReturn": false}',
        status: 'draft',
      });

      // Edit: the number of questions and the privacy; saved, and kept after a reload.
      const questions = page.getByRole('textbox', { name: 'Questions' });
      await expect.poll(() => questions.inputValue()).toBe('6');
      await questions.fill('12');
      await page.getByRole('checkbox', { name: /^Private/ }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Edit smart form', level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Questions' }).inputValue()).toBe('12');
      expect(await page.getByRole('checkbox', { name: /^Private/ }).isChecked()).toBe(false);
      expect(await api.smartForms.retrieve(id)).toMatchObject({ maxQuestions: 12, isPrivate: false });
      expect(await page.getByRole('link', { name: 'Sessions and analytics' }).getAttribute('href')).toBe(
        `/app/smart-forms/${id}/sessions`,
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);

      // Publish: the link is shown and answers.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('Published: new interviews can start at the link.').waitFor();
      const { publicUrl, shareUrl } = await api.smartForms.retrieve(id);
      expect(publicUrl).toBe(`${origin}/s/${shareUrl}`);
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Public link' }).inputValue())
        .toBe(publicUrl);
      expect(await page.getByRole('link', { name: 'Open the interview page' }).getAttribute('href')).toBe(
        publicUrl,
      );
      expect((await fetch(publicUrl!)).status).toBe(200);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.screenshot({
        path: join(ARTIFACTS, 'dashboard-smart-form-published-360.png'),
        fullPage: true,
      });

      // Soft: a running interview goes on; confirmed in a dialog first.
      await api.public.startInterview(shareUrl!);
      await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
      const soft = page.getByRole('dialog', { name: 'Unpublish “Why customers leave”?' });
      await soft.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await soft.getByRole('button', { name: 'Unpublish', exact: true }).click();
      await page.getByText('Unpublished. Running interviews can finish.').waitFor();
      await page.getByText('Draft: not public. Publish it to get its link.').waitFor();
      expect((await api.smartForms.retrieve(id)).stats).toMatchObject({
        activeSessions: 1,
        abandonedSessions: 0,
      });
      expect((await fetch(publicUrl!)).status).toBe(404);

      // Hard: published again (same link), then unpublished, ending the running interview.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('button', { name: 'Unpublish and end interviews' }).click();
      const hard = page.getByRole('dialog', {
        name: 'Unpublish “Why customers leave” and end its interviews?',
      });
      await hard.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await hard.getByRole('button', { name: 'Unpublish and end interviews' }).click();
      await page.getByText('Unpublished. Running interviews were ended.').waitFor();
      const after = await api.smartForms.retrieve(id);
      expect(after.status).toBe('draft');
      expect(after.stats).toMatchObject({ activeSessions: 0, abandonedSessions: 1 });

      // The list finds it by a part of its title, and not by another.
      await page.getByRole('link', { name: 'Back to the smart forms' }).click();
      const search = page.getByRole('searchbox', { name: 'Search smart forms' });
      await api.smartForms.create({ purpose: 'A second interview about onboarding', title: 'Onboarding' });
      await search.fill('CUSTOMERS');
      const table = page.getByRole('table', { name: 'Smart forms' });
      await table.getByRole('link', { name: 'Why customers leave' }).waitFor();
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      await table.getByRole('row').nth(1).getByText('Draft').waitFor();
      await search.fill('nothing like it');
      await page.getByText('No smart form matches this search.').waitFor();
      await search.fill('');
      await expect.poll(() => table.getByRole('row').count()).toBe(3);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-smart-forms-360.png'), fullPage: true });
      // The sign-in page's check of who is signed in answers 401 before signing in; the refused
      // create answered 400.
      expect(opened.problems.filter((p) => !p.includes('401') && !p.includes('400'))).toEqual([]);

      // A viewer: invited by the owner, joins, and finds every write control disabled, with the reason.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
      const invite = page.getByRole('form', { name: 'Invite' });
      await invite.getByLabel('Email').fill('viewer@example.com');
      await invite.getByLabel('Role').selectOption('viewer');
      await invite.getByRole('button', { name: 'Invite' }).click();
      await page.getByText('Send this link to viewer@example.com').waitFor();
      const link = ((await page.locator('pre').textContent()) ?? '').trim();
      const invitee = await pages.open(link, PHONE);
      const guest = invitee.page;
      await guest.getByRole('heading', { name: 'Join Formloom' }).waitFor();
      await guest.getByRole('textbox', { name: 'Password', exact: true }).fill(OWNER.password);
      await guest.getByRole('button', { name: 'Join and sign in' }).click();
      await guest.getByText('viewer@example.com').first().waitFor();
      await guest
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Smart forms' })
        .click();
      await guest
        .getByRole('table', { name: 'Smart forms' })
        .getByRole('link', { name: 'Onboarding' })
        .waitFor();
      expect(await guest.getByRole('button', { name: 'Create a smart form' }).isDisabled()).toBe(true);
      await guest.getByText('Your role (viewer) may not change smart forms.').waitFor();
      expect(await axeViolations(guest)).toEqual([]);
      await guest.getByRole('link', { name: 'Why customers leave' }).click();
      await guest.getByRole('heading', { name: 'Edit smart form', level: 1 }).waitFor();
      for (const name of ['Publish', 'Delete', 'Save'])
        expect(await guest.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
      expect(await guest.getByRole('textbox', { name: 'Purpose' }).isDisabled()).toBe(true);
      expect(await axeViolations(guest)).toEqual([]);
      expect(await fitsWidth(invitee)).toBe(true);
      await guest.screenshot({
        path: join(ARTIFACTS, 'dashboard-smart-form-viewer-360.png'),
        fullPage: true,
      });
      expect(invitee.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);
  },
);
