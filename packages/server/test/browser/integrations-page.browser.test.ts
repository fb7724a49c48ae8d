import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersService } from '../../src/features/users/index.js';
import { type DiscordStandIn, startDiscordStandIn } from '../support/chat-stand-ins.js';
import { describeEachDialect } from '../support/test-server.js';
import { chromiumOrSkip, launchChromium } from './chromium.js';

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('the /integrations page in Chromium', () => {
  let browser: Browser;
  let discord: DiscordStandIn;
  beforeAll(async () => {
    browser = await launchChromium(executable!);
    discord = await startDiscordStandIn();
  });
  afterAll(async () => {
    await browser?.close();
    await discord?.close();
  });

  describeEachDialect(
    'against a real server',
    (t) => {
      it('sign in, connect Discord, choose events, remove; no CSP violation or script error', async () => {
        const { accountId } = await t.account('PRO');
        const email = `b-${randomUUID().slice(0, 8)}@example.com`;
        await createUsersService(t.db).create({ account: accountId, email, password: 'browser password' });
        const context = await browser.newContext();
        const page: Page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
        page.on('pageerror', (e) => problems.push(e.message));
        try {
          await page.goto(`${t.url}/integrations`);
          await page.getByLabel('Email').fill(email);
          await page.getByLabel('Password').fill('wrong password here');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong email or password');
          await page.getByLabel('Email').fill(email);
          await page.getByLabel('Password').fill('browser password');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent())
            .toBe('Notifications');
          expect(await page.getByText('No connections yet.').isVisible()).toBe(true);

          await page.getByLabel('Webhook URL').fill('https://example.com/not-discord');
          await page.getByRole('button', { name: 'Connect Discord' }).click();
          await expect
            .poll(() => page.getByRole('alert').textContent())
            .toContain('discord.com/api/webhooks');

          const webhookUrl = discord.webhookUrl();
          await page.getByLabel('Webhook URL').fill(webhookUrl);
          await page.getByRole('button', { name: 'Connect Discord' }).click();
          await expect.poll(() => page.locator('li[data-connection]').count()).toBe(1);
          expect(await page.getByLabel('New response').isChecked()).toBe(true);
          expect(await page.content()).not.toContain(webhookUrl.split('/').at(-1)!);

          await page.getByLabel('New response').uncheck();
          await page.getByLabel('Form published').check();
          await page.getByRole('button', { name: 'Save events' }).click();
          await expect.poll(() => page.getByLabel('Form published').isChecked()).toBe(true);
          expect(await page.getByLabel('New response').isChecked()).toBe(false);
          const stored = await t.db
            .selectFrom('outbox_targets')
            .select('events')
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow();
          expect(JSON.parse(stored.events)).toEqual(['FORM_PUBLISHED']);

          await page.getByRole('button', { name: 'Remove' }).click();
          await expect.poll(() => page.getByText('No connections yet.').isVisible()).toBe(true);
          expect(
            await t.db
              .selectFrom('outbox_targets')
              .select('id')
              .where('account_id', '=', accountId)
              .execute(),
          ).toEqual([]);
          // The refused sign-in and URL answer 401 and 400, which Chromium reports; nothing else may appear.
          expect(
            problems.filter(
              (p) => !/^Failed to load resource: the server responded with a status of 40[01]/.test(p),
            ),
          ).toEqual([]);
        } finally {
          await context.close();
        }
      }, 60_000);
    },
    {
      publicUrl: 'http://127.0.0.1',
      allowPrivateTargets: true,
      appConfig: () => ({ discordWebhookBases: [discord.base] }),
    },
  );
});
