/**
 * The element's timing (docs/embedding.md "Sizes"): a 50-field form in Chromium, from `<formloom-form>`'s
 * `connectedCallback` to an interactive form (its `formloom:ready`: the form fetched, drawn, listeners on,
 * buttons enabled), beside the server-rendered page's time to interactive (its script has run and enabled the
 * submit button). Median of BENCH_RUNS (default 15) runs each, every run in a fresh browser context (nothing
 * cached).
 *
 * The element's clock starts when the element is put in the page, after `/embed.js` has loaded
 * (a host page loads it once); the page's starts at navigation, so it includes the HTML, the
 * stylesheet and the script. The page is also shown from its first byte (`responseStart`).
 *
 * Run: node --conditions=source --import tsx packages/server/bench/element-timing.bench.ts
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Field, FormSchema } from '@formloom/contract';
import { createApp } from '../src/app.js';
import { ensureDefaultAccount } from '../src/bootstrap.js';
import { createDb } from '../src/db/create-db.js';
import { createLogger } from '../src/logger.js';
import { listen } from '../src/server.js';
import { createServices } from '../src/services.js';
import { findChromium, launchChromium } from '../test/browser/chromium.js';
import { callJson, expectStatus, fmt, median } from './bench-utils.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const FIELDS = 50;

/** 50 fields of every kind a page shows, in five sections; every tenth one shown by a condition. */
function fiftyFieldSchema(): FormSchema {
  const kinds = ['text', 'email', 'number', 'select', 'radio', 'checkbox', 'textarea', 'date'] as const;
  const options = ['a', 'b', 'c', 'd'].map((v) => ({ value: v, label: `Option ${v.toUpperCase()}` }));
  const fields: Field[] = [];
  for (let i = 0; i < FIELDS; i++) {
    const type = kinds[i % kinds.length]!;
    const field: Field = {
      id: `f${i}`,
      sectionId: `s${Math.floor(i / 10)}`,
      type,
      label: `Question ${i + 1}`,
      order: i,
      required: i % 3 === 0,
      ...(type === 'select' || type === 'radio' || type === 'checkbox' ? { options } : {}),
      ...(i % 10 === 9
        ? {
            conditionalLogic: {
              action: 'show',
              conditionGroups: [{ conditions: [{ fieldId: 'f4', operator: 'equals', value: 'a' }] }],
            },
          }
        : {}),
    } as Field;
    fields.push(field);
  }
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Fifty questions', language: 'en' },
    settings: { layout: 'single-column', submitAction: 'default' },
    sections: Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, title: `Part ${i + 1}`, order: i })),
    fields,
  };
}

const executable = findChromium();
if (executable === undefined) throw new Error('no Chromium found: set CHROMIUM_PATH');

const dataDir = mkdtempSync(join(tmpdir(), 'formloom-element-timing-'));
const handle = await createDb({ dataDir });
const first = await ensureDefaultAccount(createServices({ db: handle.db }));
if (first === undefined) throw new Error('a fresh database has no default account');
const app = createApp({
  db: handle.db,
  logger: createLogger({ level: 'warn' }),
  config: { publicUrl: 'http://127.0.0.1' },
  rateLimits: false,
  publicRateLimit: false,
});
const running = await listen(app, { port: 0, host: '127.0.0.1' });
const api = `http://127.0.0.1:${running.port}`;

const schema = fiftyFieldSchema();
const created = await callJson(api, 'POST', '/v1/forms', { title: schema.meta.title, schema }, first.token);
expectStatus('creating the form', created.status, 201);
const published = await callJson(
  api,
  'POST',
  `/v1/forms/${created.body.data.id}/publish`,
  undefined,
  first.token,
);
expectStatus('publishing the form', published.status, 200);
const code = published.body.data.shareUrl as string;

// The host page, on another origin: it loads /embed.js, then times one element.
const host = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><title>Host</title><link rel="icon" href="data:,">
<script src="${api}/embed.js"></script></head><body><main id="here"></main></body></html>`);
});
await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
const hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;

const browser = await launchChromium(executable);
const element: number[] = [];
const page: number[] = [];
const pageFromFirstByte: number[] = [];
try {
  for (let run = 0; run < RUNS + 1; run++) {
    // Run 0 warms the server (the page's assets are bundled on first use) and is not counted.
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${hostOrigin}/`);
    const ms = await tab.evaluate(async (shareCode) => {
      await customElements.whenDefined('formloom-form');
      const form = document.createElement('formloom-form');
      form.setAttribute('code', shareCode);
      const ready = new Promise<number>((resolve) =>
        form.addEventListener('formloom:ready', () => resolve(performance.now()), { once: true }),
      );
      const start = performance.now();
      document.getElementById('here')!.append(form); // connectedCallback runs here
      return (await ready) - start;
    }, code);
    await context.close();

    const pageContext = await browser.newContext();
    const pageTab = await pageContext.newPage();
    // The moment the page's script enables the submit button (rendered disabled).
    await pageTab.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const submit = document.getElementById('fl-submit') as HTMLButtonElement | null;
        if (submit !== null && !submit.disabled) {
          (window as unknown as { interactiveAt: number }).interactiveAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['disabled'],
      });
    });
    await pageTab.goto(`${api}/f/${code}`);
    await pageTab.waitForFunction(() => 'interactiveAt' in window);
    const timing = await pageTab.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const at = (window as unknown as { interactiveAt: number }).interactiveAt;
      return { fromStart: at, fromFirstByte: at - nav.responseStart };
    });
    await pageContext.close();
    if (run === 0) continue;
    element.push(ms);
    page.push(timing.fromStart);
    pageFromFirstByte.push(timing.fromFirstByte);
  }
} finally {
  await browser.close();
  await new Promise((resolve) => host.close(resolve));
  await running.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const row = (name: string, xs: number[]) =>
  `| ${name} | ${fmt(median(xs), 1)} ms | ${fmt(Math.min(...xs), 1)} ms | ${fmt(Math.max(...xs), 1)} ms |`;
console.log(
  `${FIELDS}-field form, ${RUNS} runs each, Chromium headless, load average ${fmt(loadavg()[0]!, 2)}`,
);
console.log(
  [
    '| measure | median | min | max |',
    '|---|---|---|---|',
    row('<formloom-form>: connectedCallback to formloom:ready (fetch included)', element),
    row('server-rendered page: navigation start to interactive', page),
    row('server-rendered page: first byte to interactive', pageFromFirstByte),
  ].join('\n'),
);
