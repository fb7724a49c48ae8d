import type { CaptchaProvider, FormSchema } from '@formloom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CaptchaStandIn, startCaptchaStandIn } from '../../../test/support/captcha-stand-in.js';
import { contactSchema } from '../../../test/support/fixtures.js';
import { describeDialects } from '../../../test/support/test-database.js';
import { type TestServer, useTestServer } from '../../../test/support/test-server.js';

const withCaptcha = (captcha: NonNullable<FormSchema['settings']>['captcha']): FormSchema => {
  const schema = contactSchema();
  return { ...schema, settings: { ...schema.settings, captcha } };
};

describeDialects('captcha on public submissions', (dialect) => {
  let stand: CaptchaStandIn;
  beforeAll(async () => {
    stand = await startCaptchaStandIn();
    return () => stand.close();
  });
  const t: TestServer = useTestServer(dialect, {
    allowPrivateTargets: true,
    appConfig: () => ({ captcha: stand.settings() }),
  });
  const bare: TestServer = useTestServer(dialect, { allowPrivateTargets: true });

  async function published(server: TestServer, schema: FormSchema) {
    const { key } = await server.account('PRO');
    const created = await server.request('/v1/forms', { method: 'POST', key, json: { title: 'C', schema } });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const pub = await server.request(`/v1/forms/${id}/publish`, { method: 'POST', key });
    return { id, key, code: pub.body.data.shareUrl as string };
  }

  const submit = (code: string, captchaToken?: string, key?: string) =>
    t.request(`/v1/public/forms/${code}/responses`, {
      method: 'POST',
      json: { answers: { name: 'Ada' }, ...(captchaToken === undefined ? {} : { captchaToken }) },
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });

  const stored = async (id: string, key: string) =>
    (await t.request(`/v1/forms/${id}/responses/count`, { key })).body.data.count as number;

  describe.each(['turnstile', 'hcaptcha', 'recaptcha'] as const)('%s', (provider: CaptchaProvider) => {
    it('accepts a good token, refuses a missing or refused one with 400 CAPTCHA_FAILED, storing nothing', async () => {
      const f = await published(t, withCaptcha({ provider }));
      const missing = await submit(f.code);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ error: 'CAPTCHA_FAILED', data: null });
      const refused = await submit(f.code, 'bad-token');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('CAPTCHA_FAILED');
      expect(await stored(f.id, f.key)).toBe(0);

      const before = stand.requests.length;
      const ok = await submit(f.code, 'pass');
      expect(ok.status).toBe(201);
      expect(await stored(f.id, f.key)).toBe(1);
      // The provider's own request format: form-encoded secret, response and remoteip.
      expect(stand.requests.slice(before)).toEqual([
        {
          provider,
          contentType: 'application/x-www-form-urlencoded',
          secret: `${provider}-secret`,
          response: 'pass',
          remoteip: expect.stringMatching(/127\.0\.0\.1/),
        },
      ]);
    });
  });

  it("reCAPTCHA v3: a score under the threshold (default 0.5, or the form's minScore) is refused", async () => {
    const byDefault = await published(t, withCaptcha({ provider: 'recaptcha' }));
    expect((await submit(byDefault.code, 'score:0.3')).body.error).toBe('CAPTCHA_FAILED');
    expect((await submit(byDefault.code, 'score:0.5')).status).toBe(201);
    const lenient = await published(t, withCaptcha({ provider: 'recaptcha', minScore: 0.2 }));
    expect((await submit(lenient.code, 'score:0.3')).status).toBe(201);
    expect((await submit(lenient.code, 'score:0.1')).status).toBe(400);
  });

  it('completing a partial of a captcha form needs a good token too (400 CAPTCHA_FAILED without, kept)', async () => {
    const f = await published(t, withCaptcha({ provider: 'turnstile' }));
    const base = `/v1/public/forms/${f.code}/partials`;
    const created = await t.request(base, { method: 'POST', json: { answers: { name: 'Ada' } } });
    expect(created.status).toBe(201);
    const token = created.body.data.resumeToken as string;
    const complete = (json: unknown) => t.request(`${base}/${token}/complete`, { method: 'POST', json });

    const missing = await complete({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'CAPTCHA_FAILED', data: null });
    const refused = await complete({ captchaToken: 'bad-token' });
    expect(refused.body.error).toBe('CAPTCHA_FAILED');
    expect(await stored(f.id, f.key)).toBe(0);
    // A refused complete keeps the partial.
    expect((await t.request(`${base}/${token}`)).status).toBe(200);

    const before = stand.requests.length;
    const ok = await complete({ captchaToken: 'pass' });
    expect(ok.status).toBe(201);
    expect(await stored(f.id, f.key)).toBe(1);
    expect(stand.requests.slice(before)).toMatchObject([{ provider: 'turnstile', response: 'pass' }]);
  });

  it('the public form and its page carry the widget (never the secret); only that page allows its origins', async () => {
    const f = await published(t, withCaptcha({ provider: 'hcaptcha' }));
    const widget = {
      provider: 'hcaptcha',
      siteKey: 'hcaptcha-site-key',
      scriptUrl: stand.scriptUrl('hcaptcha'),
    };
    const data = await t.request(`/v1/public/forms/${f.code}`);
    expect(data.body.data.captcha).toEqual(widget);
    expect(JSON.stringify(data.body)).not.toContain('hcaptcha-secret');

    const page = await fetch(`${t.url}/f/${f.code}`);
    const text = await page.text();
    expect(text).not.toContain('hcaptcha-secret');
    expect(text).toContain('id="fl-captcha"');
    expect(text).toContain('This form is protected by a captcha, which needs JavaScript');
    const csp = page.headers.get('content-security-policy') ?? '';
    const origin = new URL(stand.scriptUrl('hcaptcha')).origin;
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'style-src']) {
      expect(csp.split('; ').find((d) => d.startsWith(`${directive} `))).toContain(origin);
    }
    expect(csp).toContain('https://*.hcaptcha.com');

    const plain = await published(t, contactSchema());
    expect((await t.request(`/v1/public/forms/${plain.code}`)).body.data).not.toHaveProperty('captcha');
    const plainPage = await fetch(`${t.url}/f/${plain.code}`);
    expect(plainPage.headers.get('content-security-policy')).not.toContain(origin);
    expect(await plainPage.text()).not.toContain('fl-captcha');
  });

  it('a retry with the same Idempotency-Key is answered from the first submission without a new token', async () => {
    const f = await published(t, withCaptcha({ provider: 'turnstile' }));
    const first = await submit(f.code, 'pass', 'captcha-retry-1');
    expect(first.status).toBe(201);
    const again = await submit(f.code, undefined, 'captcha-retry-1');
    expect(again.status).toBe(201);
    expect(again.body.data.responseId).toBe(first.body.data.responseId);
    expect(await stored(f.id, f.key)).toBe(1);
  });

  it('a provider that does not answer in time counts as a refusal', async () => {
    const f = await published(t, withCaptcha({ provider: 'hcaptcha' }));
    stand.delayMs = 7_000;
    try {
      const slow = await submit(f.code, 'pass');
      expect(slow.status).toBe(400);
      expect(slow.body.error).toBe('CAPTCHA_FAILED');
      expect(slow.body.message).toContain('timed out');
    } finally {
      stand.delayMs = 0;
    }
  }, 15_000);

  it('a form without a captcha needs no token; a captcha the server has no settings for is refused at save', async () => {
    const plain = await published(t, contactSchema());
    expect((await submit(plain.code)).status).toBe(201);
    const { key } = await bare.account('PRO');
    const res = await bare.request('/v1/forms', {
      method: 'POST',
      key,
      json: { title: 'C', schema: withCaptcha({ provider: 'turnstile' }) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('FORMLOOM_CAPTCHA_TURNSTILE_SITE_KEY');
    expect(res.body.issues[0]).toMatchObject({ code: 'captcha_not_configured' });
  });
});
