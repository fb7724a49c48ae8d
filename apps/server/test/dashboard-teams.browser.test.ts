import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { freePort } from './dashboard-support.js';
import { type Serve, startServe } from './support.js';

const executable = chromiumOrSkip();
const PHONE = { width: 360, height: 800 };
const PASSWORD = 'a long enough password';

describe.skipIf(executable === undefined)(
  'API keys, members and the audit log in Chromium, as an owner and a viewer',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formloom-teams-'));
    const pages = usePages(executable);
    let serve: Serve;
    let origin = '';

    beforeAll(async () => {
      await ensureBuilt('dashboard');
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      serve = await startServe(dataDir, { PORT: String(port), FORMLOOM_PUBLIC_URL: origin });
    }, 300_000);
    afterAll(async () => {
      serve?.child.kill('SIGTERM');
      await serve?.exited;
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('an owner makes and revokes a key, invites a viewer who joins by the link; the audit log shows it', async () => {
      const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
      const { page, problems } = await pages.open(line.slice(line.indexOf(origin)));
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create owner and sign in' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'API keys' }).click();

      // API keys: create one with a scope, shown once; it works; revoked, it is refused.
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('From the UI');
      await dialog.getByRole('checkbox', { name: 'FORMS_READ', exact: true }).check();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await dialog.getByText('shown only this once').waitFor();
      const key = ((await dialog.locator('pre').textContent()) ?? '').trim();
      expect(key).toMatch(/^formloom_[0-9a-f]{12}\.[0-9a-f]{64}$/);
      expect(await axeViolations(page)).toEqual([]);
      const call = () => fetch(`${origin}/v1/forms`, { headers: { authorization: `Bearer ${key}` } });
      expect((await call()).status).toBe(200);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await page.getByRole('button', { name: 'Revoke From the UI' }).click();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
      await page.getByRole('table', { name: 'API keys' }).getByText('revoked').first().waitFor();
      expect((await call()).status).toBe(401);

      // Members: invite a viewer; the link is shown to copy.
      await nav.getByRole('link', { name: 'Members' }).click();
      await page.getByRole('heading', { name: 'Members' }).waitFor();
      const form = page.getByRole('form', { name: 'Invite' });
      await form.getByLabel('Email').fill('viewer@example.com');
      await form.getByLabel('Role').selectOption('viewer');
      await form.getByRole('button', { name: 'Invite' }).click();
      await page.getByText('Send this link to viewer@example.com').waitFor();
      const link = ((await page.locator('pre').textContent()) ?? '').trim();
      expect(link).toMatch(new RegExp(`^${origin}/app/invite\\?token=`));
      await page
        .getByRole('table', { name: 'Pending invitations' })
        .getByText('viewer@example.com')
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // The audit log lists the invitation and the key's changes.
      await nav.getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      const log = page.getByRole('table', { name: 'Audit log' });
      await log.getByRole('cell', { name: 'member.invited' }).waitFor();
      await log.getByRole('cell', { name: 'key.revoked' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Action').selectOption('member.invited');
      await expect.poll(() => log.getByRole('row').count()).toBe(2);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const saved = await (await download).path();
      const csv = readFileSync(saved, 'utf8').trim().split('\n');
      expect(csv[0]).toContain('at,action');
      expect(csv.slice(1).every((l) => l.includes('member.invited'))).toBe(true);

      // Who: the owner made every change; the key, which only read, made none.
      await page.getByLabel('Action').selectOption('');
      await page.getByLabel('Who').selectOption({ label: 'owner@example.com' });
      await log.getByRole('cell', { name: 'key.revoked' }).waitFor();
      await log.getByRole('cell', { name: 'member.invited' }).waitFor();
      const keyOption = page.getByLabel('Who').locator('option', { hasText: 'From the UI (formloom_' });
      await page.getByLabel('Who').selectOption({ label: (await keyOption.textContent())!.trim() });
      await page.getByText('No entries match.').waitFor();
      await page.getByLabel('Who').selectOption({ label: 'Anyone' });
      // A target: only the changes to the revoked key, its creation and its revocation.
      const revoked = log.getByRole('row').filter({ hasText: 'key.revoked' });
      await revoked.getByRole('button', { name: /^Only changes to api_key / }).click();
      await page.getByText(/^Showing only changes to api_key /).waitFor();
      await expect.poll(() => log.getByRole('row').count()).toBe(3);
      const actions = await log
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((r) => r.children[1]?.textContent));
      expect(actions.sort()).toEqual(['key.created', 'key.revoked']);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Show all targets' }).click();
      await log.getByRole('cell', { name: 'member.invited' }).waitFor();
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);

      // The invitee, in a browser of their own, at 360 px: sets a password and lands signed in as viewer.
      const invitee = await pages.open(link, PHONE);
      const guest = invitee.page;
      await guest.getByRole('heading', { name: 'Join Formloom' }).waitFor();
      expect(await axeViolations(guest)).toEqual([]);
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await guest.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await guest.getByRole('button', { name: 'Join and sign in' }).click();
      await guest.getByText('viewer@example.com').first().waitFor();
      await guest.getByRole('heading', { name: 'No forms yet' }).waitFor();
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await guest.screenshot({ path: join(ARTIFACTS, 'dashboard-viewer-360.png'), fullPage: true });
      expect(await guest.getByRole('button', { name: 'Create a form' }).isDisabled()).toBe(true);
      for (const name of ['API keys', 'Members', 'Audit log'])
        expect(await guest.getByRole('link', { name }).count()).toBe(0);
      expect(await axeViolations(guest)).toEqual([]);
      const refused = await guest.evaluate(async () => {
        const res = await fetch('/v1/forms', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Not allowed' }),
        });
        return res.status;
      });
      expect(refused).toBe(403);
      // Opened by hand, a page the role may not see says so.
      await guest.goto(`${origin}/app/api-keys`);
      await guest.getByText('Your role (viewer) may not open this page.').waitFor();
      expect(invitee.problems.filter((p) => !p.includes('401') && !p.includes('403'))).toEqual([]);
    }, 120_000);
  },
);
