import { readFileSync } from 'node:fs';
import type { CaptchaProvider, FormSchema } from '@formloom/contract';
import {
  type CaptchaStandIn,
  contactSchema,
  publishForm,
  startCaptchaStandIn,
  useTestServer,
} from '@formloom/server/testing';
import { findChromium, launchChromium } from '@formloom/server/testing/browser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from './support/bundle.js';
import { startHost } from './support/host.js';

const executable = findChromium();
if (executable === undefined && process.env.CI)
  throw new Error('chromium is not installed (apt-get install chromium)');

/** A host app with `<FormloomForm>` of the form named in the query; completion is written to `#out`. */
const APP = `
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FormloomForm } from '../src/index.js';

const q = new URLSearchParams(location.search);
createRoot(document.getElementById('root')).render(
  h(StrictMode, null,
    h(FormloomForm, {
      code: q.get('code'),
      api: location.origin,
      onSubmitted: (s) => { document.getElementById('out').textContent = 'stored ' + s.responseId; },
    })));
`;

const captchaForm = (provider: CaptchaProvider): FormSchema => {
  const schema = contactSchema();
  return { ...schema, settings: { ...schema.settings, captcha: { provider } } };
};

/**
 * `<FormloomForm>` of a captcha form in Chromium (docs/captcha.md "The widget"): the widget of each provider
 * from its stand-in script, its token sent with the submission; a refused token is said and the widget reset,
 * the next one is stored.
 */
describe.skipIf(executable === undefined)('@formloom/react in Chromium: captcha widget', () => {
  let stand: CaptchaStandIn;
  beforeAll(async () => {
    stand = await startCaptchaStandIn();
    return () => stand.close();
  });
  const t = useTestServer('sqlite', {
    allowPrivateTargets: true,
    appConfig: () => ({ captcha: stand.settings() }),
  });
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHost>> | undefined;
  let origin = '';
  let key = '';

  beforeAll(async () => {
    const script = readFileSync(await bundle(APP, 19, 'browser'));
    // The host app's server: its page and script, and /v1 passed through to the Formloom server.
    host = await startHost(script, () => t.url);
    origin = host.origin;
    browser = await launchChromium(executable!);
    ({ key } = await t.account('PRO'));
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  const count = async (id: string) =>
    (await t.request(`/v1/forms/${id}/responses/count`, { key })).body.data.count as number;

  it.each(['turnstile', 'hcaptcha', 'recaptcha'] as const)(
    '%s: refused, said and reset; then stored',
    async (provider) => {
      const form = await publishForm(t, key, captchaForm(provider));
      stand.browserTokens.push('bad-token');
      const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
        await page.goto(`${origin}/?code=${form.code}`);
        await page.getByLabel('Name').waitFor();
        const widget =
          provider === 'recaptcha'
            ? page.locator('.grecaptcha-badge')
            : page.locator('.fl-captcha [data-captcha-stand-in]');
        // StrictMode mounts twice: one widget stays.
        await expect.poll(() => widget.count()).toBe(1);
        await page.getByLabel('Name').fill('Ada');

        const before = stand.requests.length;
        await page.getByRole('button', { name: 'Submit' }).click();
        await expect
          .poll(() => page.getByRole('alert').textContent())
          .toBe('The captcha check failed. Please try again.');
        expect(await count(form.id)).toBe(0);
        if (provider === 'hcaptcha') await expect.poll(() => widget.textContent()).toBe('Captcha');

        await page.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => page.locator('#out').textContent()).toMatch(/^stored [0-9a-f-]{36}$/);
        expect(await count(form.id)).toBe(1);
        expect(stand.requests.slice(before).map((r) => [r.provider, r.response])).toEqual([
          [provider, 'bad-token'],
          [provider, 'pass'],
        ]);
        expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
