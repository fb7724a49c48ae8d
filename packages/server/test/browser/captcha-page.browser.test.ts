import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CaptchaProvider, FormSchema } from '@formloom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaptchaStandIn, startCaptchaStandIn } from '../support/captcha-stand-in.js';
import { contactSchema } from '../support/fixtures.js';
import { publishForm } from '../support/page-fixtures.js';
import { describeEachDialect, useTestServer } from '../support/test-server.js';
import { chromiumOrSkip, usePages } from './chromium.js';

const executable = chromiumOrSkip();

function captchaForm(provider: CaptchaProvider, language: 'en' | 'de'): FormSchema {
  const schema = contactSchema();
  return {
    ...schema,
    meta: { ...schema.meta, language },
    settings: { ...schema.settings, captcha: { provider } },
  };
}

/**
 * The captcha widget on the public page (docs/captcha.md "The widget"), each provider against its stand-ins:
 * the widget script from the stand-in (FORMLOOM_CAPTCHA_<P>_SCRIPT_URL), its tokens verified by the
 * stand-in's verify endpoint. A refused token is said in the page's language and the widget starts over; the
 * next token is accepted. The page reports no error (a CSP violation would be one).
 */
describe.skipIf(executable === undefined)('public form page in Chromium: captcha widget', () => {
  let stand: CaptchaStandIn;
  beforeAll(async () => {
    stand = await startCaptchaStandIn();
    return () => stand.close();
  });
  const pages = usePages(executable);

  describeEachDialect(
    'against a real server',
    (t) => {
      let key = '';
      beforeAll(async () => {
        ({ key } = await t.account('PRO'));
      });
      const stored = async (id: string) =>
        (await t.request(`/v1/forms/${id}/responses/count`, { key })).body.data.count as number;

      const cases = [
        { provider: 'turnstile', language: 'en', refused: 'The captcha check failed. Please try again.' },
        {
          provider: 'hcaptcha',
          language: 'de',
          refused: 'Die Captcha-Prüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
        },
        { provider: 'recaptcha', language: 'en', refused: 'The captcha check failed. Please try again.' },
      ] as const;

      it.each(cases)(
        '$provider: a refused token is said and the widget reset; a good one is stored',
        async ({ provider, language, refused }) => {
          const form = await publishForm(t, key, captchaForm(provider, language));
          // The first token the widget hands out is refused, the next one accepted.
          stand.browserTokens.push('bad-token');
          const scripts = () => stand.scriptRequests.filter((u) => u.startsWith(`/${provider}/`)).length;
          const loaded = scripts();
          const { page, problems } = await pages.open(`${t.url}/f/${form.code}`);
          // The widget's script came from the configured script URL, once for this page.
          await expect.poll(scripts).toBe(loaded + 1);
          const widget =
            provider === 'recaptcha'
              ? page.locator('.grecaptcha-badge')
              : page.locator('#fl-captcha [data-captcha-stand-in]');
          await expect.poll(() => widget.count()).toBe(1);
          await page.locator('#fl-f-name').fill('Ada');

          const before = stand.requests.length;
          await page.locator('#fl-submit').click();
          await expect.poll(() => page.getByRole('alert').textContent()).toBe(refused);
          expect(stand.requests.slice(before)).toMatchObject([{ provider, response: 'bad-token' }]);
          expect(await stored(form.id)).toBe(0);
          // The widget started over (hCaptcha's waits for the respondent again).
          if (provider === 'hcaptcha') await expect.poll(() => widget.textContent()).toBe('Captcha');

          await page.locator('#fl-submit').click();
          await expect.poll(() => page.locator('#fl-done').isVisible()).toBe(true);
          expect(await stored(form.id)).toBe(1);
          expect(stand.requests.slice(before + 1)).toMatchObject([{ provider, response: 'pass' }]);
          // The refused submission's 400 is the only thing the console reports.
          expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
        },
      );
    },
    {
      allowPrivateTargets: true,
      appConfig: () => ({ captcha: stand.settings() }),
    },
  );
});

/**
 * The same widget in `<formloom-form>` (docs/embedding.md), placed by `/embed.js` on a page of
 * another origin: the widget sits in the element's shadow root, and its token goes with the
 * submission.
 */
describe.skipIf(executable === undefined)('<formloom-form> in Chromium: captcha widget', () => {
  let stand: CaptchaStandIn;
  let host: Server | undefined;
  beforeAll(async () => {
    stand = await startCaptchaStandIn();
    return () => stand.close();
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });
  const t = useTestServer('sqlite', {
    allowPrivateTargets: true,
    appConfig: () => ({ captcha: stand.settings() }),
  });
  const pages = usePages(executable);

  it('turnstile: a refused token is said and the widget reset; a good one is stored', async () => {
    const { key } = await t.account('PRO');
    const form = await publishForm(t, key, captchaForm('turnstile', 'en'));
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Host</title><link rel="icon" href="data:,"><main><script src="${t.url}/embed.js" data-formloom-code="${form.code}" async></script></main>`,
      );
    });
    await new Promise<void>((resolve) => host!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    stand.browserTokens.push('bad-token');
    const { page, problems } = await pages.open(`${origin}/`);
    const widget = page.locator('formloom-form #fl-captcha [data-captcha-stand-in]');
    await expect.poll(() => widget.count()).toBe(1);
    await page.locator('formloom-form #fl-f-name').fill('Ada');
    const before = stand.requests.length;
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The captcha check failed. Please try again.');
    expect(stand.requests.slice(before)).toMatchObject([{ provider: 'turnstile', response: 'bad-token' }]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(async () => (await t.request(`/v1/forms/${form.id}/responses/count`, { key })).body.data.count)
      .toBe(1);
    expect(stand.requests.slice(before + 1)).toMatchObject([{ provider: 'turnstile', response: 'pass' }]);
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });
});
