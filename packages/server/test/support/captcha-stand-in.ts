import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CaptchaProvider } from '@formloom/contract';

/** One verify request as a provider receives it: the form-encoded `secret`, `response`, `remoteip`. */
export interface CaptchaVerification {
  provider: CaptchaProvider;
  contentType: string | undefined;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface CaptchaStandIn {
  /** The verify endpoint of each provider: `<origin>/<provider>/siteverify`. */
  verifyUrl(provider: CaptchaProvider): string;
  /** The widget script of each provider (`<origin>/<provider>/api.js`), speaking its browser API. */
  scriptUrl(provider: CaptchaProvider): string;
  /**
   * The tokens the widget scripts hand out next, in order (each taken once); when empty, `pass`,
   * which the verify endpoint accepts.
   */
  readonly browserTokens: string[];
  /** The widget scripts' requests (`/<provider>/api.js?...`), in order. */
  readonly scriptRequests: string[];
  /** What each provider was asked, in order. */
  readonly requests: CaptchaVerification[];
  /** Milliseconds to wait before answering (a provider that hangs). */
  delayMs: number;
  /**
   * The app settings for all three providers (secret `<provider>-secret`, site key
   * `<provider>-site-key`), verifying here and loading the widget scripts from here.
   */
  settings(): Record<
    CaptchaProvider,
    { siteKey: string; secret: string; verifyUrl: string; scriptUrl: string }
  >;
  close(): Promise<void>;
}

const PROVIDERS: readonly CaptchaProvider[] = ['turnstile', 'hcaptcha', 'recaptcha'];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += String(c);
    });
    req.on('end', () => resolve(body));
  });
}

/**
 * A widget script speaking a provider's browser API, as much of it as `@formloom/runtime/captcha`
 * uses. Each token is fetched from `/<provider>/token` (the stand-in's next `browserTokens`), so
 * the page's CSP must let it connect to the script's origin, as a real provider's widget does.
 * Turnstile and hCaptcha: explicit `render` (a box saying "Captcha solved" once a token came),
 * `getResponse`, `reset`, `remove`, hCaptcha's `execute`, then the `onload` callback of the URL.
 * reCAPTCHA v3: `ready` and `execute(siteKey, {action})`, checking the `render` site key.
 */
function widgetScript(provider: CaptchaProvider): string {
  return `(() => {
  const src = new URL(document.currentScript.src);
  const origin = src.origin;
  const fetchToken = () => fetch(origin + '/${provider}/token').then((r) => r.text());
  if (${JSON.stringify(provider)} === 'recaptcha') {
    const key = src.searchParams.get('render');
    window.grecaptcha = {
      ready(cb) { setTimeout(cb, 0); },
      execute(siteKey, options) {
        if (siteKey !== key || !options || options.action !== 'submit') return Promise.reject(new Error('bad execute'));
        return fetchToken();
      },
    };
    const badge = document.createElement('div');
    badge.className = 'grecaptcha-badge';
    badge.textContent = 'reCAPTCHA stand-in';
    document.body.append(badge);
    return;
  }
  const widgets = new Map();
  let next = 0;
  const solve = (w) => fetchToken().then((token) => {
    if (w.removed) return;
    w.response = token;
    w.box.textContent = 'Captcha solved';
    w.options.callback(token);
  });
  const api = {
    render(container, options) {
      if (options.sitekey !== '${provider}-site-key') throw new Error('unknown site key');
      const id = String(++next);
      const box = document.createElement('div');
      box.setAttribute('data-captcha-stand-in', '${provider}');
      box.textContent = 'Captcha';
      container.append(box);
      const w = { options, box, response: '', removed: false };
      widgets.set(id, w);
      ${provider === 'turnstile' ? 'solve(w);' : ''}
      return id;
    },
    getResponse(id) { return widgets.get(id)?.response ?? ''; },
    reset(id) {
      const w = widgets.get(id);
      if (!w) return;
      w.response = '';
      w.box.textContent = 'Captcha';
      ${provider === 'turnstile' ? 'solve(w);' : ''}
    },
    remove(id) {
      const w = widgets.get(id);
      if (!w) return;
      w.removed = true;
      w.box.remove();
      widgets.delete(id);
    },
    ${provider === 'hcaptcha' ? 'execute(id) { const w = widgets.get(id); if (w) solve(w); },' : ''}
  };
  window.${provider} = api;
  const onload = src.searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') setTimeout(() => window[onload](), 0);
})();
`;
}

/**
 * The three providers' verify endpoints on 127.0.0.1, answering as the real ones do (JSON
 * `{success, score?, action?, "error-codes"?}`): a token of the form `pass` succeeds (reCAPTCHA
 * with score 0.9), `score:<n>` succeeds with that score, anything else or a wrong secret is
 * refused.
 */
export async function startCaptchaStandIn(): Promise<CaptchaStandIn> {
  const requests: CaptchaVerification[] = [];
  const scriptRequests: string[] = [];
  const browserTokens: string[] = [];
  const state = { delayMs: 0 };
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const browser = PROVIDERS.find((p) => path === `/${p}/api.js` || path === `/${p}/token`);
    if (browser !== undefined && req.method === 'GET') {
      const script = path === `/${browser}/api.js`;
      if (script) scriptRequests.push(req.url ?? '');
      res
        .writeHead(200, {
          'content-type': script ? 'text/javascript' : 'text/plain',
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
        })
        .end(script ? widgetScript(browser) : (browserTokens.shift() ?? 'pass'));
      return;
    }
    const provider = PROVIDERS.find((p) => req.url === `/${p}/siteverify`);
    const params = new URLSearchParams(await readBody(req));
    if (provider === undefined || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    requests.push({
      provider,
      contentType: req.headers['content-type'],
      secret: params.get('secret'),
      response: params.get('response'),
      remoteip: params.get('remoteip'),
    });
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    const token = params.get('response') ?? '';
    const score = /^score:([\d.]+)$/.exec(token)?.[1];
    const ok = params.get('secret') === `${provider}-secret` && (token === 'pass' || score !== undefined);
    const body: Record<string, unknown> = { success: ok };
    if (!ok) body['error-codes'] = ['invalid-input-response'];
    if (ok && provider === 'recaptcha') {
      body.score = score === undefined ? 0.9 : Number(score);
      body.action = 'submit';
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const verifyUrl = (p: CaptchaProvider) => `http://127.0.0.1:${port}/${p}/siteverify`;
  const scriptUrl = (p: CaptchaProvider) => `http://127.0.0.1:${port}/${p}/api.js`;
  return {
    verifyUrl,
    scriptUrl,
    requests,
    scriptRequests,
    browserTokens,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    settings() {
      return Object.fromEntries(
        PROVIDERS.map((p) => [
          p,
          {
            siteKey: `${p}-site-key`,
            secret: `${p}-secret`,
            verifyUrl: verifyUrl(p),
            scriptUrl: scriptUrl(p),
          },
        ]),
      ) as ReturnType<CaptchaStandIn['settings']>;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
