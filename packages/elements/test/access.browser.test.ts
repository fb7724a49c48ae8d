import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FormSchema } from '@formloom/contract';
import { THEME_PRESETS } from '@formloom/contract';
import { build } from 'esbuild';
import {
  axeViolations,
  chromiumOrSkip,
  publishForm,
  TINY_PNG,
  usePages,
  useServed,
} from 'formloom/testing/served';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const executable = chromiumOrSkip();

/** One required question: enough to see the form open and a response stored. */
function meetupSchema(title: string): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title, language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [{ id: 'name', sectionId: 's', type: 'text', label: 'Your name', order: 0, required: true }],
  };
}

/**
 * A host page on another origin with `<formloom-form>` and the attributes of its query (the
 * element's code split into chunks, as an app's bundler splits it); its server passes /v1 through
 * to the Formloom server, headers and all.
 */
function hostPage(query: URLSearchParams): string {
  const attrs = ['code', 'lang', 'access-token']
    .filter((name) => query.has(name))
    .map((name) => ` ${name}="${query.get(name)!.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,">
<script>window.formloomErrors=[];document.addEventListener('formloom:error',(e)=>window.formloomErrors.push(e.detail));</script>
<script type="module" src="/elements/index.js"></script></head>
<body><main><h1>Host app</h1><formloom-form${attrs}></formloom-form></main></body></html>`;
}

describe.skipIf(executable === undefined)('<formloom-form> and a protected form, in Chromium', () => {
  const t = useServed();
  const pages = usePages(executable);
  let host: Server;
  let origin = '';
  let key = '';
  let page: Page;
  let problems: string[] = [];
  const files = new Map<string, string>();

  beforeAll(async () => {
    const out = await build({
      entryPoints: { index: fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
      bundle: true,
      write: false,
      format: 'esm',
      splitting: true,
      outdir: '/elements',
      platform: 'browser',
      minify: true,
      conditions: ['source', 'browser'],
      logLevel: 'silent',
    });
    for (const file of out.outputFiles) files.set(file.path, file.text);
    host = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://host');
      if (url.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(hostPage(url.searchParams));
        return;
      }
      const script = files.get(url.pathname);
      if (script !== undefined) {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(script);
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host') headers.set(name, value);
      const answer = await fetch(`${t.url}${req.url}`, {
        method: req.method ?? 'GET',
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : null,
      });
      const back: Record<string, string> = {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      };
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter !== null) back['retry-after'] = retryAfter;
      res.writeHead(answer.status, back);
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    ({ key } = await t.account());
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  async function protectedForm(title: string, access: Record<string, unknown>) {
    const form = await publishForm(t, key, meetupSchema(title));
    const put = await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: access });
    expect(put.status, put.text).toBe(200);
    return form;
  }

  async function open(query: Record<string, string>) {
    ({ page, problems } = await pages.open(`${origin}/?${new URLSearchParams(query)}`));
  }

  const stored = async (formId: string) =>
    (await t.request(`/v1/forms/${formId}/responses`, { key })).body.data.responses as {
      answers: Record<string, unknown>;
    }[];

  it('asks for the password under the form title, says a wrong one, opens by keyboard alone and stores the answer', async () => {
    const form = await protectedForm('Board meeting', { password: 'open sesame' });
    await open({ code: form.code });
    const element = page.locator('formloom-form');
    await expect(element.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Board meeting');
    const password = element.getByLabel('Password');
    await password.waitFor();
    expect(
      await element.getByText('This form is protected. Enter the password to open it.').isVisible(),
    ).toBe(true);
    // The form's questions are not there before it opens.
    expect(await element.getByLabel('Your name').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await password.fill('wrong guess');
    await password.press('Enter');
    const alert = element.getByRole('alert');
    await expect(alert.textContent()).resolves.toBe('That password is not right. Try again.');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard only: the input keeps the focus after a refusal; type and press Enter.
    await page.keyboard.type('open sesame');
    await page.keyboard.press('Enter');
    const name = element.getByLabel('Your name');
    await name.waitFor();
    expect(await element.getByLabel('Password').count()).toBe(0);
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await element.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect((await stored(form.id)).map((r) => r.answers)).toEqual([{ name: 'Ada' }]);

    // A reload in the same tab does not ask again: the token is kept for the tab.
    await page.reload();
    await element.getByLabel('Your name').waitFor();
    expect(await element.getByLabel('Password').count()).toBe(0);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });

  it('asks again above the form when a submission is refused for want of a token, and sends the answers kept', async () => {
    const form = await protectedForm('Changed', { password: 'open sesame' });
    const unlocked = await t.request(`/v1/public/forms/${form.code}/unlock`, {
      method: 'POST',
      json: { password: 'open sesame' },
    });
    await open({ code: form.code, 'access-token': unlocked.body.data.token });
    const element = page.locator('formloom-form');
    await element.getByLabel('Your name').fill('Lin');
    // A new password ends the token the host gave.
    await t.request(`/v1/forms/${form.id}/access`, { method: 'PUT', key, json: { password: 'new words' } });
    await element.getByRole('button', { name: 'Submit' }).click();
    const password = element.getByLabel('Password');
    await password.waitFor();
    // The prompt comes first, the form waits hidden under it with its answer.
    expect(await element.getByLabel('Your name').isVisible()).toBe(false);
    expect(await password.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await page.keyboard.type('new words');
    await page.keyboard.press('Enter');
    await element.getByLabel('Your name').waitFor();
    expect(await element.getByLabel('Password').count()).toBe(0);
    expect(await element.getByLabel('Your name').inputValue()).toBe('Lin');
    await element.getByRole('button', { name: 'Submit' }).click();
    await element.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect((await stored(form.id)).map((r) => r.answers)).toEqual([{ name: 'Lin' }]);
  });

  it('asks in the language of the lang attribute', async () => {
    const form = await protectedForm('Vorstand', { password: 'open sesame' });
    await open({ code: form.code, lang: 'de' });
    const element = page.locator('formloom-form');
    await element.getByLabel('Passwort').waitFor();
    expect(await element.getByRole('button').textContent()).toBe('Formular öffnen');
  });

  it('opens at once with a token the host passes in the access-token attribute', async () => {
    const form = await protectedForm('Host unlocked', { password: 'open sesame' });
    const unlocked = await t.request(`/v1/public/forms/${form.code}/unlock`, {
      method: 'POST',
      json: { password: 'open sesame' },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    await open({ code: form.code, 'access-token': unlocked.body.data.token });
    const element = page.locator('formloom-form');
    await element.getByLabel('Your name').fill('Grace');
    expect(await element.getByLabel('Password').count()).toBe(0);
    await element.getByRole('button', { name: 'Submit' }).click();
    await element.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect((await stored(form.id)).map((r) => r.answers)).toEqual([{ name: 'Grace' }]);
    expect(problems).toEqual([]);
  });

  it("says a form is not open yet with the form's own closed message", async () => {
    const form = await protectedForm('Later', {
      opensAt: new Date(Date.now() + 86_400_000).toISOString(),
      closedMessage: 'Opens on Monday at nine.',
    });
    await open({ code: form.code });
    const element = page.locator('formloom-form');
    await element.getByRole('heading', { name: 'This form is not open yet' }).waitFor();
    expect(await element.getByText('Opens on Monday at nine.').isVisible()).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { formloomErrors: unknown[] }).formloomErrors),
    ).toEqual([{ problem: 'closed' }]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows the theme's logo above the form's title, decorative and no larger than the form", async () => {
    const body = new FormData();
    body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${t.url}/v1/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body,
    });
    expect(uploaded.status).toBe(201);
    const logo = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const { id: _preset, ...ocean } = THEME_PRESETS.find((p) => p.id === 'ocean')!;
    const theme = await t.request('/v1/themes', {
      method: 'POST',
      key,
      json: { ...ocean, name: 'Logo', logo },
    });
    expect(theme.status, theme.text).toBe(201);
    const schema = meetupSchema('Branded');
    const form = await publishForm(t, key, {
      ...schema,
      settings: { ...schema.settings, themeId: theme.body.data.id },
    });
    await open({ code: form.code });
    const element = page.locator('formloom-form');
    await element.getByLabel('Your name').waitFor();
    // The served server names itself by its public address, which is not this machine's: its
    // images are fetched from it here.
    await page.context().route(/^https:\/\/f\.example\//, async (route) => {
      const res = await fetch(`${t.url}${new URL(route.request().url()).pathname}`);
      await route.fulfill({
        status: res.status,
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await res.arrayBuffer()),
      });
    });
    await page.reload();
    const img = element.locator('img.fl-logo');
    await img.waitFor();
    const shown = await img.evaluate((el: HTMLImageElement) => ({
      alt: el.getAttribute('alt'),
      loaded: el.complete && el.naturalWidth > 0,
      maxHeight: getComputedStyle(el).maxHeight,
      before: el.nextElementSibling?.tagName,
      src: el.src,
    }));
    expect(shown).toMatchObject({ alt: '', loaded: true, maxHeight: '64px', before: 'H1' });
    expect(shown.src).toContain(`/v1/public/images/${logo}`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
