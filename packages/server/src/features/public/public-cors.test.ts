import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrSkip, usePages } from '../../../test/browser/chromium.js';
import { publishForm } from '../../../test/support/page-fixtures.js';
import { describeEachDialect, type TestServer, useTestServer } from '../../../test/support/test-server.js';

const SHOP = 'https://shop.example';
const EVIL = 'https://evil.example';

function tinySchema(allowedOrigins?: string[]): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Tiny', language: 'en' },
    settings: { layout: 'single-column', ...(allowedOrigins ? { allowedOrigins } : {}) },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [{ id: 'name', type: 'text', label: 'Name', sectionId: 's', order: 0 }],
  } as FormSchema;
}

async function call(t: TestServer, path: string, init: RequestInit & { origin?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.origin !== undefined) headers.set('origin', init.origin);
  const res = await fetch(`${t.url}${path}`, { ...init, headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const submit = (t: TestServer, code: string, origin: string) =>
  call(t, `/v1/public/forms/${code}/responses`, {
    method: 'POST',
    origin,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { name: 'Ada' } }),
  });

const preflight = (t: TestServer, code: string, origin: string) =>
  call(t, `/v1/public/forms/${code}/responses`, {
    method: 'OPTIONS',
    origin,
    headers: {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,idempotency-key',
    },
  });

describeEachDialect('CORS on the public routes and settings.allowedOrigins', (t) => {
  let key = '';
  let open = { id: '', code: '' };
  let shopOnly = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account());
    open = await publishForm(t, key, tinySchema());
    shopOnly = await publishForm(t, key, tinySchema([SHOP, 'http://localhost:5173']));
  });

  async function responseCount(formId: string): Promise<number> {
    const res = await t.request(`/v1/forms/${formId}/responses`, { key });
    return res.body.data.total as number;
  }

  it('answers any origin for a form that names none: preflight, read and submit', async () => {
    const pre = await preflight(t, open.code, EVIL);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();

    const read = await call(t, `/v1/public/forms/${open.code}`, { origin: EVIL });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(read.headers.get('vary')).toMatch(/Origin/);

    const sent = await submit(t, open.code, EVIL);
    expect(sent.status).toBe(201);
    expect(sent.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(sent.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('answers only the named origins for a form with allowedOrigins, and refuses the others, readably', async () => {
    const before = await responseCount(shopOnly.id);
    expect((await preflight(t, shopOnly.code, SHOP)).headers.get('access-control-allow-origin')).toBe(SHOP);
    const fromShop = await submit(t, shopOnly.code, SHOP);
    expect(fromShop.status).toBe(201);
    expect(fromShop.headers.get('access-control-allow-origin')).toBe(SHOP);

    // The preflight passes, so that the request itself meets the refusal its page can read.
    const pre = await preflight(t, shopOnly.code, EVIL);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(EVIL);
    // Refused, with CORS headers (else the page's script sees only a network error); nothing stored.
    const fromEvil = await submit(t, shopOnly.code, EVIL);
    expect(fromEvil.status).toBe(403);
    expect(JSON.parse(fromEvil.text)).toMatchObject({ data: null, error: 'ORIGIN_NOT_ALLOWED' });
    expect(fromEvil.headers.get('access-control-allow-origin')).toBe(EVIL);
    // So is a read: the form is not shown there.
    const read = await call(t, `/v1/public/forms/${shopOnly.code}`, { origin: EVIL });
    expect(read.status).toBe(403);
    expect(JSON.parse(read.text).error).toBe('ORIGIN_NOT_ALLOWED');
    expect(read.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(await responseCount(shopOnly.id)).toBe(before + 1);
  });

  it("lets the server's own page submit to a restricted form", async () => {
    const own = await submit(t, shopOnly.code, new URL(t.url).origin);
    expect(own.status).toBe(201);
    const viaFetchMetadata = await call(t, `/v1/public/forms/${shopOnly.code}/responses`, {
      method: 'POST',
      origin: 'https://proxy.example',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ answers: { name: 'Grace' } }),
    });
    expect(viaFetchMetadata.status).toBe(201);
  });

  it('answers any origin for an unknown code (the 404 is the same for all) and for smart-form routes', async () => {
    const unknown = await call(t, '/v1/public/forms/nosuchcode123/responses', {
      method: 'POST',
      origin: EVIL,
      headers: { 'content-type': 'application/json' },
      body: '{"answers":{}}',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe(EVIL);
    const smart = await call(t, '/v1/public/smart-forms/nosuchcode123', { origin: EVIL });
    expect(smart.headers.get('access-control-allow-origin')).toBe(EVIL);
  });

  it('lets the named origins frame the page, and nobody else', async () => {
    const restricted = await call(t, `/f/${shopOnly.code}`);
    expect(restricted.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${SHOP} http://localhost:5173`,
    );
    expect(restricted.headers.get('x-frame-options')).toBeNull();
    const unrestricted = await call(t, `/f/${open.code}`);
    expect(unrestricted.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(unrestricted.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses an allowedOrigins entry that is not an origin as a browser sends it', async () => {
    for (const bad of [
      `${SHOP}/`,
      `${SHOP}/path`,
      'HTTPS://Shop.example',
      'javascript:alert(1)',
      'shop.example',
      '*',
    ]) {
      const res = await t.request('/v1/forms', {
        method: 'POST',
        key,
        json: { title: 'x', schema: tinySchema([bad]) },
      });
      expect(res.status, bad).toBe(400);
      expect(res.text).toContain('allowedOrigins');
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    const res = await t.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'x', schema: tinySchema(many) },
    });
    expect(res.status).toBe(400);
  });

  it('a settings PATCH sets allowedOrigins, checks them, and null or [] lets any origin in again', async () => {
    const form = await publishForm(t, key, tinySchema());
    const patch = (allowedOrigins: unknown) =>
      t.request(`/v1/forms/${form.id}`, { method: 'PATCH', key, json: { settings: { allowedOrigins } } });
    const read = async (origin: string) =>
      (await call(t, `/v1/public/forms/${form.code}`, { origin })).status;
    expect(await read(EVIL)).toBe(200);

    const set = await patch([SHOP]);
    expect(set.status).toBe(200);
    expect(set.body.data.settings).toMatchObject({ allowedOrigins: [SHOP], layout: 'single-column' });
    expect(await read(SHOP)).toBe(200);
    expect(await read(EVIL)).toBe(403);

    const bad = await patch([`${SHOP}/path`]);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('allowedOrigins');

    for (const none of [null, []]) {
      await patch([SHOP]);
      const cleared = await patch(none);
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.settings.allowedOrigins).toBeUndefined();
      expect(await read(EVIL)).toBe(200);
    }
  });
});

const executable = chromiumOrSkip();

describe.skipIf(executable === undefined)('allowedOrigins in Chromium, from a page on another origin', () => {
  const t = useTestServer('sqlite');
  const pages = usePages(executable);
  let host: Server;
  let hostOrigin = '';
  let allowed = { id: '', code: '' };
  let refused = { id: '', code: '' };

  beforeAll(async () => {
    host = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://host');
      const code = url.searchParams.get('code') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // The host page calls the API as an embed would (JSON and an Idempotency-Key: a preflight),
      // and frames the form's page.
      res.end(`<!doctype html><html lang="en"><title>Host</title><link rel="icon" href="data:,">
<main><p id="out">waiting</p><iframe id="frame" title="Form" src="${t.url}/f/${code}"></iframe></main>
<script>
fetch(${JSON.stringify(`${t.url}/v1/public/forms/`)} + ${JSON.stringify(code)} + '/responses', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
  body: JSON.stringify({ answers: { name: 'From the host' } }),
}).then((r) => r.json()).then((b) => {
  document.getElementById('out').textContent = b.error === null ? 'stored ' + b.data.id : 'refused ' + b.error;
}, () => { document.getElementById('out').textContent = 'blocked'; });
</script>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    const { key } = await t.account();
    allowed = await publishForm(t, key, tinySchema([hostOrigin]));
    refused = await publishForm(t, key, tinySchema([SHOP]));
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  it('a named origin submits and frames the page', async () => {
    const { page } = await pages.open(`${hostOrigin}/?code=${allowed.code}`);
    await expect.poll(() => page.locator('#out').textContent()).toMatch(/^stored /);
    const frame = page.frameLocator('#frame');
    await expect.poll(() => frame.getByLabel('Name').count()).toBe(1);
  });

  it('another origin can neither submit nor frame the page, and its script reads why', async () => {
    const { page, problems } = await pages.open(`${hostOrigin}/?code=${refused.code}`);
    await expect.poll(() => page.locator('#out').textContent()).toBe('refused ORIGIN_NOT_ALLOWED');
    // The frame stays empty: Chromium refused it under frame-ancestors.
    await expect.poll(() => problems.some((p) => /frame-ancestors/i.test(p))).toBe(true);
    expect(await page.frameLocator('#frame').getByLabel('Name').count()).toBe(0);
  });
});
