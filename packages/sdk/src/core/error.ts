import {
  type ERROR_CASES,
  type ERROR_STATUS,
  type ErrorCaseCode,
  type ErrorCode,
  type ErrorIssue,
  errorCodeOfStatus,
  isErrorCaseCode,
  isErrorCode,
  RATE_LIMIT_HEADERS,
  type RateLimitType,
  type WebhookSignatureFailure,
} from '@formloom/contract';
import { parseNumber, REQUEST_ID_HEADER } from '../internal/headers.js';

/**
 * The codes an error answer of status `S` can carry: the status's general code and its cases
 * (for 409: `CONFLICT`, `FORM_CLOSED`, `ALREADY_ANSWERED`, ...); any code for an unknown status.
 */
export type ErrorCodeOfStatus<S extends number | undefined> = number extends S
  ? ErrorCode | ErrorCaseCode
  : S extends number
    ?
        | { [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never }[ErrorCode]
        | {
            [K in ErrorCaseCode]: (typeof ERROR_STATUS)[(typeof ERROR_CASES)[K]] extends S ? K : never;
          }[ErrorCaseCode]
    : never;

/** Base of every error the SDK throws. */
export class FormloomError extends Error {
  override name = 'FormloomError';
}

/**
 * An error answer of the API, or a request that got no answer (`status` undefined: see
 * {@link APIConnectionError}). Catch a subclass to handle one status.
 *
 * ```ts
 * try {
 *   await client.forms.retrieve(id);
 * } catch (err) {
 *   if (err instanceof NotFoundError) return null;
 *   throw err;
 * }
 * ```
 */
export class APIError<TStatus extends number | undefined = number | undefined> extends FormloomError {
  override name = 'APIError';
  /** HTTP status; undefined when no answer arrived. */
  readonly status: TStatus;
  /**
   * The envelope's `error` code: a general one (`NOT_FOUND`, ...), or a case of the status's
   * general code that the route declares (`FORM_CLOSED` for a 409, `CAPTCHA_FAILED` for a 400);
   * derived from the status when the body names none.
   */
  readonly code: ErrorCodeOfStatus<TStatus> | undefined;
  readonly headers: Headers | undefined;
  /** `X-Request-Id` of the answer: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** The parsed error body (`{message, data: null, error}`), when there was one. */
  readonly body: unknown;
  /** Validation problems of a 400 answer. */
  readonly issues: ErrorIssue[] | undefined;

  constructor(status: TStatus, body: unknown, message: string | undefined, headers: Headers | undefined) {
    super(APIError.#makeMessage(status, body, message));
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.requestId = headers?.get(REQUEST_ID_HEADER) ?? undefined;
    const envelope = asRecord(body);
    const code =
      isErrorCode(envelope?.error) || isErrorCaseCode(envelope?.error)
        ? envelope.error
        : status === undefined
          ? undefined
          : errorCodeOfStatus(status);
    // The server answers each code with its own status (the contract's one table of both).
    this.code = code as ErrorCodeOfStatus<TStatus> | undefined;
    this.issues = Array.isArray(envelope?.issues) ? (envelope.issues as ErrorIssue[]) : undefined;
  }

  static #makeMessage(status: number | undefined, body: unknown, message: string | undefined): string {
    const text = (asRecord(body)?.message as string | undefined) ?? message;
    if (status !== undefined && text) return `${status} ${text}`;
    if (status !== undefined) return `${status} status code (no body)`;
    return text ?? 'Connection error';
  }

  /** The error class for a status: one subclass per status of the error table. */
  static generate(
    status: number | undefined,
    body: unknown,
    message: string | undefined,
    headers: Headers | undefined,
  ): APIError {
    if (status === undefined) return new APIConnectionError({ message });
    switch (status) {
      case 400:
        return new BadRequestError(400, body, message, headers);
      case 401:
        return new AuthenticationError(401, body, message, headers);
      case 402:
        return new PaymentRequiredError(402, body, message, headers);
      case 403:
        return new PermissionDeniedError(403, body, message, headers);
      case 404:
        return new NotFoundError(404, body, message, headers);
      case 409:
        return new ConflictError(409, body, message, headers);
      case 412:
        return new PreconditionFailedError(412, body, message, headers);
      case 429:
        return new RateLimitError(429, body, message, headers);
      case 503:
        return new ServiceUnavailableError(503, body, message, headers);
      default:
        if (status >= 500) return new InternalServerError(status, body, message, headers);
        return new APIError<number | undefined>(status, body, message, headers);
    }
  }
}

export class BadRequestError extends APIError<400> {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError<401> {
  override name = 'AuthenticationError';
}
/** Not enough credits. */
export class PaymentRequiredError extends APIError<402> {
  override name = 'PaymentRequiredError';
}
/** Scope missing or plan tier too low. */
export class PermissionDeniedError extends APIError<403> {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError<404> {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError<409> {
  override name = 'ConflictError';
}

/** The resource changed since the ETag sent as `ifMatch`: read it again before editing. */
export class PreconditionFailedError extends APIError<412> {
  override name = 'PreconditionFailedError';
}
/** Any 5xx other than 503. */
export class InternalServerError extends APIError<number> {
  override name = 'InternalServerError';
}
export class ServiceUnavailableError extends APIError<503> {
  override name = 'ServiceUnavailableError';
}

/**
 * A rate limit or the monthly quota was hit (after the SDK's own retries). The fields come from the
 * body's `rate_limit` object, falling back to the `Retry-After` and `X-RateLimit-*` headers.
 */
export class RateLimitError extends APIError<429> {
  override name = 'RateLimitError';
  /** Seconds to wait before retrying. */
  readonly retryAfter: number | undefined;
  readonly type: RateLimitType | undefined;
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  /** Unix seconds when the window resets. */
  readonly reset: number | undefined;

  constructor(status: 429, body: unknown, message: string | undefined, headers: Headers | undefined) {
    super(status, body, message, headers);
    const info = asRecord(asRecord(body)?.rate_limit);
    const header = (name: string) => parseNumber(headers?.get(name));
    this.retryAfter = parseNumber(info?.retry_after) ?? header(RATE_LIMIT_HEADERS.retryAfter);
    this.type = typeof info?.type === 'string' ? (info.type as RateLimitType) : undefined;
    this.limit = parseNumber(info?.limit) ?? header(RATE_LIMIT_HEADERS.limit);
    this.remaining = parseNumber(info?.remaining) ?? header(RATE_LIMIT_HEADERS.remaining);
    this.reset = parseNumber(info?.reset) ?? header(RATE_LIMIT_HEADERS.reset);
  }
}

/** No answer arrived: DNS, refused connection, reset socket, CORS ... `cause` holds the original. */
export class APIConnectionError extends APIError<undefined> {
  override name = 'APIConnectionError';
  constructor({ message, cause }: { message?: string | undefined; cause?: unknown } = {}) {
    super(undefined, undefined, message ?? 'Connection error.', undefined);
    if (cause !== undefined) this.cause = cause;
  }
}

/** No answer within `timeout` (per attempt). */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
  constructor({ message, cause }: { message?: string; cause?: unknown } = {}) {
    super({ message: message ?? 'Request timed out.', cause });
  }
}

/** The caller aborted the request through its `signal` (or left a stream's loop early). */
export class APIUserAbortError extends APIError<undefined> {
  override name = 'APIUserAbortError';
  constructor({ message, cause }: { message?: string; cause?: unknown } = {}) {
    super(undefined, undefined, message ?? 'Request was aborted.', undefined);
    if (cause !== undefined) this.cause = cause;
  }
}

/** A webhook or callback signature did not verify; `reason` says which check failed. */
export class WebhookVerificationError extends FormloomError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookSignatureFailure | 'invalid_event',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}
