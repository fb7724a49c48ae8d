import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Formloom } from '@formloom/sdk';
import { axeViolations } from '@formloom/server/testing/axe';
import { ARTIFACTS, chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import { freePort } from './dashboard-support.js';
import { printedKey, type Serve, startServe } from './support.js';

const executable = chromiumOrSkip();
/** The forms list's JavaScript budget, gzipped (apps/dashboard/README.md "First load, measured"). */
const FORMS_LIST_JS_BUDGET = 250 * 1024;
const PHONE = { width: 360, height: 800 };

/**
 * What a page load fetched of the dashboard: its JS and CSS as they crossed the wire (the
 * encoded body: the server gzips them), and every asset's file name.
 */
function recordAssets(page: OpenedPage['page']) {
  const sizes = { js: 0, css: 0, files: [] as string[], notGzipped: [] as string[] };
  page.on('response', async (response) => {
    const url = response.url();
    const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
    if (kind === undefined || !url.includes('/app/assets/')) return;
    const file = url.slice(url.lastIndexOf('/') + 1);
    sizes.files.push(file);
    // Content-Length is what crossed the wire: the gzipped length when the server gzipped it.
    const sent = Number(await response.headerValue('content-length'));
    const gzipped = (await response.headerValue('content-encoding')) === 'gzip';
    if (!gzipped && sent >= 1024) sizes.notGzipped.push(file);
    sizes[kind] += sent;
  });
  return sizes;
}

describe.skipIf(executable === undefined)('the dashboard in Chromium, on formloom serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formloom-dashboard-'));
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

  it('first-run link -> owner -> forms list -> search -> sign out, accessible at 360 px; measured', async () => {
    const line = serve.lines.find((l) => l.startsWith('Set up the dashboard'))!;
    const link = line.slice(line.indexOf(origin));
    expect(link).toMatch(/\/app\/setup\?token=/);

    const { page, problems, response } = await pages.open(link, PHONE);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Set up Formloom' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('owner@example.com');
    // A password the server refuses: the page says why, not "Something went wrong".
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'must have at least 10 characters' }).waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Create owner and sign in' }).click();

    // Signed in: the empty state offers to create a form.
    await page.getByRole('heading', { name: 'No forms yet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Forms made through the API show up in the list.
    const api = new Formloom({ apiKey: printedKey(serve)!, baseUrl: `${origin}/v1` });
    for (const title of ['Customer feedback', 'Event signup', 'Bug report'])
      await api.forms.create({ title });
    const published = await api.forms.create({ title: 'Newsletter' });
    await api.forms.publish(published.id);
    await page.reload();
    const table = page.getByRole('table', { name: 'Forms' });
    await table.getByRole('cell', { name: 'Event signup' }).waitFor();
    // The header row and the four forms.
    await expect.poll(() => table.getByRole('row').count()).toBe(5);
    await table.getByText('Published').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Search, by keyboard.
    await page.getByLabel('Search forms').focus();
    await page.keyboard.type('event');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: 'Event signup' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-forms-360.png'), fullPage: true });

    // The language can be switched; the choice sticks.
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Formulare' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByLabel('Sprache').selectOption('en');

    // Sign out, by keyboard: /app shows sign-in, also after a reload.
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    await page.goto(`${origin}/app/`);
    await page.getByRole('heading', { name: 'Sign in to Formloom' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A wrong password says so, in an alert.
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('Wrong email or password.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The 400 is the short password refused at setup; the 401 the wrong one at sign-in.
    expect(problems.filter((p) => !p.includes('401') && !p.includes('400'))).toEqual([]);
  }, 90_000);

  it('measures: first load of the sign-in page and of the forms list (JS and CSS transferred gzipped, time to interactive), without the builder', async () => {
    const signIn = await pages.open('about:blank', PHONE);
    const signInSizes = recordAssets(signIn.page);
    const started = Date.now();
    await signIn.page.goto(`${origin}/app/`);
    await signIn.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const signInMs = Date.now() - started;
    await signIn.page.waitForLoadState('networkidle');
    const signInLoad = { ...signInSizes, files: [...signInSizes.files] };
    await signIn.page.getByLabel('Email').fill('owner@example.com');
    await signIn.page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
    await signIn.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn.page.getByRole('table', { name: 'Forms' }).waitFor();

    // The forms list, first load in a browser that is signed in (its cookie) but has no cache.
    const cookies = await signIn.page.context().cookies();
    const list = await pages.open('about:blank', PHONE);
    await list.page.context().addCookies(cookies);
    const listSizes = recordAssets(list.page);
    const listStarted = Date.now();
    await list.page.goto(`${origin}/app/`);
    await list.page.getByRole('table', { name: 'Forms' }).getByRole('cell', { name: 'Newsletter' }).waitFor();
    const listMs = Date.now() - listStarted;
    await list.page.waitForLoadState('networkidle');

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `dashboard first load: sign-in ${kb(signInLoad.js)} JS + ${kb(signInLoad.css)} CSS transferred, interactive in ${signInMs} ms; ` +
        `forms list ${kb(listSizes.js)} JS + ${kb(listSizes.css)} CSS transferred, interactive in ${listMs} ms`,
    );
    expect(listSizes.js).toBeGreaterThan(0);
    expect(listSizes.js).toBeLessThan(FORMS_LIST_JS_BUDGET);
    // Sent gzipped, and the builder (and its integrity check) only when it is opened.
    expect([...signInSizes.notGzipped, ...listSizes.notGzipped]).toEqual([]);
    expect(signInLoad.files.length).toBeGreaterThan(1);
    for (const file of [...signInLoad.files, ...listSizes.files]) {
      expect(file).not.toMatch(/^(builder-page|integrity|pattern-safety)-/);
    }
  }, 90_000);
});
