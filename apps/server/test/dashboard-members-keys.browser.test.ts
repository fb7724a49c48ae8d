import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import {
  fitsWidth,
  inviteAndJoin,
  PHONE,
  sessionApi,
  signIn,
  useDashboardServer,
} from './dashboard-support.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)(
  "a member's role, their removal and a key's rotation, through the dashboard",
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-dashboard-members-keys-');

    it('changes a role and removes a member (signed out at once); rotates a key with grace hours; axe on each dialog; the API agrees', async () => {
      const { origin } = server();
      const owner = await pages.open('about:blank', PHONE);
      const { page } = owner;
      await signIn(owner, server());
      const ownerApi = await sessionApi(owner, server());
      await inviteAndJoin(ownerApi, pages, { email: 'ada@example.com', role: 'viewer' });
      const bob = await inviteAndJoin(ownerApi, pages, { email: 'bob@example.com', role: 'editor' });
      const nav = page.getByRole('navigation', { name: 'Main' });

      // A role: Ada, a viewer, becomes an editor.
      await nav.getByRole('link', { name: 'Members' }).click();
      const table = page.getByRole('table', { name: 'Members' });
      await table.getByText('ada@example.com').waitFor();
      await page.getByLabel('Role of ada@example.com').selectOption('editor');
      const roleOf = async (email: string) =>
        (await ownerApi.members.list()).members.find((m) => m.email === email)?.role;
      await expect.poll(() => roleOf('ada@example.com')).toBe('editor');
      await expect.poll(() => page.getByLabel('Role of ada@example.com').inputValue()).toBe('editor');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(owner)).toBe(true);

      // Removal, confirmed in a dialog (Escape first cancels it); Bob is signed out at once.
      await page.getByRole('button', { name: 'Remove bob@example.com' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove bob@example.com?' });
      await confirm.getByText('They are signed out at once').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await roleOf('bob@example.com')).toBe('editor');
      await page.getByRole('button', { name: 'Remove bob@example.com' }).click();
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      await expect.poll(() => table.getByText('bob@example.com').count()).toBe(0);
      expect(await roleOf('bob@example.com')).toBeUndefined();
      const audit = await ownerApi.auditLog.list({ targetType: 'member' });
      expect(audit.items.map((e) => e.action)).toEqual(
        expect.arrayContaining(['member.role_changed', 'member.removed']),
      );
      // Bob's next step meets his ended session.
      await bob.page.getByRole('button', { name: 'Create a form' }).click();
      await bob.page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
      await bob.page.getByText('Your session has ended.', { exact: false }).waitFor();

      // A key rotated with 2 grace hours: the new key is shown once; the old one works until then.
      const made = await ownerApi.apiKeys.create({ name: 'Deploy key', scopes: ['FORMS_READ'] });
      const call = (key: string) =>
        fetch(`${origin}/v1/forms`, { headers: { authorization: `Bearer ${key}` } });
      await nav.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('table', { name: 'API keys' }).getByText('Deploy key').waitFor();
      await page.getByRole('button', { name: 'Rotate Deploy key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate Deploy key' });
      const hours = dialog.getByLabel('Hours the old key keeps working');
      await hours.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await hours.fill('2');
      const asked = Date.now();
      await dialog.getByRole('button', { name: 'Rotate', exact: true }).click();
      await dialog.getByText('shown only this once').waitFor();
      const fresh = ((await dialog.locator('pre').textContent()) ?? '').trim();
      expect(fresh).toMatch(/^formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(owner)).toBe(true);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await page.getByRole('table', { name: 'API keys' }).getByText('rotating').waitFor();

      const { keys } = await ownerApi.apiKeys.list();
      const old = keys.find((k) => k.id === made.id)!;
      expect(old.status).toBe('rotating');
      const grace = new Date(old.graceUntil!).getTime() - asked;
      expect(grace).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(grace).toBeLessThan(2 * 3600_000 + 60_000);
      expect(keys.find((k) => k.id === old.rotatedTo)?.status).toBe('active');
      expect((await call(made.key)).status).toBe(200);
      expect((await call(fresh)).status).toBe(200);
      // The one 401 is the signed-out check before setup.
      expect(owner.problems.filter((p) => !p.includes('401'))).toEqual([]);
    }, 180_000);
  },
);
