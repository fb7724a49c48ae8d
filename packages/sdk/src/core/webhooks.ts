import {
  type HeaderSource,
  type SmartAnalyticsCallback,
  verifyAnalyticsCallback as verifyCallbackSignature,
  verifyDelivery,
  type WebhookEvent,
  WebhookSignatureError,
} from '@formloom/contract';
import { WebhookVerificationError } from './error.js';

export interface VerifyWebhookParams {
  /** The raw request body, exactly as received (string, Uint8Array or Buffer); not parsed JSON. */
  payload: string | Uint8Array | ArrayBuffer;
  /** The request headers: a `Headers`, express's `req.headers`, or a plain record. */
  headers: HeaderSource;
  /** The endpoint's signing secret (`whsec_...`), or several while rotating. */
  secret: string | readonly string[];
  /** Seconds a signature stays valid, either way. Default 300. */
  toleranceSeconds?: number;
}

/**
 * Checks a webhook delivery's signature (Standard Webhooks headers, or `X-Service-Signature`)
 * in constant time, with a 5-minute tolerance, and returns the typed event. Throws
 * {@link WebhookVerificationError}. WebCrypto only: works in Node, edge runtimes and browsers.
 *
 * ```ts
 * app.post('/webhooks/formloom', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const event = await verifyWebhook({ payload: req.body, headers: req.headers, secret });
 *   if (event.type === 'FORM_RESPONSE_CREATED') console.log(event.data.answers);
 *   res.sendStatus(204);
 * });
 * ```
 */
export async function verifyWebhook(params: VerifyWebhookParams): Promise<WebhookEvent> {
  const { body } = await asVerificationError(
    verifyDelivery({
      payload: params.payload,
      headers: params.headers,
      secret: params.secret,
      ...(params.toleranceSeconds === undefined ? {} : { toleranceSeconds: params.toleranceSeconds }),
    }),
  );
  return parseJson<WebhookEvent>(body);
}

export interface VerifyAnalyticsCallbackParams {
  payload: string | Uint8Array | ArrayBuffer;
  headers: HeaderSource;
  /** The account's analytics signing secret, or several while rotating. */
  secret: string | readonly string[];
}

/**
 * Checks the `X-Service-Signature-256` of a smart-analytics callback and returns the typed
 * report. The scheme has no timestamp: de-duplicate by `reportId`.
 */
export async function verifyAnalyticsCallback(
  params: VerifyAnalyticsCallbackParams,
): Promise<SmartAnalyticsCallback> {
  const body = await asVerificationError(verifyCallbackSignature(params));
  return parseJson<SmartAnalyticsCallback>(body);
}

async function asVerificationError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new WebhookVerificationError(error.reason, error.message, { cause: error });
    }
    throw error;
  }
}

function parseJson<T>(body: string): T {
  try {
    return JSON.parse(body) as T;
  } catch (error) {
    throw new WebhookVerificationError('invalid_event', 'The signed body is not JSON', { cause: error });
  }
}
