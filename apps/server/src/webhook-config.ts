import { DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_RETRY_BASE_MS, parseSecretKey } from '@formloom/server';
import { type Env, integer, read } from './env.js';

/** The webhook settings of `formloom serve` (docs/webhooks.md lists them). */
export interface WebhookConfig {
  /** FORMLOOM_SECRET_KEY, parsed; absent: `<data dir>/secret.key` is used (made on first start). */
  secretKey: Uint8Array | undefined;
  /** FORMLOOM_ALLOW_PRIVATE_TARGETS=1: private, loopback and plain-http targets (dev and tests only). */
  allowPrivateTargets: boolean;
  retryBaseMs: number;
  timeoutMs: number;
  concurrency: number;
}

/** Reads the webhook variables; `fail` makes the caller's configuration error. */
export function loadWebhookConfig(env: Env, fail: (message: string) => Error): WebhookConfig {
  const allow = read(env, 'FORMLOOM_ALLOW_PRIVATE_TARGETS');
  if (allow !== undefined && !['0', '1', 'true', 'false'].includes(allow)) {
    throw fail(`FORMLOOM_ALLOW_PRIVATE_TARGETS must be 1 or 0 (got "${allow}")`);
  }
  const key = read(env, 'FORMLOOM_SECRET_KEY');
  let secretKey: Uint8Array | undefined;
  if (key !== undefined) {
    try {
      secretKey = parseSecretKey(key);
    } catch (error) {
      throw fail((error as Error).message);
    }
  }
  return {
    secretKey,
    allowPrivateTargets: allow === '1' || allow === 'true',
    retryBaseMs: integer(env, 'FORMLOOM_WEBHOOK_RETRY_BASE_MS', DEFAULT_RETRY_BASE_MS, 1, 86_400_000, fail),
    timeoutMs: integer(env, 'FORMLOOM_WEBHOOK_TIMEOUT_MS', DEFAULT_ATTEMPT_TIMEOUT_MS, 100, 60_000, fail),
    concurrency: integer(env, 'FORMLOOM_WEBHOOK_CONCURRENCY', 16, 1, 256, fail),
  };
}
