import type { CaptchaProvider, PublicCaptcha } from '@formloom/contract';

/**
 * The origins each provider's widget loads its script from, frames its challenge from, and talks to
 * (their documented CSP: Cloudflare Turnstile, hCaptcha, reCAPTCHA v3).
 */
export const CAPTCHA_ORIGINS: Readonly<Record<CaptchaProvider, readonly string[]>> = {
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
};

/** The directives whose sources a captcha widget needs beyond the page's own. */
const WIDENED = ['script-src', 'style-src', 'connect-src', 'frame-src'] as const;

/**
 * `csp` with the captcha's origins (the provider's, and the script URL's when the server points it
 * elsewhere) added to script-src, style-src, connect-src and frame-src: only a captcha form's page
 * gets them. Without a captcha, `csp` unchanged.
 */
export function cspWithCaptcha(csp: string, captcha: PublicCaptcha | undefined): string {
  if (captcha === undefined) return csp;
  const origins = new Set(CAPTCHA_ORIGINS[captcha.provider]);
  origins.add(new URL(captcha.scriptUrl).origin);
  const extra = [...origins].join(' ');
  const directives = csp.split('; ');
  for (const name of WIDENED) {
    const at = directives.findIndex((d) => d.startsWith(`${name} `));
    if (at === -1) directives.push(`${name} ${extra}`);
    else directives[at] = `${directives[at]} ${extra}`;
  }
  return directives.join('; ');
}
