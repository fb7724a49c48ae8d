import type { CaptchaProvider, FormCaptcha } from '@formloom/contract';
import { InvalidInputError } from '../domain-errors.js';
import type { TargetPolicy } from '../net/ssrf-guard.js';
import { postDelivery } from '../outbox/send.js';

/** One provider's server settings (FORMLOOM_CAPTCHA_<PROVIDER>_SITE_KEY, _SECRET, _VERIFY_URL, _SCRIPT_URL). */
export interface CaptchaProviderSettings {
  siteKey: string;
  secret: string;
  /** Where tokens are verified; default: the provider's own endpoint. */
  verifyUrl?: string | undefined;
  /** The widget's script the public page loads; default: the provider's own. */
  scriptUrl?: string | undefined;
}

/** The providers this server can verify, by name; a form may only use one of them. */
export type CaptchaSettings = Partial<Record<CaptchaProvider, CaptchaProviderSettings>>;

/** The providers' own endpoints and widget scripts. */
export const CAPTCHA_ENDPOINTS: Readonly<Record<CaptchaProvider, { verifyUrl: string; scriptUrl: string }>> =
  {
    turnstile: {
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    },
    hcaptcha: {
      verifyUrl: 'https://api.hcaptcha.com/siteverify',
      scriptUrl: 'https://js.hcaptcha.com/1/api.js',
    },
    recaptcha: {
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    },
  };

/**
 * A form's captcha token is missing or the provider refused it: an invalid input, answered with
 * the case code `CAPTCHA_FAILED` (400).
 */
export class CaptchaFailedError extends InvalidInputError {
  override name = 'CaptchaFailedError';
  override readonly caseCode = 'CAPTCHA_FAILED' as const;
}

/** reCAPTCHA v3's score threshold when the form sets none. */
export const DEFAULT_RECAPTCHA_MIN_SCORE = 0.5;
/** Longest wait for a provider's verdict; past it the token counts as refused. */
export const CAPTCHA_VERIFY_TIMEOUT_MS = 5_000;

export type CaptchaVerdict = { ok: true } | { ok: false; reason: string };

export interface CaptchaVerifier {
  /** The providers configured on this server. */
  readonly providers: readonly CaptchaProvider[];
  /** The widget a page shows for a provider: its site key and script; undefined when not configured. */
  widget(provider: CaptchaProvider): { siteKey: string; scriptUrl: string } | undefined;
  /** Asks the provider about `token`; a missing token, a refusal, an error or a timeout is `ok: false`. */
  verify(captcha: FormCaptcha, token: string | undefined, remoteIp?: string): Promise<CaptchaVerdict>;
}

/**
 * Verifies captcha tokens with Turnstile, hCaptcha or reCAPTCHA v3, all three alike: a form POST
 * of `secret`, `response` and `remoteip` to the provider's verify endpoint, answered with JSON
 * `{success, score?, action?}`. The request goes through the outbound guard (the webhooks' POST:
 * guarded lookup, no redirects, 1 KB of answer read) within `timeoutMs`. reCAPTCHA v3 also needs a
 * score of at least the form's `minScore` (default 0.5).
 */
export interface CaptchaVerifierDeps {
  settings: CaptchaSettings;
  /** Which targets the verify request may reach (the outbound guard's policy). */
  policy: TargetPolicy;
  timeoutMs?: number;
}

export function createCaptchaVerifier({
  settings,
  policy,
  timeoutMs = CAPTCHA_VERIFY_TIMEOUT_MS,
}: CaptchaVerifierDeps): CaptchaVerifier {
  const providers = (Object.keys(settings) as CaptchaProvider[]).filter((p) => settings[p] !== undefined);
  return {
    providers,
    widget(provider) {
      const s = settings[provider];
      return s && { siteKey: s.siteKey, scriptUrl: s.scriptUrl ?? CAPTCHA_ENDPOINTS[provider].scriptUrl };
    },
    async verify(captcha, token, remoteIp) {
      const s = settings[captcha.provider];
      if (s === undefined)
        return { ok: false, reason: `${captcha.provider} is not configured on this server` };
      if (token === undefined || token === '') return { ok: false, reason: 'no captcha token was sent' };
      const form = new URLSearchParams({ secret: s.secret, response: token });
      if (remoteIp !== undefined) form.set('remoteip', remoteIp);
      const answer = await postDelivery(
        s.verifyUrl ?? CAPTCHA_ENDPOINTS[captcha.provider].verifyUrl,
        form.toString(),
        {},
        {
          timeoutMs,
          policy,
          contentType: 'application/x-www-form-urlencoded',
          userAgent: 'Formloom-Captcha/1',
        },
      );
      if (answer.statusCode !== 200) {
        return { ok: false, reason: answer.error ?? `the provider answered ${answer.statusCode}` };
      }
      let body: { success?: unknown; score?: unknown };
      try {
        body = JSON.parse(answer.responseBody ?? '') as typeof body;
      } catch {
        return { ok: false, reason: 'the provider answered something other than JSON' };
      }
      if (body.success !== true) return { ok: false, reason: 'the provider refused the token' };
      if (captcha.provider === 'recaptcha') {
        const min = captcha.minScore ?? DEFAULT_RECAPTCHA_MIN_SCORE;
        if (typeof body.score !== 'number' || body.score < min) {
          return { ok: false, reason: `the score is below ${min}` };
        }
      }
      return { ok: true };
    },
  };
}
