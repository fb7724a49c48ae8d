import {
  ERROR_CASES,
  type ErrorCaseCode,
  type ErrorCode,
  type ErrorIssue,
  isErrorCaseCode,
  type LockedForm,
  type RateLimitInfo,
  statusOfAnyErrorCode,
} from '@formloom/contract';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PasswordRequiredError,
  PaymentRequiredError,
  PreconditionFailedError,
  RateLimitedError,
  TooLargeError,
  UnauthenticatedError,
  UnavailableError,
  UnsupportedTypeError,
} from '../domain-errors.js';

/**
 * An answer in the error envelope: a code of the contract's error table (which fixes the HTTP
 * status) and a message a person can act on. Thrown by the HTTP layer itself (body parsing,
 * timeouts, unknown routes); services throw domain errors (`../domain-errors.ts`), which
 * {@link fromDomainError} maps here.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ErrorCaseCode;
  /** The code of the error table `code` is a case of (itself for a general code). */
  readonly generalCode: ErrorCode;
  /** `issues` of a 400: each invalid value. */
  readonly issues: ErrorIssue[] | undefined;
  /** `rate_limit` of a 429: which limit was hit and when to retry. */
  readonly rateLimit: RateLimitInfo | undefined;
  /** `form` of a 401 PASSWORD_REQUIRED: the locked form's title, so its page can name it. */
  readonly form: LockedForm | undefined;

  constructor(
    code: ErrorCode | ErrorCaseCode,
    message: string,
    issues?: ErrorIssue[],
    rateLimit?: RateLimitInfo,
    form?: LockedForm,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.generalCode = isErrorCaseCode(code) ? ERROR_CASES[code] : code;
    this.status = statusOfAnyErrorCode(code);
    this.issues = issues;
    this.rateLimit = rateLimit;
    this.form = form;
  }
}

/**
 * The one table from a domain error's class to its code (and so its status). A subclass (an
 * operator error such as `KeyError`) answers as the class it extends.
 */
const CODE_OF_DOMAIN_ERROR: ReadonlyArray<
  readonly [abstract new (...args: never[]) => DomainError, ErrorCode]
> = [
  [InvalidInputError, 'BAD_REQUEST'],
  [UnauthenticatedError, 'UNAUTHORIZED'],
  [PaymentRequiredError, 'PAYMENT_REQUIRED'],
  [ForbiddenError, 'FORBIDDEN'],
  [NotFoundError, 'NOT_FOUND'],
  [ConflictError, 'CONFLICT'],
  [PreconditionFailedError, 'PRECONDITION_FAILED'],
  [TooLargeError, 'PAYLOAD_TOO_LARGE'],
  [UnsupportedTypeError, 'UNSUPPORTED_MEDIA_TYPE'],
  [RateLimitedError, 'TOO_MANY_REQUESTS'],
  [UnavailableError, 'SERVICE_UNAVAILABLE'],
];

/** A domain error as the HTTP answer it stands for; its message goes to the client as it is. */
export function fromDomainError(error: DomainError): AppError {
  const code = CODE_OF_DOMAIN_ERROR.find(([type]) => error instanceof type)?.[1];
  // A DomainError subclass missing from the table is a bug of ours: a 500, never a guess.
  if (code === undefined) return new AppError('INTERNAL_SERVER_ERROR', 'Internal server error');
  return new AppError(
    error.caseCode ?? code,
    error.message,
    error instanceof InvalidInputError ? error.issues : undefined,
    error instanceof RateLimitedError ? error.rateLimit : undefined,
    error instanceof PasswordRequiredError ? { title: error.formTitle } : undefined,
  );
}

/** Any error known to answer with the envelope (an AppError or a domain error), else undefined. */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return undefined;
}
