import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { fitsWidth, PHONE, screenshot, sessionApi, signIn, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)(
  'the access panel of a form’s share page, through the dashboard',
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-access-');

    it('sets, changes and removes the password, an opening time with its message, one response per link and an edit window; keyboard only, axe-clean at 360 px', async () => {
      const { origin } = server();
      // The opening time is typed in the member's time zone (the browser's) and stored as UTC.
      const opened = await pages.open('about:blank', PHONE, { timezoneId: 'Europe/Berlin' });
      const { page } = opened;
      await signIn(opened, server());
      const api = await sessionApi(opened, server());
      const made = await api.forms.create({ title: 'Members only', schema: contactSchema() });
      await api.forms.publish(made.id);

      await page.goto(`${origin}/app/forms/${made.id}/share`);
      const panel = page.getByRole('region', { name: 'Access' });
      await panel.getByText('No password: anyone with the link sees the form.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);

      // Too short: said at the field, nothing sent.
      const password = panel.getByLabel('Password', { exact: true });
      await password.focus();
      await page.keyboard.type('abc');
      await page.keyboard.press('Enter');
      await panel.getByText('A password has 4 to 200 characters.').waitFor();
      expect((await api.forms.access.get(made.id)).hasPassword).toBe(false);

      // Set from the keyboard: typed, then Enter.
      await password.fill('');
      await password.focus();
      await page.keyboard.type('open sesame');
      await page.keyboard.press('Enter');
      await panel.getByRole('status').getByText('The form now asks for its password.').waitFor();
      expect((await api.forms.access.get(made.id)).hasPassword).toBe(true);
      await panel
        .getByText('Protected by a password: respondents enter it before they see the form.')
        .waitFor();
      const code = (await api.forms.retrieve(made.id)).shareUrl!;
      const locked = await fetch(`${origin}/v1/public/forms/${code}`);
      expect(locked.status).toBe(401);
      const unlock = (password: string) =>
        fetch(`${origin}/v1/public/forms/${code}/unlock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password }),
        });
      expect((await unlock('open sesame')).status).toBe(200);
      expect(await axeViolations(page)).toEqual([]);

      // Changed: the old password no longer unlocks, the new one does.
      const next = panel.getByLabel('New password', { exact: true });
      await next.focus();
      await page.keyboard.type('second secret');
      await panel.getByRole('button', { name: 'Change the password' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await unlock('open sesame')).status).toBe(401);
      expect((await unlock('second secret')).status).toBe(200);

      // Removed: the form is open to anyone with its link again.
      await panel.getByRole('button', { name: 'Remove the password' }).focus();
      await page.keyboard.press('Enter');
      await panel.getByRole('status').getByText('The password is removed').waitFor();
      expect((await api.forms.access.get(made.id)).hasPassword).toBe(false);
      expect((await fetch(`${origin}/v1/public/forms/${code}`)).status).toBe(200);

      // The other rules, saved together.
      await panel.getByLabel('Opens at').fill('2030-01-02T09:30');
      await panel.getByLabel('Message before it opens').fill('Opens on 2 January.');
      await panel.getByLabel('One response per').selectOption('link');
      await panel.getByRole('checkbox', { name: 'Respondents may edit their response' }).focus();
      await page.keyboard.press('Space');
      const hours = panel.getByLabel('For how many hours after submitting');
      await hours.fill('48');
      await panel.getByRole('button', { name: 'Save access rules' }).focus();
      await page.keyboard.press('Enter');
      await panel.getByRole('status').getByText('Saved.').waitFor();
      expect(await api.forms.access.get(made.id)).toMatchObject({
        hasPassword: false,
        opensAt: '2030-01-02T08:30:00.000Z',
        closedMessage: 'Opens on 2 January.',
        oneResponse: 'link',
        allowEdit: { hours: 48 },
      });
      const early = await fetch(`${origin}/v1/public/forms/${code}`);
      expect(early.status).toBe(409);
      expect(((await early.json()) as { message: string }).message).toBe('Opens on 2 January.');

      // Read back on a fresh load, in the member's time zone.
      await page.reload();
      await expect.poll(() => panel.getByLabel('Opens at').inputValue()).toBe('2030-01-02T09:30');
      expect(await panel.getByLabel('For how many hours after submitting').inputValue()).toBe('48');

      // An edit window out of range is said at the field; clearing the rules opens the form again.
      await panel.getByLabel('For how many hours after submitting').fill('721');
      await panel.getByRole('button', { name: 'Save access rules' }).click();
      await panel.getByText('From 1 to 720 hours.', { exact: true }).first().waitFor();
      await panel.getByRole('checkbox', { name: 'Respondents may edit their response' }).uncheck();
      await panel.getByLabel('Opens at').fill('');
      await panel.getByLabel('One response per').selectOption('');
      await panel.getByRole('button', { name: 'Save access rules' }).click();
      await expect.poll(async () => (await api.forms.access.get(made.id)).opensAt).toBeNull();
      expect(await api.forms.access.get(made.id)).toMatchObject({ oneResponse: null, allowEdit: null });
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
    });

    it('is in German when the dashboard is, fine at 360 px', async () => {
      const opened = await pages.open('about:blank', PHONE);
      await signIn(opened, server());
      const { page } = opened;
      const api = await sessionApi(opened, server());
      const made = await api.forms.create({ title: 'Nur Mitglieder', schema: contactSchema() });
      await api.forms.publish(made.id);
      await api.forms.access.put(made.id, { password: 'open sesame', allowEdit: { hours: 24 } });
      await page.getByLabel('Language').selectOption('de');
      await page.goto(`${server().origin}/app/forms/${made.id}/share`);
      const panel = page.getByRole('region', { name: 'Zugang' });
      await panel.getByText('Mit Passwort geschützt', { exact: false }).waitFor();
      await panel.getByRole('button', { name: 'Passwort entfernen' }).waitFor();
      await panel.getByLabel('Wie viele Stunden nach dem Absenden').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(opened)).toBe(true);
      await screenshot(panel, 'dashboard-access-de-360.png');
    });
  },
);
