import type { ErrorCaseCode, ErrorIssue, RateLimitInfo } from '@formloom/contract';

/**
 * What services throw when a request cannot be done as asked. They say what went wrong in the
 * domain's words (not found, conflict, invalid input, ...) and know nothing of HTTP: the HTTP
 * layer maps each class to a status and the envelope in one place (`http/app-error.ts`), and the
 * CLI maps the same classes to its exit codes. Anything else thrown is a bug (a 500).
 */
export abstract class DomainError extends Error {
  /** A case of the class's general code the answer names instead (`CAPTCHA_FAILED` for a 400). */
  readonly caseCode?: ErrorCaseCode;
}

/** The input is wrong in a way the caller can fix; `issues` names each invalid value. */
export class InvalidInputError extends DomainError {
  override name = 'InvalidInputError';
  readonly issues: ErrorIssue[] | undefined;
  constructor(message: string, issues?: ErrorIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/** No credential, or one that is not (or no longer) valid. */
export class UnauthenticatedError extends DomainError {
  override name = 'UnauthenticatedError';
}

/**
 * A password-protected form asked of without a valid unlock token, or a wrong password at its
 * unlock route (401 PASSWORD_REQUIRED); the answer names the form's title, nothing else of it.
 */
export class PasswordRequiredError extends UnauthenticatedError {
  override name = 'PasswordRequiredError';
  override readonly caseCode = 'PASSWORD_REQUIRED' as const;
  constructor(
    message: string,
    readonly formTitle: string,
  ) {
    super(message);
  }
}

/**
 * A sign-in of a member with two-factor on that the password alone cannot finish: no code, or a
 * wrong or already used one (401 TWO_FACTOR_REQUIRED). No session is made.
 */
export class TwoFactorRequiredError extends UnauthenticatedError {
  override name = 'TwoFactorRequiredError';
  override readonly caseCode = 'TWO_FACTOR_REQUIRED' as const;
}

/** Known caller, not allowed: a scope or plan too low, or a plan's limit reached. */
export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';
}

/**
 * The account requires two-factor and the signed-in member has not turned it on: only its set-up
 * is served (403 TWO_FACTOR_ENROLMENT_REQUIRED).
 */
export class TwoFactorEnrolmentRequiredError extends ForbiddenError {
  override name = 'TwoFactorEnrolmentRequiredError';
  override readonly caseCode = 'TWO_FACTOR_ENROLMENT_REQUIRED' as const;
}

/** Not there, or not the caller's (another account's id looks the same). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
}

/** The current state of the resource forbids it (already used, changed meanwhile, ...). */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
}

/**
 * The form takes nothing now (409 FORM_CLOSED): not open yet (every public route, with the form's
 * closed message), or archived (expired or full: submissions).
 */
export class FormClosedError extends ConflictError {
  override name = 'FormClosedError';
  override readonly caseCode = 'FORM_CLOSED' as const;
}

/**
 * A respondent's edit after its window (`allowEdit.hours` after the submission), or of a form
 * whose edits were turned off since (409 EDIT_WINDOW_CLOSED).
 */
export class EditWindowClosedError extends ConflictError {
  override name = 'EditWindowClosedError';
  override readonly caseCode = 'EDIT_WINDOW_CLOSED' as const;
}

/**
 * One response per person: the personal link or the proven address answered already (409
 * ALREADY_ANSWERED).
 */
export class AlreadyAnsweredError extends ConflictError {
  override name = 'AlreadyAnsweredError';
  override readonly caseCode = 'ALREADY_ANSWERED' as const;
}

/**
 * Who may answer is not proven: a form answered through personal links only without a valid
 * link (403 LINK_REQUIRED), or one answered by proven addresses without a valid verification
 * token (403 VERIFICATION_REQUIRED).
 */
export class RespondentRefusedError extends ForbiddenError {
  override name = 'RespondentRefusedError';
  constructor(
    message: string,
    override readonly caseCode: 'LINK_REQUIRED' | 'VERIFICATION_REQUIRED',
  ) {
    super(message);
  }
}

/**
 * A member's password sign-in to an account that signs its members in through single sign-on
 * only (403 SSO_REQUIRED).
 */
export class SsoRequiredError extends ForbiddenError {
  override name = 'SsoRequiredError';
  override readonly caseCode = 'SSO_REQUIRED' as const;
}

/** The caller's copy is stale: the resource changed since the version its `If-Match` names. */
export class PreconditionFailedError extends DomainError {
  override name = 'PreconditionFailedError';
}

/** Not enough credits for the call. */
export class PaymentRequiredError extends DomainError {
  override name = 'PaymentRequiredError';
}

/** A payment completed before Stripe took it (402 PAYMENT_REQUIRED_FIRST). */
export class PaymentRequiredFirstError extends PaymentRequiredError {
  override name = 'PaymentRequiredFirstError';
  override readonly caseCode = 'PAYMENT_REQUIRED_FIRST' as const;
}

/** Connecting Google Sheets on a server without a Google OAuth client (409 GOOGLE_NOT_CONFIGURED). */
export class GoogleNotConfiguredError extends ConflictError {
  override name = 'GoogleNotConfiguredError';
  override readonly caseCode = 'GOOGLE_NOT_CONFIGURED' as const;
}

/**
 * A payment's state forbids it (409): a plain submission to a form with a payment field
 * (CHECKOUT_REQUIRED), a payment started without the account's Stripe keys (STRIPE_NOT_CONNECTED)
 * or on a form without a payment field (CHECKOUT_NOT_NEEDED), a paid payment refunded because its
 * response could not be stored (PAYMENT_REFUNDED).
 */
export class PaymentConflictError extends ConflictError {
  override name = 'PaymentConflictError';
  constructor(
    message: string,
    override readonly caseCode:
      | 'CHECKOUT_REQUIRED'
      | 'STRIPE_NOT_CONNECTED'
      | 'CHECKOUT_NOT_NEEDED'
      | 'PAYMENT_REFUNDED',
  ) {
    super(message);
  }
}

/** A file or value over its size limit. */
export class TooLargeError extends DomainError {
  override name = 'TooLargeError';
}

/** A file whose content is of a type not accepted there. */
export class UnsupportedTypeError extends DomainError {
  override name = 'UnsupportedTypeError';
}

/** A rate limit or monthly quota reached; `rateLimit` says which and when to retry. */
export class RateLimitedError extends DomainError {
  override name = 'RateLimitedError';
  readonly rateLimit: RateLimitInfo;
  constructor(message: string, rateLimit: RateLimitInfo) {
    super(message);
    this.rateLimit = rateLimit;
  }
}

/** A dependency (the AI provider, ...) cannot answer now; retry later. */
export class UnavailableError extends DomainError {
  override name = 'UnavailableError';
}

export const badRequest = (message: string, issues?: ErrorIssue[]) => new InvalidInputError(message, issues);
export const unauthorized = (message: string) => new UnauthenticatedError(message);
export const forbidden = (message: string) => new ForbiddenError(message);
export const notFound = (message: string) => new NotFoundError(message);
export const conflict = (message: string) => new ConflictError(message);
export const preconditionFailed = (message: string) => new PreconditionFailedError(message);
export const paymentRequired = (message: string) => new PaymentRequiredError(message);
export const tooLarge = (message: string) => new TooLargeError(message);
export const unsupportedType = (message: string) => new UnsupportedTypeError(message);
export const tooManyRequests = (message: string, rateLimit: RateLimitInfo) =>
  new RateLimitedError(message, rateLimit);
export const unavailable = (message: string) => new UnavailableError(message);
