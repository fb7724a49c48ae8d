import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Formloom } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { freePort } from './dashboard-support.js';
import { cliIn, printedKey, type Serve, startServe } from './support.js';

const executable = chromiumOrSkip();
const PHONE = { width: 360, height: 800 };

describe.skipIf(executable === undefined)('the usage page in Chromium, on formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-dash-usage-'));
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

  it("shows this month's requests against the quota, the plan's limits, the credit balance and its ledger", async () => {
    const api = new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` });
    const me = await api.me.retrieve();
    // Credits granted by the operator, as the ledger's first entries.
    const { cli } = cliIn(dataDir);
    expect(
      (await cli('credits', 'grant', '--account', me.account.id, '--amount', '25', '--reason', 'welcome'))
        .code,
    ).toBe(0);
    expect((await cli('credits', 'grant', '--account', me.account.id, '--amount', '1200')).code).toBe(0);
    for (let i = 0; i < 3; i++) await api.forms.list();

    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    const { page, problems } = await pages.open(line.slice(line.indexOf(origin)), PHONE);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.getByRole('heading', { name: 'No forms yet' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();

    // What the page says is what the API says, read after the page (the page's own call counts too).
    await page.getByText(`Plan: ${me.plan}`).waitFor();
    const after = await api.me.retrieve();
    const shown = await page.getByText(/ of [\d,]+ requests$/).textContent();
    const [used, quota] = shown!.split(' of ').map((n) => Number.parseInt(n.replaceAll(',', ''), 10));
    expect(quota).toBe(after.limits.monthlyQuota);
    // The key's calls (a retrieve, three lists) and the page's own are counted; not the later retrieve.
    expect(used).toBeGreaterThanOrEqual(5);
    expect(used).toBeLessThan(after.usage.requests);
    const bar = page.getByRole('progressbar', { name: 'Requests this month' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeCloseTo((used! / quota!) * 100, 5);
    const limits = page.getByRole('table', { name: 'Limits of the plan' });
    await limits
      .getByRole('row', {
        name: `Requests per minute ${after.limits.requestsPerMinute.toLocaleString('en')}`,
      })
      .waitFor();

    // The balance, and the ledger newest first: the two grants on top of whatever the account began with.
    expect(after.credits.balance).toBeGreaterThanOrEqual(1225);
    await page.getByText(`Balance: ${after.credits.balance.toLocaleString('en')} credits`).waitFor();
    const entries = (await api.me.credits()).items;
    const ledger = page.getByRole('table', { name: 'Credit ledger' });
    const rows = ledger.getByRole('row');
    await expect.poll(() => rows.count()).toBe(entries.length + 1);
    expect(await rows.nth(1).textContent()).toContain(
      `Granted+1,200${after.credits.balance.toLocaleString('en')}`,
    );
    expect(await rows.nth(2).textContent()).toMatch(/Granted\+25[\d,]+welcome$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // In German, numbers and texts follow.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Nutzung', level: 1 }).waitFor();
    await page.getByText(`Stand: ${after.credits.balance.toLocaleString('de')} Credits`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  }, 120_000);
});
