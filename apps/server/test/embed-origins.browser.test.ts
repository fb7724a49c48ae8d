import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/ensure-built.js';
import {
  allResponses,
  apiClient,
  BUILT_BIN,
  printedKey,
  publishedForm,
  type Serve,
  startServe,
} from './support.js';

const executable = chromiumOrSkip();

const SCHEMA = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Sign-up', language: 'en' },
  settings: { layout: 'single-column' },
  sections: [{ id: 's', title: '', order: 0 }],
  fields: [{ id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0, required: true }],
};

/** docs/embedding.md's two snippets, as the dashboard's share page gives them. */
const SNIPPETS = {
  classic: (api: string, code: string) =>
    `<script src="${api}/embed.js" data-formloom-code="${code}" async></script>`,
  module: (api: string, code: string) =>
    `<script type="module" src="${api}/embed.js"></script>\n<formloom-form code="${code}" api="${api}"></formloom-form>`,
} as const;
type Snippet = keyof typeof SNIPPETS;

/**
 * `/embed.js` of the built `formloom` (what users run), on pages of two other origins whose CSP has
 * neither 'unsafe-inline' nor 'unsafe-eval': 127.0.0.1, which the form names in
 * `settings.allowedOrigins`, and localhost, which it does not. A module script is fetched in CORS
 * mode, so it runs only if `/embed.js` allows any origin; the refused origin must be told so.
 */
describe.skipIf(executable === undefined)(
  'the embed snippets on other origins, against the built server',
  () => {
    const pages = usePages(executable);
    const hosts: Server[] = [];
    let dataDir = '';
    let serve: Serve | undefined;
    let api = '';
    let allowedOrigin = '';
    let refusedOrigin = '';
    let form = { id: '', code: '' };
    let client: ReturnType<typeof apiClient>;

    beforeAll(async () => {
      await ensureBuilt('formloom');
      dataDir = join(mkdtempSync(join(tmpdir(), 'formloom-embed-origins-')), '.formloom');
      serve = await startServe(dataDir, {}, [process.execPath, BUILT_BIN]);
      api = `http://127.0.0.1:${serve.port}`;
      client = apiClient(serve.port, printedKey(serve)!);
      form = await publishedForm(client, SCHEMA, 'Sign-up');
      const csp = `default-src 'none'; script-src ${api}; connect-src ${api}; base-uri 'none'`;
      const host = () =>
        createServer((req, res) => {
          const snippet = (req.url?.slice(1) ?? '') as Snippet;
          if (!(snippet in SNIPPETS)) {
            res.writeHead(404).end();
            return;
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
          res.end(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>' +
              `<body><main><h1>Host</h1>${SNIPPETS[snippet](api, form.code)}</main></body></html>`,
          );
        });
      for (let i = 0; i < 2; i++) {
        const server = host();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        hosts.push(server);
      }
      allowedOrigin = `http://127.0.0.1:${(hosts[0]!.address() as AddressInfo).port}`;
      refusedOrigin = `http://localhost:${(hosts[1]!.address() as AddressInfo).port}`;
      const patched = await client.call(`/v1/forms/${form.id}`, {
        method: 'PATCH',
        json: { settings: { allowedOrigins: [allowedOrigin] } },
      });
      expect(patched.status).toBe(200);
    }, 600_000);
    afterAll(async () => {
      for (const server of hosts) await new Promise((resolve) => server.close(resolve));
      if (serve) {
        serve.child.kill('SIGTERM');
        await serve.exited;
      }
      if (dataDir) rmSync(join(dataDir, '..'), { recursive: true, force: true });
    });

    /** The page at `url`, with the element's events recorded from before its first script. */
    async function openHost(url: string) {
      const opened = await pages.open('about:blank');
      await opened.page.addInitScript(() => {
        const events: unknown[] = [];
        (window as unknown as { formloomEvents: unknown[] }).formloomEvents = events;
        for (const name of ['formloom:ready', 'formloom:submit', 'formloom:error'])
          document.addEventListener(name, (e) => events.push({ name, detail: (e as CustomEvent).detail }));
      });
      await opened.page.goto(url);
      const events = () =>
        opened.page.evaluate(
          () => (window as unknown as { formloomEvents: { name: string }[] }).formloomEvents,
        );
      return { ...opened, events };
    }

    for (const snippet of ['classic', 'module'] as const) {
      it(`${snippet}: a named origin shows the form and submits it under a strict CSP`, async () => {
        const before = (await allResponses(client, form.id)).length;
        const { page, problems, events } = await openHost(`${allowedOrigin}/${snippet}`);
        await page.getByLabel('Name').fill(`Ada (${snippet})`);
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Thank you!').waitFor();
        expect(await allResponses(client, form.id)).toHaveLength(before + 1);
        expect((await events()).map((e) => e.name)).toEqual(['formloom:ready', 'formloom:submit']);
        // No CSP violation, no CORS refusal: Chromium reports both on the console.
        expect(problems, problems.join('\n')).toEqual([]);
      });

      it(`${snippet}: another origin is told the form does not allow it, not to check its connection`, async () => {
        const { page, problems, events } = await openHost(`${refusedOrigin}/${snippet}`);
        const alert = page.getByRole('alert');
        await alert.getByText("This form can't be shown here").waitFor();
        expect(await alert.textContent()).toContain('Its owner has not allowed it on this website.');
        expect(await alert.textContent()).not.toContain('connection');
        expect(await events()).toEqual([
          { name: 'formloom:error', detail: { problem: 'origin_not_allowed' } },
        ]);
        // The 403 itself is logged as a failed load; nothing else (no CORS or CSP refusal).
        expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
        expect(await page.getByLabel('Name').count()).toBe(0);
      });
    }

    it('the refusal is readable to the page: 403 ORIGIN_NOT_ALLOWED with CORS headers', async () => {
      const { page } = await openHost(`${refusedOrigin}/classic`);
      const answer = await page.evaluate(async (url) => {
        const res = await fetch(url);
        return { status: res.status, body: await res.json() };
      }, `${api}/v1/public/forms/${form.code}`);
      expect(answer).toEqual({
        status: 403,
        body: {
          message: `This form does not take requests from ${refusedOrigin}`,
          data: null,
          error: 'ORIGIN_NOT_ALLOWED',
        },
      });
    });
  },
);
