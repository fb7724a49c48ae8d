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

/** express.json with the configured size limit; its errors are mapped by the error handler. */
export function jsonBody(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: 'application/json' });
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
