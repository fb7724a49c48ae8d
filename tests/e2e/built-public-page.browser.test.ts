import { contactSchema } from '@formloom/server/testing';
import { axeViolations } from '@formloom/server/testing/axe';
import { chromiumOrSkip, usePages } from '@formloom/server/testing/browser';
import { apiClient, publishedForm } from 'formloom/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';

/**
 * The public page as users get it: served by the built `formloom serve`, whose page script and
 * stylesheet were bundled at build time (the sources' suite bundles them when it starts). With
 * JavaScript and without, on a phone: the error, the answer, and the response read back by the API.
 */
const executable = chromiumOrSkip();
const server = useBuiltServer();

describe.skipIf(executable === undefined)('the built server’s public page', () => {
  const pages = usePages(executable);
  let code = '';
  let formId = '';
  const headers = () => ({
    authorization: `Bearer ${server.printedKey}`,
    'content-type': 'application/json',
  });

  beforeAll(async () => {
    const api = apiClient(Number(new URL(server.origin).port), server.printedKey);
    ({ id: formId, code } = await publishedForm(api, contactSchema(), 'Contact'));
  });

  const names = async () => {
    const res = await fetch(`${server.baseUrl}/forms/${formId}/responses?limit=100`, { headers: headers() });
    return ((await res.json()).data.responses as { answers: { name?: string } }[]).map((r) => r.answers.name);
  };

  for (const javaScriptEnabled of [true, false]) {
    it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: a missing answer is named, a full one is stored`, {
      timeout: 120_000,
    }, async () => {
      const { page, problems, response } = await pages.open(
        `${server.origin}/f/${code}`,
        { width: 360, height: 800 },
        { javaScriptEnabled },
      );
      expect(response?.status()).toBe(200);
      page.on('response', (r) => {
        if (r.status() >= 400) console.log('BAD', r.status(), r.url());
      });
      const name = javaScriptEnabled ? 'Grace Hopper' : 'Ada Lovelace';
      await page.getByRole('button', { name: 'Submit' }).click();
      // Without JavaScript the form posts and the page comes back with the errors.
      await page.waitForLoadState();
      await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
      // axe runs as page script (the no-JS page's accessibility is checked in depth by public-nojs).
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel(/^Name/).fill(name);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForLoadState();
      await expect.poll(names, { timeout: 10_000 }).toContain(name);
      await expect
        .poll(() => page.getByRole('status').or(page.getByRole('heading')).allTextContents())
        .toEqual(expect.arrayContaining([expect.stringMatching(/thank/i)]));
      // Without JavaScript the page with the errors comes as a 400, which Chromium logs as such.
      const posted400 = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
      expect(javaScriptEnabled ? problems : problems.filter((p) => p !== posted400)).toEqual([]);
      // Fits a phone: nothing wider than the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
