import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from './app-error.js';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Bodies must be JSON: a body with another content type is a 415 (the spec's code table has no
 * entry for it; UNSUPPORTED_MEDIA_TYPE is the HTTP meaning). A request without a body passes.
 */
export function requireJson() {
  return (req: Request, _res: Response, next: NextFunction) => {
    // Multipart routes (uploads) parse their own bodies.
    const contentType = (req as { tsRestRoute?: { contentType?: string } }).tsRestRoute?.contentType;
    if (contentType === 'multipart/form-data') {
      next();
      return;
    }
    if (METHODS_WITH_BODY.has(req.method) && hasBody(req) && !req.is('application/json')) {
      next(
        new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Content-Type must be application/json (got ${req.get('content-type') ?? 'none'})`,
        ),
      );
      return;
    }
    next();
  };
}

/** No body the API takes nests deeper than this (a form schema needs about 10). */
export const MAX_JSON_DEPTH = 64;

/** True when `value` has objects or arrays nested deeper than `max`; walks with its own stack. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * express.json with the configured size limit (its errors are mapped by the error handler), then
 * a depth bound, so no recursive walk over a body (size checks, validation) can run out of stack.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  return [
    express.json({ limit: limitBytes, strict: true, type: 'application/json' }),
    (req, _res, next) => {
      if (req.body !== undefined && nestedDeeperThan(req.body, MAX_JSON_DEPTH)) {
        next(new AppError('BAD_REQUEST', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`));
        return;
      }
      next();
    },
  ];
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
