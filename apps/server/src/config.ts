import { Resolver } from 'node:dns';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPTCHA_PROVIDERS } from '@formloom/contract';
import {
  type CaptchaSettings,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_MAILS_PER_RECIPIENT_HOUR,
  parseTrustProxy,
  type TrustProxy,
} from '@formloom/server';
import { type AiConfig, loadAiConfig } from './ai-config.js';
import { duration, type Env, integer, read } from './env.js';
import { type IntegrationsConfig, loadIntegrationsConfig } from './integrations-config.js';
import { loadWebhookConfig, type WebhookConfig } from './webhook-config.js';

/** Everything `formloom` reads from its environment, parsed once, with errors that say what to fix. */
export interface Config {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections each instance keeps open at most. */
  databasePoolSize: number;
  /** Origin of public links (`<origin>/f/<code>`). */
  publicUrl: string;
  bodyLimitBytes: number;
  /** FORMLOOM_BODY_TIMEOUT: a JSON body must arrive within this after its headers (default 10 s). */
  bodyTimeoutMs: number;
  /** FORMLOOM_REQUEST_TIMEOUT: a whole request, uploads included (default 120 s). */
  requestTimeoutMs: number;
  /** FORMLOOM_MAX_CONNECTIONS_PER_CLIENT: open connections per client address (default 256). */
  maxConnectionsPerClient: number;
  /**
   * FORMLOOM_PUBLIC_RATE_LIMIT: requests a minute one client address may make to the public form
   * pages and routes (default 120); raise it for many respondents behind one address (a school).
   */
  publicRateLimitPerMinute: number;
  logLevel: string;
  /** FORMLOOM_TRUST_PROXY: hops or proxy addresses/CIDRs believed about X-Forwarded-For (default none). */
  trustProxy: TrustProxy;
  /** FORMLOOM_S3_*: uploads in an S3-compatible bucket instead of `<data dir>/uploads`. */
  s3: S3Config | undefined;
  deletedRetentionMs: number;
  /** FORMLOOM_AUDIT_RETENTION: audit log entries are deleted after this (default 365 days). */
  auditRetentionMs: number;
  /** FORMLOOM_DNS_SERVERS: `host:port` DNS servers for custom domains' TXT checks; absent: the system's. */
  dnsServers: string[] | undefined;
  /** FORMLOOM_STRIPE_API_BASE: where the Stripe client sends its requests; absent: Stripe's own API. */
  stripeApiBase: string | undefined;
  shutdownTimeoutMs: number;
  webhooks: WebhookConfig;
  integrations: IntegrationsConfig;
  ai: AiConfig;
  smartForms: SmartFormsConfig;
  mail: MailConfig;
  /** FORMLOOM_CAPTCHA_<PROVIDER>_SITE_KEY, _SECRET, _VERIFY_URL, _SCRIPT_URL: the providers forms may use. */
  captcha: CaptchaSettings;
  /** FORMLOOM_DASHBOARD_DIR: the dashboard's static build; default `apps/dashboard/dist` of this repository. */
  dashboardDir: string;
}

export interface SmartFormsConfig {
  /** FORMLOOM_SESSION_IDLE_TIMEOUT: an interview idle this long becomes abandoned (default 24 h). */
  sessionIdleMs: number;
  /** FORMLOOM_INTERVIEW_AI_TIMEOUT: longest wait for the model's next question (default 20 s). */
  questionTimeoutMs: number;
}

/** Each captcha provider whose site key and secret are both set (docs/captcha.md). */
function captcha(env: Env): CaptchaSettings {
  const out: CaptchaSettings = {};
  for (const provider of CAPTCHA_PROVIDERS) {
    const prefix = `FORMLOOM_CAPTCHA_${provider.toUpperCase()}`;
    const siteKey = read(env, `${prefix}_SITE_KEY`);
    const secret = read(env, `${prefix}_SECRET`);
    if (siteKey === undefined && secret === undefined) continue;
    if (siteKey === undefined || secret === undefined) {
      throw new ConfigError(`${prefix}_SITE_KEY and ${prefix}_SECRET must be set together`);
    }
    const urls: Record<string, string | undefined> = {};
    for (const [name, key] of [
      ['verifyUrl', `${prefix}_VERIFY_URL`],
      ['scriptUrl', `${prefix}_SCRIPT_URL`],
    ] as const) {
      const raw = read(env, key);
      if (raw !== undefined && !/^https?:\/\/[^\s]+$/.test(raw)) {
        throw new ConfigError(`${key} must be an http(s) URL (got "${raw}")`);
      }
      urls[name] = raw;
    }
    out[provider] = { siteKey, secret, verifyUrl: urls.verifyUrl, scriptUrl: urls.scriptUrl };
  }
  return out;
}

/** Outgoing mail: one-time codes and notifications (docs/email.md). */
export interface MailConfig {
  /** FORMLOOM_SMTP_URL; unset: mails are written to the log (development). */
  smtpUrl: string | undefined;
  /** FORMLOOM_SMTP_FROM (default `Formloom <no-reply@localhost>`). */
  from: string | undefined;
  /** FORMLOOM_SMTP_REPLY_TO: the Reply-To of every mail; unset: none. */
  replyTo: string | undefined;
  /** FORMLOOM_MAILS_PER_RECIPIENT_HOUR: notification mails one address may get an hour (default 10). */
  perRecipientPerHour: number;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  prefix: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function port(env: Env): number {
  const raw = read(env, 'PORT');
  if (raw === undefined) return 3000;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 65_535)
    throw new ConfigError(`PORT must be an integer from 0 to 65535 (got "${raw}")`);
  return value;
}

function publicUrl(env: Env, listenPort: number): string {
  const raw = read(env, 'FORMLOOM_PUBLIC_URL');
  if (raw === undefined) return `http://localhost:${listenPort}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `FORMLOOM_PUBLIC_URL must be an absolute URL such as https://forms.example.com (got "${raw}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`FORMLOOM_PUBLIC_URL must use http or https (got "${url.protocol}")`);
  }
  // Only the origin counts, and a path prefix behind a proxy is kept: https://x.com/forms -> https://x.com/forms
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function databasePoolSize(env: Env): number {
  const raw = read(env, 'FORMLOOM_DATABASE_POOL_SIZE');
  if (raw === undefined) return 10;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 1000) {
    throw new ConfigError(`FORMLOOM_DATABASE_POOL_SIZE must be an integer from 1 to 1000 (got "${raw}")`);
  }
  return value;
}

const SIZE_UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2 };

function bodyLimit(env: Env): number {
  const raw = read(env, 'FORMLOOM_BODY_LIMIT');
  if (raw === undefined) return DEFAULT_BODY_LIMIT_BYTES;
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw);
  const bytes = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? 'b').toLowerCase()]! : Number.NaN;
  if (!(bytes >= 1024 && bytes <= 64 * 1024 ** 2)) {
    throw new ConfigError(`FORMLOOM_BODY_LIMIT must be a size from 1kb to 64mb such as 1mb (got "${raw}")`);
  }
  return bytes;
}

/** Credentials come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, roles). */
function s3(env: Env): S3Config | undefined {
  const bucket = read(env, 'FORMLOOM_S3_BUCKET');
  const others = [
    'FORMLOOM_S3_REGION',
    'FORMLOOM_S3_ENDPOINT',
    'FORMLOOM_S3_FORCE_PATH_STYLE',
    'FORMLOOM_S3_PREFIX',
  ];
  if (bucket === undefined) {
    const stray = others.find((name) => read(env, name) !== undefined);
    if (stray !== undefined)
      throw new ConfigError(`${stray} is set but FORMLOOM_S3_BUCKET is not: name the bucket`);
    return undefined;
  }
  const endpoint = read(env, 'FORMLOOM_S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new ConfigError(
      `FORMLOOM_S3_ENDPOINT must be an http(s) URL such as http://minio:9000 (got "${endpoint}")`,
    );
  }
  const pathStyle = read(env, 'FORMLOOM_S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && !['0', '1', 'true', 'false'].includes(pathStyle)) {
    throw new ConfigError(`FORMLOOM_S3_FORCE_PATH_STYLE must be 1 or 0 (got "${pathStyle}")`);
  }
  const prefix = read(env, 'FORMLOOM_S3_PREFIX');
  if (prefix !== undefined && !/^([A-Za-z0-9_.-]+\/)+$/.test(prefix)) {
    throw new ConfigError(
      `FORMLOOM_S3_PREFIX must be folder names each ending in "/" such as formloom/ (got "${prefix}")`,
    );
  }
  return {
    bucket,
    region: read(env, 'FORMLOOM_S3_REGION') ?? 'us-east-1',
    endpoint,
    // An endpoint of its own is usually MinIO, R2 or the like, which want path-style URLs.
    forcePathStyle:
      pathStyle === undefined ? endpoint !== undefined : pathStyle === '1' || pathStyle === 'true',
    prefix,
  };
}

function trustProxy(env: Env): TrustProxy {
  try {
    return parseTrustProxy(read(env, 'FORMLOOM_TRUST_PROXY'));
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const fail = (message: string) => new ConfigError(message);

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const listenPort = port(env);
  const logLevel = read(env, 'FORMLOOM_LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`FORMLOOM_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  return {
    port: listenPort,
    host: read(env, 'HOST'),
    dataDir: resolve(cwd, read(env, 'FORMLOOM_DATA_DIR') ?? '.formloom'),
    databaseUrl: read(env, 'FORMLOOM_DATABASE_URL'),
    databasePoolSize: databasePoolSize(env),
    publicUrl: publicUrl(env, listenPort),
    bodyLimitBytes: bodyLimit(env),
    bodyTimeoutMs: duration(env, 'FORMLOOM_BODY_TIMEOUT', 10_000, fail),
    requestTimeoutMs: duration(env, 'FORMLOOM_REQUEST_TIMEOUT', 120_000, fail),
    maxConnectionsPerClient: integer(env, 'FORMLOOM_MAX_CONNECTIONS_PER_CLIENT', 256, 1, 100_000, fail),
    publicRateLimitPerMinute: integer(env, 'FORMLOOM_PUBLIC_RATE_LIMIT', 120, 1, 1_000_000, fail),
    logLevel,
    trustProxy: trustProxy(env),
    s3: s3(env),
    deletedRetentionMs: duration(env, 'FORMLOOM_DELETED_RETENTION', 30 * 86_400_000, fail),
    auditRetentionMs: duration(env, 'FORMLOOM_AUDIT_RETENTION', 365 * 86_400_000, fail),
    dnsServers: dnsServers(env, fail),
    stripeApiBase: stripeApiBase(env, fail),
    shutdownTimeoutMs: duration(env, 'FORMLOOM_SHUTDOWN_TIMEOUT', 10_000, fail),
    webhooks: loadWebhookConfig(env, fail),
    integrations: loadIntegrationsConfig(env, fail),
    ai: loadAiConfig(env, fail),
    smartForms: {
      sessionIdleMs: duration(env, 'FORMLOOM_SESSION_IDLE_TIMEOUT', 24 * 3_600_000, fail),
      questionTimeoutMs: duration(env, 'FORMLOOM_INTERVIEW_AI_TIMEOUT', 20_000, fail),
    },
    captcha: captcha(env),
    // From src/ (tsx) and dist/ (the build) alike, ../../dashboard/dist is apps/dashboard's build.
    dashboardDir:
      read(env, 'FORMLOOM_DASHBOARD_DIR') ?? fileURLToPath(new URL('../../dashboard/dist/', import.meta.url)),
    mail: {
      smtpUrl: read(env, 'FORMLOOM_SMTP_URL'),
      from: read(env, 'FORMLOOM_SMTP_FROM'),
      replyTo: read(env, 'FORMLOOM_SMTP_REPLY_TO'),
      perRecipientPerHour: integer(
        env,
        'FORMLOOM_MAILS_PER_RECIPIENT_HOUR',
        DEFAULT_MAILS_PER_RECIPIENT_HOUR,
        1,
        10_000,
        fail,
      ),
    },
  };
}

/** FORMLOOM_STRIPE_API_BASE: an http(s) origin (a stand-in, a proxy); the Stripe client takes its host, port and protocol. */
function stripeApiBase(env: Env, fail: (message: string) => Error): string | undefined {
  const raw = read(env, 'FORMLOOM_STRIPE_API_BASE');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(`FORMLOOM_STRIPE_API_BASE is "${raw}", which is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw fail('FORMLOOM_STRIPE_API_BASE must be an http or https URL');
  }
  return url.origin;
}

/** FORMLOOM_DNS_SERVERS: comma-separated addresses (`127.0.0.1:5353`, `[::1]:53`), checked as node's resolver takes them. */
function dnsServers(env: Env, fail: (message: string) => Error): string[] | undefined {
  const raw = read(env, 'FORMLOOM_DNS_SERVERS');
  if (raw === undefined) return undefined;
  const servers = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    try {
      new Resolver().setServers([server]);
    } catch {
      throw fail(`FORMLOOM_DNS_SERVERS holds "${server}", which is not an address (host or host:port)`);
    }
  }
  return servers.length === 0 ? undefined : servers;
}
