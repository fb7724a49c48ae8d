import {
  ACCESS_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_RULE,
  isIdempotencyKey,
} from '@formloom/contract';
import ky, {
  type AfterResponseHook,
  HTTPError,
  type KyInstance,
  NetworkError,
  type RetryOptions,
  TimeoutError,
} from 'ky';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  FormloomError,
} from '../core/error.js';
import {
  ALL_METHODS,
  backoffDelay,
  MAX_RETRY_AFTER_MS,
  RETRY_STATUSES,
  retryAfterMs,
  SAFE_METHODS,
} from './retry.js';
import { randomUUID } from './runtime.js';

/** Options of one call; every API method takes them as its last argument. */
export interface RequestOptions {
  /** Aborts the request (and its retries). */
  signal?: AbortSignal;
  /** Milliseconds each attempt may take; default: the client's `timeout`. */
  timeout?: number;
  /** Retries after the first attempt; default: the client's `maxRetries`. */
  maxRetries?: number;
  /**
   * POST and PATCH: the `Idempotency-Key` sent with every attempt of this call. Default: a new
   * UUID per call. `null` sends none, and then the call is never retried. A key must follow the
   * contract's rule (`IDEMPOTENCY_KEY_RULE`), else the call throws a `TypeError` before sending.
   */
  idempotencyKey?: string | null;
  /**
   * An edit of a form: the `ETag` of the form as last read (`form._etag`), sent as `If-Match`.
   * When the form was changed since, nothing is written and the call throws a
   * `PreconditionFailedError` (412). Absent: the edit applies to whatever is stored.
   */
  ifMatch?: string;
  /**
   * A public call of a password-protected form: the token `client.public.unlockForm` answered,
   * sent as `X-Formloom-Access`. Without it such a form answers 401 (`PASSWORD_REQUIRED`).
   */
  accessToken?: string;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export interface TransportOptions {
  baseUrl: string;
  /** Undefined: the session cookie authenticates (`credentials: 'same-origin'`). */
  apiKey: string | undefined;
  timeout: number;
  maxRetries: number;
  fetch?: typeof globalThis.fetch | undefined;
  defaultHeaders?: Record<string, string> | undefined;
}

export interface SendArgs {
  method: string;
  /** Relative to the base URL, parameters filled in. */
  path: string;
  query?: URLSearchParams | undefined;
  /** JSON body, or a `FormData` sent as multipart (an upload); `undefined` sends none. */
  body?: unknown;
  accept?: string;
  options?: RequestOptions | undefined;
  /** The server de-duplicates this route's POST or PATCH by its Idempotency-Key. */
  replayable?: boolean;
}

/**
 * The one ky instance of a client, and the retry policy: 429, 503, connection failures and
 * timeouts are retried with jittered exponential backoff, or after the `Retry-After` / body
 * `rate_limit.retry_after` the server asked for; POST and PATCH only with an Idempotency-Key, and
 * after a connection failure or timeout only where the route de-duplicates by it.
 */
export class Transport {
  readonly #ky: KyInstance;

  constructor(private readonly options: TransportOptions) {
    this.#ky = ky.create({
      prefix: options.baseUrl,
      headers: {
        ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
        ...options.defaultHeaders,
      },
      ...(options.apiKey === undefined ? { credentials: 'same-origin' as const } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      timeout: options.timeout,
      hooks: { afterResponse: [retryOnStatus] },
    });
  }

  async send(args: SendArgs): Promise<Response> {
    const options = args.options ?? {};
    const method = args.method.toLowerCase();
    const needsKey = method === 'post' || method === 'patch';
    // Generated here, once per call: every retry of this call sends the same key.
    const key =
      options.idempotencyKey === undefined ? (needsKey ? randomUUID() : null) : options.idempotencyKey;
    // A key the server would refuse is a mistake in the calling code: say so before sending.
    if (key !== null && !isIdempotencyKey(key)) {
      throw new TypeError(`idempotencyKey must be ${IDEMPOTENCY_KEY_RULE}`);
    }
    const headers: Record<string, string> = { accept: args.accept ?? 'application/json' };
    if (key !== null) headers[IDEMPOTENCY_KEY_HEADER] = key;
    if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
    if (options.accessToken !== undefined) headers[ACCESS_TOKEN_HEADER] = options.accessToken;
    // After a connection failure or a timeout the server may have done the work already: a POST
    // or PATCH is sent again only to a route that de-duplicates by the key. A 429 or 503 means the
    // work was not done, so those are retried for any call that has a key.
    const resendAfterFailure = !needsKey || args.replayable === true;
    const retry: RetryOptions = {
      limit: options.maxRetries ?? this.options.maxRetries,
      methods: [...(needsKey && key === null ? SAFE_METHODS : ALL_METHODS)],
      // Statuses are retried by the afterResponse hook, which reads the body's retry_after.
      statusCodes: [],
      afterStatusCodes: [],
      retryOnTimeout: true,
      delay: (attempt) => backoffDelay(attempt),
      shouldRetry: ({ error }) =>
        error instanceof HTTPError || isAbort(error) || !resendAfterFailure ? false : undefined,
    };
    try {
      return await this.#ky(args.path, {
        method,
        headers: { ...headers, ...options.headers },
        ...(args.query && args.query.toString() !== '' ? { searchParams: args.query } : {}),
        ...(args.body === undefined
          ? {}
          : args.body instanceof FormData
            ? { body: args.body }
            : { json: args.body }),
        ...(options.signal ? { signal: options.signal } : {}),
        timeout: options.timeout ?? this.options.timeout,
        retry,
      });
    } catch (error) {
      throw await toFormloomError(error, options.signal);
    }
  }
}

const retryOnStatus: AfterResponseHook = async ({ request, options, response, retryCount }) => {
  if (!RETRY_STATUSES.has(response.status)) return;
  const { limit = 0, methods = [] } = options.retry;
  if (retryCount >= limit) return;
  if (!methods.includes(request.method.toLowerCase() as never)) return;
  const body: unknown = await response.json().catch(() => undefined);
  const wait = retryAfterMs(response.headers, body);
  // A long wait (a spent quota) is the caller's decision: the error surfaces with retryAfter.
  if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) return;
  return ky.retry({ delay: wait ?? backoffDelay(retryCount + 1), code: `HTTP_${response.status}` });
};

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/** Any failure of a request as the SDK's error classes. */
export async function toFormloomError(
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<FormloomError> {
  if (error instanceof FormloomError) return error;
  if (error instanceof HTTPError) {
    // ky has read the body already: parsed JSON, or the text of any other content type.
    const { response } = error;
    const body: unknown = error.data === '' ? undefined : error.data;
    const message =
      typeof body === 'string' && body !== '' ? body.slice(0, 500) : response.statusText || undefined;
    return APIError.generate(response.status, body, message, response.headers);
  }
  if (error instanceof TimeoutError) return new APITimeoutError({ cause: error });
  if (signal?.aborted || isAbort(error)) return new APIUserAbortError({ cause: error });
  // ky 2 wraps the fetch failure in a NetworkError; the SDK reports (and keeps as cause) the failure itself.
  const failure = error instanceof NetworkError && error.cause instanceof Error ? error.cause : error;
  return new APIConnectionError({ message: `Connection error: ${describe(failure)}`, cause: failure });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/**
 * The `data` of a JSON success envelope; a body that is no envelope is returned whole, and an
 * empty one as `undefined`.
 */
export async function parseEnvelope<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (text === '') return undefined as T;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new APIError(response.status, text, `The answer is not JSON: ${describe(error)}`, response.headers);
  }
  if (
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    (body as { error?: unknown }).error === null
  ) {
    return (body as { data: T }).data;
  }
  return body as T;
}
