import type { ZodError, ZodIssue } from 'zod';
import type { ErrorEnvelope, ErrorIssue, LockedForm, SuccessEnvelope } from '../models/envelope.js';
import type { RateLimitInfo } from '../models/rate-limit.js';
import {
  ERROR_CASES,
  ERROR_DESCRIPTIONS,
  type ErrorCaseCode,
  type ErrorCode,
  isErrorCaseCode,
  isErrorCode,
} from './error-codes.js';

/**
 * The body of an error answer.
 *
 * ```ts
 * res.status(404).json(errorBody('NOT_FOUND', 'Form not found'));
 * ```
 */
export function errorBody(
  code: ErrorCode | ErrorCaseCode,
  message: string = ERROR_DESCRIPTIONS[isErrorCaseCode(code) ? ERROR_CASES[code] : code],
  extra: { issues?: ErrorIssue[]; rate_limit?: RateLimitInfo; form?: LockedForm } = {},
): ErrorEnvelope {
  return { message, data: null, error: code, ...extra };
}

/** The body of a success answer. */
export function successBody<T>(data: T, message = 'OK'): SuccessEnvelope<T> {
  return { message, data, error: null };
}

/** True for anything shaped like an error envelope, so a client can read `error` and `message`. */
export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.message === 'string' &&
    body.data === null &&
    (isErrorCode(body.error) || isErrorCaseCode(body.error))
  );
}

/**
 * Turns a zod error into `issues` for a 400 answer. `location` prefixes each path (`body`,
 * `query`, `params`, `headers`). A failed union reports only the branch that got furthest,
 * so `{title, schema: {...}}` is told what is wrong inside the schema, not that `schema` is an
 * unknown key of the blank-form variant.
 */
export function issuesFromZodError(error: ZodError, location?: string): ErrorIssue[] {
  return flattenUnionIssues(error.issues).map((issue) => ({
    path: formatPath(location, issue.path),
    code: issue.code,
    message: issue.message,
  }));
}

function flattenUnionIssues(issues: readonly ZodIssue[]): ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.unionErrors.length === 0) return [issue];
    return flattenUnionIssues(closestBranch(issue.unionErrors).issues);
  });
}

/** The union branch whose issues lie deepest; among equals, the one with fewest issues. */
function closestBranch(branches: readonly ZodError[]): ZodError {
  const depth = (e: ZodError) => Math.max(0, ...e.issues.map((i) => i.path.length));
  return branches.reduce((best, next) => {
    const d = depth(next) - depth(best);
    if (d !== 0) return d > 0 ? next : best;
    return next.issues.length < best.issues.length ? next : best;
  });
}

function formatPath(location: string | undefined, path: readonly (string | number)[]): string {
  let out = location ?? '';
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : out === '' ? key : `.${key}`;
  }
  return out === '' ? '$' : out;
}
