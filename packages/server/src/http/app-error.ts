import { type ErrorCode, type ErrorIssue, type RateLimitInfo, statusOfErrorCode } from '@formloom/contract';

/**
 * The error a handler throws to answer with the error envelope: a code of the contract's error
 * table (which fixes the HTTP status) and a message a person can act on.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** `issues` of a 400: each invalid value. */
  readonly issues: ErrorIssue[] | undefined;
  /** `rate_limit` of a 429: which limit was hit and when to retry. */
  readonly rateLimit: RateLimitInfo | undefined;

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[], rateLimit?: RateLimitInfo) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOfErrorCode(code);
    this.issues = issues;
    this.rateLimit = rateLimit;
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError('BAD_REQUEST', message, issues);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooManyRequests = (message: string, rateLimit: RateLimitInfo) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, rateLimit);
