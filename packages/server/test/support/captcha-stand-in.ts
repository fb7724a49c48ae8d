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
  /** What each provider was asked, in order. */
  readonly requests: CaptchaVerification[];
  /** Milliseconds to wait before answering (a provider that hangs). */
  delayMs: number;
  /**
   * The app settings for all three providers (secret `<provider>-secret`, site key
   * `<provider>-site-key`), verifying here.
   */
  settings(): Record<CaptchaProvider, { siteKey: string; secret: string; verifyUrl: string }>;
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
 * The three providers' verify endpoints on 127.0.0.1, answering as the real ones do (JSON
 * `{success, score?, action?, "error-codes"?}`): a token of the form `pass` succeeds (reCAPTCHA
 * with score 0.9), `score:<n>` succeeds with that score, anything else or a wrong secret is
 * refused.
 */
export async function startCaptchaStandIn(): Promise<CaptchaStandIn> {
  const requests: CaptchaVerification[] = [];
  const state = { delayMs: 0 };
  const server = createServer(async (req, res) => {
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
  return {
    verifyUrl,
    requests,
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
          { siteKey: `${p}-site-key`, secret: `${p}-secret`, verifyUrl: verifyUrl(p) },
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
