/**
 * The one table of error codes and their HTTP statuses, shared by the server (which answers with
 * them) and the SDK (which maps statuses back to error classes). Codes and statuses are one to one.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/**
 * Codes for one case of a general error, answered with that error's status: a client that does
 * not know one classifies the answer by its status (docs/captcha.md: a missing or refused captcha
 * is a 400 with `CAPTCHA_FAILED`; a cross-origin request with the session cookie a 403 with
 * `CROSS_ORIGIN_REFUSED`).
 */
export const ERROR_CASES = {
  CAPTCHA_FAILED: 'BAD_REQUEST',
  /** A state-changing request with the dashboard's session cookie from another origin (CSRF). */
  CROSS_ORIGIN_REFUSED: 'FORBIDDEN',
  /** Demoting or removing the account's last owner: at least one owner always remains. */
  LAST_OWNER: 'CONFLICT',
  /**
   * A page on an origin the form does not name in `settings.allowedOrigins` called its public
   * routes; answered with CORS headers, so that the page's script can read why.
   */
  ORIGIN_NOT_ALLOWED: 'FORBIDDEN',
  /**
   * A password-protected form's public route without a valid unlock token (`X-Formloom-Access`),
   * or a wrong password at its unlock route; the body names the form's title (`form.title`) only.
   */
  PASSWORD_REQUIRED: 'UNAUTHORIZED',
  /**
   * The form takes no responses now: before its opening time (every public route, reads too, with
   * the form's closed message), or archived (expired or full: submissions only).
   */
  FORM_CLOSED: 'CONFLICT',
  /**
   * A respondent's edit of their response after its window (`allowEdit.hours` after it was
   * submitted), or of a form whose edits were turned off since.
   */
  EDIT_WINDOW_CLOSED: 'CONFLICT',
  /**
   * One response per person: the personal link, or the verified address, answered already (a
   * retry under the first submission's Idempotency-Key gets that response instead).
   */
  ALREADY_ANSWERED: 'CONFLICT',
  /**
   * A form with `oneResponse: "link"` takes submissions through a personal link only: none was
   * sent, or it is unknown or revoked.
   */
  LINK_REQUIRED: 'FORBIDDEN',
  /**
   * A form with `oneResponse: "email"` takes submissions with a `verificationToken` only: none was
   * sent, or it is wrong or expired.
   */
  VERIFICATION_REQUIRED: 'FORBIDDEN',
  /**
   * A password sign-in of a member whose account signs in through its single sign-on only
   * (`enforce`): start at `/v1/auth/sso/start?account=<id>` instead.
   */
  SSO_REQUIRED: 'FORBIDDEN',
  /** A payment's completion before Stripe took the payment (the respondent came back unpaid). */
  PAYMENT_REQUIRED_FIRST: 'PAYMENT_REQUIRED',
  /** A plain submission (or a partial's completion) to a form with a payment field: pay through Checkout. */
  CHECKOUT_REQUIRED: 'CONFLICT',
  /** A payment started on a form whose account has set no Stripe keys. */
  STRIPE_NOT_CONNECTED: 'CONFLICT',
  /** A payment started on a form without a payment field: submit it instead. */
  CHECKOUT_NOT_NEEDED: 'CONFLICT',
  /**
   * A paid payment whose response could not be stored (the form closed, was deleted or is full, or
   * the answers are no longer valid): the server refunded it in full through Stripe.
   */
  PAYMENT_REFUNDED: 'CONFLICT',
  /**
   * A sign-in of a member with two-factor on: the password was not enough, the body must carry
   * `code` (a current TOTP code or an unused recovery code); also a wrong or reused code.
   */
  TWO_FACTOR_REQUIRED: 'UNAUTHORIZED',
  /**
   * The account requires two-factor and this member has not turned it on yet: every route but
   * the two-factor set-up, `GET /v1/auth/me` and sign-out refuses them until they do.
   */
  TWO_FACTOR_ENROLMENT_REQUIRED: 'FORBIDDEN',
  /** Connecting Google Sheets on a server without an OAuth client (FORMLOOM_GOOGLE_CLIENT_ID unset). */
  GOOGLE_NOT_CONFIGURED: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;

export type ErrorCaseCode = keyof typeof ERROR_CASES;
export const ERROR_CASE_CODES = [
  'CAPTCHA_FAILED',
  'CROSS_ORIGIN_REFUSED',
  'LAST_OWNER',
  'ORIGIN_NOT_ALLOWED',
  'PASSWORD_REQUIRED',
  'FORM_CLOSED',
  'EDIT_WINDOW_CLOSED',
  'ALREADY_ANSWERED',
  'LINK_REQUIRED',
  'VERIFICATION_REQUIRED',
  'SSO_REQUIRED',
  'PAYMENT_REQUIRED_FIRST',
  'CHECKOUT_REQUIRED',
  'STRIPE_NOT_CONNECTED',
  'CHECKOUT_NOT_NEEDED',
  'PAYMENT_REFUNDED',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_ENROLMENT_REQUIRED',
  'GOOGLE_NOT_CONFIGURED',
] as const satisfies readonly ErrorCaseCode[];

export function isErrorCaseCode(value: unknown): value is ErrorCaseCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CASES, value);
}

/** The HTTP status of a code or of a case code (its general code's). */
export function statusOfAnyErrorCode(code: ErrorCode | ErrorCaseCode): ErrorStatus {
  return ERROR_STATUS[isErrorCaseCode(code) ? ERROR_CASES[code] : code];
}

/** Reverse of {@link ERROR_STATUS}. */
export const ERROR_CODE_BY_STATUS = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code]),
) as { [S in ErrorStatus]: { [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never }[ErrorCode] };

/** What each status means, for error responses in the OpenAPI document and default messages. */
export const ERROR_DESCRIPTIONS: Readonly<Record<ErrorCode, string>> = {
  BAD_REQUEST: 'Invalid body, query or path parameters',
  UNAUTHORIZED: 'Credentials missing, invalid or expired',
  PAYMENT_REQUIRED: 'Not enough credits',
  FORBIDDEN: 'Scope missing or plan tier too low',
  NOT_FOUND: 'Resource not found',
  REQUEST_TIMEOUT: 'The request body did not arrive in time',
  CONFLICT: 'The request conflicts with the current state of the resource',
  PRECONDITION_FAILED: 'The resource changed since the version `If-Match` names',
  PAYLOAD_TOO_LARGE: 'Request body or file too large',
  UNSUPPORTED_MEDIA_TYPE: 'Content type not accepted',
  TOO_MANY_REQUESTS: 'Rate limit or monthly quota exceeded',
  INTERNAL_SERVER_ERROR: 'Unexpected error',
  SERVICE_UNAVAILABLE: 'Capacity limit reached; retry later',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The HTTP status of an error code. */
export function statusOfErrorCode(code: ErrorCode): ErrorStatus {
  return ERROR_STATUS[code];
}

/**
 * The error code for an HTTP status. A status outside the table maps to the nearest general code
 * (any other 4xx to BAD_REQUEST, 5xx to INTERNAL_SERVER_ERROR), so a client can always classify.
 */
export function errorCodeOfStatus(status: number): ErrorCode {
  const code = (ERROR_CODE_BY_STATUS as Record<number, ErrorCode | undefined>)[status];
  if (code) return code;
  return status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
}
