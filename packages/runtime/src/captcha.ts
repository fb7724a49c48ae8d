/**
 * `@formloom/runtime/captcha`: the captcha widget a form with `settings.captcha` shows, for
 * Turnstile, hCaptcha and reCAPTCHA v3. It touches the DOM (it loads the provider's script), so it
 * lives apart from the runtime's DOM-free main entry.
 */
import type { CaptchaProvider } from '@formloom/contract';

/** The widget a form needs, as the public form route and the public page give it (never the secret). */
export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
  /** The provider's script; default: the provider's own (`CAPTCHA_SCRIPT_URLS`). */
  scriptUrl?: string | undefined;
}

export interface CaptchaWidget {
  /**
   * A fresh token for one submission. Turnstile and hCaptcha: the widget's answer (waiting until
   * the respondent has solved it; a token already handed out is not handed out again).
   * reCAPTCHA v3: `grecaptcha.execute(siteKey, {action: 'submit'})`.
   */
  token(): Promise<string>;
  /** After a refused token (CAPTCHA_FAILED): the widget starts over. */
  reset(): void;
  /** Removes the widget from its container. */
  destroy(): void;
}

/** The providers' own scripts. */
export const CAPTCHA_SCRIPT_URLS: Readonly<Record<CaptchaProvider, string>> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js',
  recaptcha: 'https://www.google.com/recaptcha/api.js',
};

interface RenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

/** Turnstile's and hCaptcha's explicit-render API (the part used here). */
interface ExplicitApi {
  render(container: HTMLElement, options: RenderOptions): string;
  getResponse(id: string): string | undefined;
  reset(id: string): void;
  remove(id: string): void;
  /** hCaptcha: opens the challenge when the checkbox was not ticked yet. */
  execute?(id: string): void;
}

interface RecaptchaApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

type Globals = { turnstile?: ExplicitApi; hcaptcha?: ExplicitApi; grecaptcha?: RecaptchaApi } & Record<
  string,
  unknown
>;

const scripts = new Map<string, Promise<void>>();

/**
 * Loads `src` once per page. Turnstile and hCaptcha call the global function named by `onload`
 * when their API is ready (the documented way for explicit rendering); reCAPTCHA is ready when
 * `grecaptcha.ready` says so.
 */
function loadScript(config: CaptchaConfig): Promise<void> {
  const url = new URL(config.scriptUrl ?? CAPTCHA_SCRIPT_URLS[config.provider], document.baseURI);
  const globals = window as unknown as Globals;
  const callback = `formloomCaptcha_${config.provider}`;
  if (config.provider === 'recaptcha') url.searchParams.set('render', config.siteKey);
  else {
    url.searchParams.set('render', 'explicit');
    url.searchParams.set('onload', callback);
  }
  const src = url.toString();
  let loading = scripts.get(src);
  if (loading === undefined) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('error', () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`The ${config.provider} script did not load`));
      });
      if (config.provider === 'recaptcha') {
        script.addEventListener('load', () => globals.grecaptcha?.ready(() => resolve()));
      } else {
        globals[callback] = () => resolve();
      }
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/**
 * Shows the captcha of `config.provider` in `container` (Turnstile and hCaptcha render their
 * widget there; reCAPTCHA v3 shows only its badge) and hands out a token per submission.
 *
 * ```ts
 * const captcha = mountCaptcha(el, { provider: 'turnstile', siteKey });
 * await submit({ answers, captchaToken: await captcha.token() });
 * ```
 */
export function mountCaptcha(container: HTMLElement, config: CaptchaConfig): CaptchaWidget {
  const globals = window as unknown as Globals;
  const ready = loadScript(config);
  let destroyed = false;

  if (config.provider === 'recaptcha') {
    return {
      async token() {
        await ready;
        return globals.grecaptcha!.execute(config.siteKey, { action: 'submit' });
      },
      reset() {},
      destroy() {
        destroyed = true;
      },
    };
  }

  const provider = config.provider;
  const api = () => globals[provider]!;
  /** The widget's current answer, until a submission takes it. */
  let answer: string | undefined;
  let waiting: ((token: string) => void)[] = [];
  const widget = ready.then(() => {
    if (destroyed) return undefined;
    return api().render(container, {
      sitekey: config.siteKey,
      callback(token) {
        const waiter = waiting.shift();
        if (waiter === undefined) answer = token;
        else waiter(token);
      },
      'expired-callback'() {
        answer = undefined;
      },
      'error-callback'() {
        answer = undefined;
      },
    });
  });

  return {
    async token() {
      const id = await widget;
      if (id === undefined) throw new Error('The captcha was removed');
      if (answer !== undefined) {
        const token = answer;
        answer = undefined;
        return token;
      }
      const next = new Promise<string>((resolve) => waiting.push(resolve));
      // A token already used is spent: the widget starts over (hCaptcha also opens its challenge).
      if (api().getResponse(id)) api().reset(id);
      api().execute?.(id);
      return next;
    },
    reset() {
      answer = undefined;
      void widget.then((id) => {
        if (id !== undefined) api().reset(id);
      });
    },
    destroy() {
      destroyed = true;
      waiting = [];
      void widget.then((id) => {
        if (id !== undefined) api().remove(id);
      });
    },
  };
}
