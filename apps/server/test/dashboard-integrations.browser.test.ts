import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Formloom } from '@formloom/sdk';
import {
  contactSchema,
  type DiscordStandIn,
  type SlackStandIn,
  startDiscordStandIn,
  startSlackStandIn,
} from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { freePort } from './dashboard-support.js';
import { printedKey, type Serve, startServe } from './support.js';

const executable = chromiumOrSkip();
const PHONE = { width: 360, height: 800 };
const AUTHORIZE = 'https://slack.example.test/oauth/v2/authorize';

describe.skipIf(executable === undefined)('the integrations page in Chromium, on formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-dash-integrations-'));
  const pages = usePages(executable);
  let serve: Serve;
  let slack: SlackStandIn;
  let discord: DiscordStandIn;
  let origin = '';

  beforeAll(async () => {
    await ensureBuilt('dashboard');
    slack = await startSlackStandIn();
    discord = await startDiscordStandIn();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    serve = await startServe(dataDir, {
      PORT: String(port),
      FORMLOOM_PUBLIC_URL: origin,
      FORMLOOM_ALLOW_PRIVATE_TARGETS: '1',
      FORMLOOM_DISCORD_WEBHOOK_BASES: discord.base,
      FORMLOOM_SLACK_CLIENT_ID: slack.clientId,
      FORMLOOM_SLACK_CLIENT_SECRET: slack.clientSecret,
      FORMLOOM_SLACK_API_BASE_URL: slack.apiBaseUrl,
      FORMLOOM_SLACK_AUTHORIZE_URL: AUTHORIZE,
    });
  }, 300_000);
  afterAll(async () => {
    serve?.child.kill('SIGTERM');
    await serve?.exited;
    await slack?.close();
    await discord?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('connects Discord against its stand-in and Slack through its install flow; events per connection; remove', async () => {
    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    const { page, problems } = await pages.open(line.slice(line.indexOf(origin)), PHONE);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.getByRole('heading', { name: 'No forms yet' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByText('No connections yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Discord: a URL that is not a webhook is refused at the field; the stand-in's is connected.
    const url = page.getByLabel('Webhook URL');
    await url.fill('https://example.com/not-a-webhook');
    await page.getByRole('button', { name: 'Connect Discord' }).click();
    await page.getByText('A Discord webhook URL starts with https://discord.com/api/webhooks/').waitFor();
    const webhook = discord.webhookUrl();
    await url.fill(webhook);
    await page.getByRole('button', { name: 'Connect Discord' }).click();
    const card = page.getByRole('region', { name: /^Discord: Discord webhook/ });
    await card.waitFor();
    await card.getByText('Connected').waitFor();
    expect(await url.inputValue()).toBe('');
    // The token is never shown back.
    expect(await page.content()).not.toContain(new URL(webhook).pathname.split('/').at(-1));

    // Choose "A form is published" too; publishing a form then posts to the stand-in.
    await card.getByLabel('A form is published').check();
    await card.getByRole('button', { name: 'Save events' }).click();
    await card.getByText('Events saved.').waitFor();
    const api = new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` });
    const form = await api.forms.create({ title: 'Announced', schema: contactSchema() });
    await api.forms.publish(form.id);
    await expect.poll(() => discord.posts.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(JSON.stringify(discord.posts[0]!.body.embeds)).toContain('Announced');
    expect(await axeViolations(page)).toEqual([]);

    // Slack: the page sends the browser to Slack's install page; Slack (here a route) sends it back with a code.
    await page.route(`${AUTHORIZE}**`, async (route) => {
      const asked = new URL(route.request().url());
      const back = new URL(asked.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', slack.issueCode({ channel: 'support', teamName: 'Acme' }));
      back.searchParams.set('state', asked.searchParams.get('state')!);
      await route.fulfill({ status: 302, headers: { location: back.href } });
    });
    await page.getByRole('button', { name: 'Add to Slack' }).click();
    await page.getByText('Slack is connected.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/integrations');
    await page.getByRole('region', { name: 'Slack: #support · Acme' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-integrations-360.png'), fullPage: true });

    // Remove the Discord connection, confirmed.
    await card.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove connection' });
    await dialog.getByRole('button', { name: 'Remove connection' }).click();
    await expect.poll(() => card.count()).toBe(0);
    const log = await api.auditLog.list({ targetType: 'integration' });
    expect(log.items.map((e) => e.action).sort()).toEqual([
      'integration.connected',
      'integration.connected',
      'integration.removed',
      'integration.updated',
    ]);
    // A bookmark of the old server-rendered page lands on this one.
    await page.goto(`${origin}/integrations`);
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/integrations');
    // The 401 is the signed-out check before setup, the 400 the refused webhook URL.
    expect(problems.filter((p) => !p.includes('401') && !p.includes('400'))).toEqual([]);
  }, 120_000);
});
