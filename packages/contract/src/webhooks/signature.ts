/**
 * Webhook and callback signatures (docs/webhooks.md "Headers and signature", docs/ai.md), shared by the
 * server, which signs deliveries, and the SDK, which verifies them. WebCrypto and TextEncoder only, so the
 * same code runs in Node 22.12+, browsers, Deno, Bun and edge runtimes.
 *
 * Key bytes: a secret `whsec_<base64>` is keyed with the base64-decoded bytes after the prefix,
 * exactly as Standard Webhooks does; `X-Service-Signature` uses the same bytes, so one secret gives
 * one key for both headers. Any other secret string is keyed with its UTF-8 bytes.
 */

import { WEBHOOK_HEADERS } from '../models/webhook.js';

/** Signatures older or newer than this are rejected (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The smart-analytics callback's signature header (lower case, as `Headers` reports it). */
export const ANALYTICS_SIGNATURE_HEADER = 'x-service-signature-256';

export type WebhookSignatureFailure =
  | 'invalid_payload'
  | 'invalid_secret'
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'no_matching_signature';

/** Thrown by the verifiers; `reason` says which check failed. */
export class WebhookSignatureError extends Error {
  override readonly name: string = 'WebhookSignatureError';
  constructor(
    readonly reason: WebhookSignatureFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A raw request body: exactly the bytes received, before any JSON parsing. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** `Headers`, a plain record (express `req.headers`), or a list of pairs. */
export type HeaderSource =
  | Headers
  | Iterable<readonly [string, string]>
  | { readonly [name: string]: string | readonly string[] | undefined };

export interface SignDeliveryInput {
  /** Unique delivery id (also sent as `X-Service-Delivery` and `webhook-id`). */
  id: string;
  /** Unix seconds; a `Date` is converted. */
  timestamp: number | Date;
  /** The exact JSON text that is sent as the request body. */
  body: RawBody;
  secret: string;
  /** The event type, sent as `X-Service-Event` when given. */
  event?: string;
}

// A type literal (not an interface), so it is assignable to `Record<string, string>` and `HeadersInit`.
export type DeliveryHeaders = {
  'X-Service-Signature': string;
  'X-Service-Delivery': string;
  'X-Service-Timestamp': string;
  'X-Service-Event'?: string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

export interface VerifyDeliveryInput {
  /** The raw body as received. A parsed object is rejected with a hint. */
  payload: unknown;
  headers: HeaderSource;
  /** One secret, or several while a secret is being rotated. */
  secret: string | readonly string[];
  /** Default 300 seconds. */
  toleranceSeconds?: number;
  /** Unix seconds to compare against; defaults to the clock. For tests. */
  now?: number;
}

export interface VerifiedDelivery {
  id: string;
  /** Unix seconds of the signature. */
  timestamp: number;
  /** The body as text. */
  body: string;
  /** `X-Service-Event`, when sent. */
  event: string | undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Signs one delivery and returns every signature header it carries: the `X-Service-*` set and the
 * Standard Webhooks trio, both over `<id>.<timestamp>.<body>`.
 *
 * ```ts
 * const headers = await signDelivery({ id: delivery.id, timestamp: new Date(), body, secret });
 * await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
 * ```
 */
export async function signDelivery(input: SignDeliveryInput): Promise<DeliveryHeaders> {
  const timestamp = toUnixSeconds(input.timestamp);
  const body = rawBodyText(input.body);
  const mac = await hmac(secretKeyBytes(input.secret), signedContent(input.id, timestamp, body));
  const headers: DeliveryHeaders = {
    'X-Service-Signature': `sha256=${toHex(mac)}`,
    'X-Service-Delivery': input.id,
    'X-Service-Timestamp': String(timestamp),
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${toBase64(mac)}`,
  };
  if (input.event !== undefined) headers['X-Service-Event'] = input.event;
  return headers;
}

/**
 * Verifies a delivery. Uses the Standard Webhooks headers when present, else the `X-Service-*`
 * ones; accepts any of several signatures (space-separated `v1,<base64>` or `sha256=<hex>`
 * entries) and any of several secrets, so rotation on either side works. Throws
 * {@link WebhookSignatureError}.
 *
 * ```ts
 * const { body } = await verifyDelivery({ payload: rawBody, headers: req.headers, secret });
 * ```
 */
export async function verifyDelivery(input: VerifyDeliveryInput): Promise<VerifiedDelivery> {
  const body = requireRawBody(input.payload);
  const get = headerReader(input.headers);
  const standard = get(WEBHOOK_HEADERS.webhookSignature);
  const id = standard ? get(WEBHOOK_HEADERS.webhookId) : get(WEBHOOK_HEADERS.delivery);
  const timestampText = standard ? get(WEBHOOK_HEADERS.webhookTimestamp) : get(WEBHOOK_HEADERS.timestamp);
  const signatureHeader = standard ?? get(WEBHOOK_HEADERS.signature);
  if (!id || !timestampText || !signatureHeader) {
    throw new WebhookSignatureError(
      'missing_headers',
      'Missing signature headers: expected webhook-id, webhook-timestamp and webhook-signature, or X-Service-Delivery, X-Service-Timestamp and X-Service-Signature',
    );
  }
  const timestamp = checkTimestamp(timestampText, input.toleranceSeconds, input.now);
  const provided = parseSignatures(signatureHeader, standard ? 'v1' : 'sha256');
  const content = signedContent(id, timestamp, body);
  for (const secret of secretList(input.secret)) {
    const expected = await hmac(secretKeyBytes(secret), content);
    if (matchesAny(expected, provided)) {
      return { id, timestamp, body, event: get(WEBHOOK_HEADERS.event) };
    }
  }
  throw new WebhookSignatureError('no_matching_signature', 'No signature matches the payload and secret');
}

export interface SignAnalyticsCallbackInput {
  body: RawBody;
  secret: string;
}

export interface VerifyAnalyticsCallbackInput {
  payload: unknown;
  headers: HeaderSource;
  secret: string | readonly string[];
}

/**
 * Signs a smart-analytics callback: `X-Service-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * body>`. The scheme has no timestamp, so receivers should de-duplicate by the report id.
 */
export async function signAnalyticsCallback(
  input: SignAnalyticsCallbackInput,
): Promise<{ 'X-Service-Signature-256': string }> {
  const mac = await hmac(secretKeyBytes(input.secret), rawBodyBytes(input.body));
  return { 'X-Service-Signature-256': `sha256=${toHex(mac)}` };
}

/** Verifies a smart-analytics callback; returns the body text or throws {@link WebhookSignatureError}. */
export async function verifyAnalyticsCallback(input: VerifyAnalyticsCallbackInput): Promise<string> {
  const body = requireRawBody(input.payload);
  const header = headerReader(input.headers)(ANALYTICS_SIGNATURE_HEADER);
  if (!header) {
    throw new WebhookSignatureError('missing_headers', 'Missing the X-Service-Signature-256 header');
  }
  const provided = parseSignatures(header, 'sha256');
  const bytes = encoder.encode(body);
  for (const secret of secretList(input.secret)) {
    if (matchesAny(await hmac(secretKeyBytes(secret), bytes), provided)) return body;
  }
  throw new WebhookSignatureError('no_matching_signature', 'No signature matches the payload and secret');
}

/** The bytes a secret keys the HMAC with (see the module comment). */
export function secretKeyBytes(secret: string): Uint8Array {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new WebhookSignatureError('invalid_secret', 'The signing secret must be a non-empty string');
  }
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return encoder.encode(secret);
  const key = fromBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length));
  if (!key || key.length === 0) {
    throw new WebhookSignatureError('invalid_secret', 'A whsec_ secret must be followed by base64 key bytes');
  }
  return key;
}

/** A fresh secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + toBase64(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

function signedContent(id: string, timestamp: number, body: string): Uint8Array {
  return encoder.encode(`${id}.${timestamp}.${body}`);
}

function toUnixSeconds(value: number | Date): number {
  const seconds = value instanceof Date ? Math.floor(value.getTime() / 1000) : value;
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new TypeError('timestamp must be whole Unix seconds or a Date');
  }
  return seconds;
}

function checkTimestamp(text: string, tolerance = WEBHOOK_TOLERANCE_SECONDS, now?: number): number {
  if (!/^\d{1,12}$/.test(text.trim())) {
    throw new WebhookSignatureError('invalid_timestamp', 'The signature timestamp is not Unix seconds');
  }
  const timestamp = Number(text.trim());
  const current = now ?? Math.floor(Date.now() / 1000);
  if (current - timestamp > tolerance) {
    throw new WebhookSignatureError('timestamp_too_old', 'The signature timestamp is too old');
  }
  if (timestamp - current > tolerance) {
    throw new WebhookSignatureError('timestamp_too_new', 'The signature timestamp is in the future');
  }
  return timestamp;
}

function requireRawBody(payload: unknown): string {
  if (typeof payload === 'string' || payload instanceof Uint8Array || payload instanceof ArrayBuffer) {
    return rawBodyText(payload);
  }
  const kind = payload === null ? 'null' : Array.isArray(payload) ? 'an array' : typeof payload;
  throw new WebhookSignatureError(
    'invalid_payload',
    `The payload must be the raw request body (string or Uint8Array/Buffer), got ${kind}. ` +
      'A signature covers the exact bytes sent, so verify before parsing JSON: e.g. with express use ' +
      "`express.raw({ type: 'application/json' })` on the webhook route instead of `express.json()`.",
  );
}

function rawBodyText(body: RawBody): string {
  return typeof body === 'string' ? body : decoder.decode(body);
}

function rawBodyBytes(body: RawBody): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

function secretList(secret: string | readonly string[]): readonly string[] {
  const list = typeof secret === 'string' ? [secret] : secret;
  if (list.length === 0) throw new WebhookSignatureError('invalid_secret', 'No signing secret given');
  return list;
}

function headerReader(headers: HeaderSource): (name: string) => string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    const h = headers as Headers;
    return (name) => h.get(name) ?? undefined;
  }
  const map = new Map<string, string>();
  const entries: Iterable<readonly [string, unknown]> =
    Symbol.iterator in (headers as object)
      ? (headers as Iterable<readonly [string, string]>)
      : Object.entries(headers as Record<string, unknown>);
  for (const [key, value] of entries) {
    const text = Array.isArray(value) ? value.join(' ') : value;
    if (typeof text === 'string') map.set(key.toLowerCase(), text);
  }
  return (name) => map.get(name);
}

/** Decoded signature bytes of every entry with the expected scheme; unknown schemes are skipped. */
function parseSignatures(header: string, scheme: 'v1' | 'sha256'): Uint8Array[] {
  const signatures: Uint8Array[] = [];
  for (const entry of header.split(/[\s]+/)) {
    if (scheme === 'v1' && entry.startsWith('v1,')) {
      const bytes = fromBase64(entry.slice(3));
      if (bytes) signatures.push(bytes);
    } else if (scheme === 'sha256' && entry.startsWith('sha256=')) {
      const bytes = fromHex(entry.slice(7));
      if (bytes) signatures.push(bytes);
    }
  }
  return signatures;
}

function matchesAny(expected: Uint8Array, provided: readonly Uint8Array[]): boolean {
  let matched = false;
  // Every candidate is compared in full, so timing does not reveal which entry (if any) matched.
  for (const candidate of provided) matched = timingSafeEqual(expected, candidate) || matched;
  return matched;
}

/** Compares every byte without an early exit; only the (public) length can end it sooner. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto (globalThis.crypto.subtle) is not available in this runtime');
  const cryptoKey = await subtle.importKey(
    'raw',
    key as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, data as BufferSource));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function fromHex(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
