import {
  type ErrorIssue,
  errorBody,
  errorCodeOfStatus,
  issuesFromZodError,
  RATE_LIMIT_HEADERS,
} from '@formloom/contract';
import { RequestValidationError } from '@ts-rest/express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';
import { AppError, asAppError } from './app-error.js';
import { hasBody, lingeringClose } from './body-parsing.js';
import type { ErrorAnswerCheck, UndeclaredErrorAnswer } from './declared-errors.js';

const MAX_ISSUES_IN_MESSAGE = 3;
/** An error answer lists at most this many issues, so a body of a million faults stays small. */
export const MAX_ISSUES_LISTED = 20;

/** One sentence naming the invalid values: `body.title: Required; query.limit: ...`. */
export function summariseIssues(issues: readonly ErrorIssue[], fallback = 'Invalid request'): string {
  if (issues.length === 0) return fallback;
  const shown = issues
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  const more = issues.length - MAX_ISSUES_IN_MESSAGE;
  return more > 0 ? `${shown} (and ${more} more)` : shown;
}

/** A ts-rest request validation failure as a 400 whose message and `issues` name each value. */
export function validationError(err: RequestValidationError): AppError {
  const issues = [
    ...(err.pathParams ? issuesFromZodError(err.pathParams, 'params') : []),
    ...(err.headers ? issuesFromZodError(err.headers, 'headers') : []),
    ...(err.query ? issuesFromZodError(err.query, 'query') : []),
    ...(err.body ? issuesFromZodError(err.body, 'body') : []),
  ];
  return new AppError('BAD_REQUEST', summariseIssues(issues), issues);
}

/** For `createExpressEndpoints`' `requestValidationErrorHandler`. */
export function tsRestValidationHandler(
  err: RequestValidationError,
  _req: Request,
  _res: Response,
  next: NextFunction,
) {
  next(validationError(err));
}

/** body-parser and http-errors mark client errors with a status and a `type`. */
interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  /** zlib's code when a compressed body does not inflate. */
  code?: unknown;
}

function fromHttpError(err: HttpLikeError, limitDescription: string): AppError | undefined {
  const status = typeof err.status === 'number' ? err.status : err.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (typeof err.code === 'string' && err.code.startsWith('Z_')) {
    return new AppError(
      'BAD_REQUEST',
      'The body is marked with a Content-Encoding (gzip, deflate or br) but does not decompress: send it as marked, or unmarked',
    );
  }
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('BAD_REQUEST', 'Malformed JSON in request body');
    case 'entity.too.large':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `Request body is larger than the limit of ${limitDescription}`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding or charset; send UTF-8 JSON');
    case 'request.aborted':
      return new AppError('BAD_REQUEST', 'Request body was not received completely');
    default:
      return new AppError(errorCodeOfStatus(status), 'Invalid request');
  }
}

/** After every route: whatever reached here matched none. */
export function notFoundHandler() {
  return (req: Request, _res: Response, next: NextFunction) => {
    next(new AppError('NOT_FOUND', `No route ${req.method} ${req.path}`));
  };
}

/** A domain error, one of the HTTP layer's own, ts-rest's or body-parser's: else undefined. */
function knownError(err: unknown, limitDescription: string): AppError | undefined {
  const known = asAppError(err);
  if (known !== undefined) return known;
  if (err instanceof RequestValidationError) return validationError(err);
  if (typeof err === 'object' && err !== null) return fromHttpError(err as HttpLikeError, limitDescription);
  return undefined;
}

export interface ErrorHandlerOptions {
  bodyLimitDescription: string;
  /**
   * Tests only: each answer is checked against the error answers its route declares; one that is
   * not declared is logged, reported here and answered as a 500 naming the route, status and code,
   * so that the test expecting it fails.
   */
  undeclared?: { check: ErrorAnswerCheck; report: (answer: UndeclaredErrorAnswer) => void };
}

/**
 * The one place an error becomes a response. Known errors keep their status and message; anything
 * else is a 500 whose body says only that, with the detail in the server log.
 */
export function errorHandler(logger: Logger, options: ErrorHandlerOptions) {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    let appError = knownError(err, options.bodyLimitDescription);
    if (appError === undefined) {
      logger.error({ reqId: req.id, err }, 'unhandled error');
      appError = new AppError('INTERNAL_SERVER_ERROR', 'Internal server error');
    }
    if (res.headersSent) {
      // Too late for an envelope; express's default handler ends the connection.
      next(err);
      return;
    }
    // A body left unread (413, 415, 401 before parsing) must not be read as the next request:
    // the connection closes after the answer, once the client has had the chance to read it.
    if (hasBody(req) && !req.complete) lingeringClose(req, res);
    const issues = appError.issues;
    const cut = issues !== undefined && issues.length > MAX_ISSUES_LISTED;
    const message = cut
      ? `${appError.message} (issues lists the first ${MAX_ISSUES_LISTED} of ${issues.length})`
      : appError.message;
    const extra = {
      ...(issues === undefined ? {} : { issues: cut ? issues.slice(0, MAX_ISSUES_LISTED) : issues }),
      ...(appError.rateLimit === undefined ? {} : { rate_limit: appError.rateLimit }),
      ...(appError.form === undefined ? {} : { form: appError.form }),
    };
    // RFC 9110: a 401 names the scheme the credentials go in.
    if (appError.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
    // Every 429 waits as long as the limiter that refused it said.
    if (appError.rateLimit !== undefined)
      res.setHeader(RATE_LIMIT_HEADERS.retryAfter, String(appError.rateLimit.retry_after));
    const body = errorBody(appError.code, message, extra);
    const undeclared = options.undeclared?.check(req, appError.status, body);
    if (undeclared !== undefined) {
      logger.error({ reqId: req.id, ...undeclared }, 'undeclared error answer');
      options.undeclared?.report(undeclared);
      res
        .status(500)
        .json(errorBody('INTERNAL_SERVER_ERROR', `Undeclared error answer: ${undeclared.problem}`));
      return;
    }
    res.status(appError.status).json(body);
  };
}
