import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAssets } from '../../src/features/public/index.js';
import { pagedQuizSchema, publishForm } from '../support/page-fixtures.js';
import { useTestServer } from '../support/test-server.js';
import { axeViolations } from './axe.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();
const EXAMPLE = readFileSync(new URL('../../../../examples/html-embed/index.html', import.meta.url), 'utf8');

function feedbackSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Feedback', language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      { id: 'comment', sectionId: 's', type: 'textarea', label: 'Your feedback', order: 0, required: true },
    ],
  };
}

/**
 * examples/html-embed/index.html as a user deploys it: a static page on its own origin with two
 * `/embed.js` tags (inline and popup), against a real server.
 */
describe.skipIf(executable === undefined)('/embed.js from a plain HTML page on another origin', () => {
  const t = useTestServer('sqlite');
  const pages = usePages(executable);
  let host: Server;
  let hostOrigin = '';
  let key = '';
  let quiz = { id: '', code: '' };
  let feedback = { id: '', code: '' };
  let german = { id: '', code: '' };

  beforeAll(async () => {
    ({ key } = await t.account());
    quiz = await publishForm(t, key, pagedQuizSchema());
    feedback = await publishForm(t, key, feedbackSchema());
    german = await publishForm(t, key, {
      ...feedbackSchema(),
      meta: { title: 'Rückmeldung', language: 'de' },
    });
    const page = EXAMPLE.replaceAll('http://localhost:3000', t.url)
      .replace('YOUR_SHARE_CODE', quiz.code)
      .replace('YOUR_OTHER_SHARE_CODE', feedback.code);
    // `/de`: a German page with one popup tag and no texts of its own.
    const germanPage = `<!doctype html><html lang="de"><head><title>Gastgeber</title><link rel="icon" href="data:,"></head>
<body><main><h1>Gastgeber</h1><script src="${t.url}/embed.js" data-formloom-code="${german.code}" data-formloom-mode="popup" async></script></main></body></html>`;
    host = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.url === '/de' ? germanPage : page);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  const stored = async (formId: string) =>
    (await t.request(`/v1/forms/${formId}/responses`, { key })).body.data.responses as {
      id: string;
      answers: Record<string, unknown>;
    }[];

  it('is served to any page, briefly cached, and its module compressed and cached for good', async () => {
    const res = await fetch(`${t.url}/embed.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    // This script imports the embed's module (the element, the runtime, the engine, and the inline
    // and popup placing), which imports its chunks: their sum is what a host page loads to start.
    const assets = await pageAssets();
    const loader = (await res.text()).match(/f\/assets\/(embed\.[\w-]+\.js)/)![1]!;
    const served = await fetch(`${t.url}/f/assets/${loader}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(served.headers.get('content-encoding')).toBe('gzip');
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const module = assets.chunks.find((c) => c.name === loader)!;
    const start = [assets.embed, module, ...assets.startOf(loader)];
    const gzipped = start.reduce((sum, a) => sum + a.gzip.length, 0);
    console.log(
      `/embed.js and the modules it starts with: ${gzipped} bytes gzipped in ${start.length} files`,
    );
    // Target 26 KB (docs/embedding.md "Sizes"): about 26.6 KB, held at 27 KB. The packed element
    // starts at 25 KB; here its start is cut into several chunks (shared with the ones a form loads
    // on demand), each compressed alone.
    expect(gzipped).toBeLessThanOrEqual(27 * 1024);
  });

  it('inline: the form renders where the tag is, pages and errors work, the host hears the submission', async () => {
    const { page, problems } = await pages.open(`${hostOrigin}/`, { width: 390, height: 900 });
    await page.getByLabel('Your name').waitFor();
    // In place: after the heading's paragraph, before the page's own text that follows the tag.
    const order = await page.evaluate(() => {
      const form = document.querySelector('formloom-form')!;
      return form.previousElementSibling?.tagName === 'SCRIPT' && form.nextElementSibling?.id === 'signed-up';
    });
    expect(order).toBe(true);
    await page.getByRole('button', { name: 'Next' }).first().click();
    expect(await page.getByLabel('Your name').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Next' }).first().click();
    await page.getByLabel('Lyon', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).first().click();
    await page.getByLabel('Why Lyon?').fill('Food');
    await page.getByRole('button', { name: 'Next' }).first().click();
    await page.getByLabel('4', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).first().click();
    await expect.poll(() => page.locator('#signed-up').textContent()).toMatch(/^Thank you! Reference /);
    const reference = (await page.locator('#signed-up').textContent())!.replace('Thank you! Reference ', '');
    const row = (await stored(quiz.id)).find((r) => r.id === reference);
    expect(row?.answers).toEqual({ name: 'Ada', q1: 'lyon', reason: 'Food', q2: 'four' });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('popup: a button opens the form in a modal dialog, Escape closes it and focus returns', async () => {
    const { page, problems } = await pages.open(`${hostOrigin}/`);
    const open = page.getByRole('button', { name: 'Give feedback' });
    await open.waitFor();
    // Nothing of the popup's form exists until it is opened.
    expect(await page.locator('dialog formloom-form').count()).toBe(0);
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Give feedback' });
    await dialog.getByLabel('Your feedback').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Give feedback');
    await open.click();
    await dialog.getByLabel('Your feedback').fill('Lovely workshop');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(async () => (await stored(feedback.id)).length).toBe(1);
    expect((await stored(feedback.id))[0]!.answers).toEqual({ comment: 'Lovely workshop' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("in the page's language: the engine here has English only, and fetches German once", async () => {
    const { page, problems } = await pages.open(`${hostOrigin}/de`);
    // The button's text arrives with the language's texts.
    const open = page.getByRole('button', { name: 'Formular öffnen' });
    await open.waitFor();
    const fetched: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/embed/languages/')) fetched.push(req.url());
    });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Formular öffnen' });
    await dialog.getByRole('button', { name: 'Schließen' }).waitFor();
    await dialog.getByRole('button', { name: 'Absenden' }).click();
    // The element's own check, in German, before anything is sent.
    await dialog.getByText('Dies ist ein Pflichtfeld.').waitFor();
    // The form found German already there.
    expect(fetched).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
