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

/** A JSON body must arrive within this once its headers have (FORMLOOM_BODY_TIMEOUT). */
export const DEFAULT_BODY_READ_TIMEOUT_MS = 10_000;

/** No body the API takes nests deeper than this (a form schema needs about 10). */
export const MAX_JSON_DEPTH = 64;

/** A UTF-16 surrogate without its pair: JSON allows it (`"\ud800"`), UTF-8 and strict parsers do not. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters other than tab, line feed and carriage return: they are what this refuses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type BodyProblem = { kind: 'depth' } | { kind: 'text'; path: string; what: string };

function textProblem(text: string): string | undefined {
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate (not valid Unicode text)';
  if (CONTROL.test(text)) return 'a control character (only tab and line breaks are allowed)';
  return undefined;
}

/**
 * The first thing wrong with a parsed JSON body, walked with its own stack: objects or arrays
 * nested deeper than `maxDepth`, or a string (value or key) that is not well-formed text. Every
 * text the API accepts is refused the same way, so nothing corrupt is stored.
 */
export function bodyProblem(value: unknown, maxDepth: number): BodyProblem | undefined {
  const stack: [unknown, number, string][] = [[value, 0, 'body']];
  while (stack.length > 0) {
    const [item, depth, path] = stack.pop()!;
    if (typeof item === 'string') {
      const what = textProblem(item);
      if (what !== undefined) return { kind: 'text', path, what };
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxDepth) return { kind: 'depth' };
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], depth + 1, `${path}[${i}]`]);
      continue;
    }
    for (const key of Object.keys(item)) {
      const what = textProblem(key);
      if (what !== undefined) return { kind: 'text', path: `${path} (a key)`, what };
      stack.push([(item as Record<string, unknown>)[key], depth + 1, `${path}.${key}`]);
    }
  }
  return undefined;
}

/** True when `value` has objects or arrays nested deeper than `max`. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  return bodyProblem(value, max)?.kind === 'depth';
}

/**
 * express.json with the configured size limit (its errors are mapped by the error handler), then
 * a depth bound, so no recursive walk over a body (size checks, validation) can run out of stack.
 */
export function jsonBody(limitBytes: number, readTimeoutMs = DEFAULT_BODY_READ_TIMEOUT_MS): RequestHandler[] {
  return [
    // A body that trickles in (a declared length never sent) is a 408 within seconds, not a held socket.
    (req, res, next) => {
      if (!hasBody(req) || req.complete) {
        next();
        return;
      }
      const timer = setTimeout(() => {
        if (req.complete || res.headersSent) return;
        res.setHeader('Connection', 'close');
        next(
          new AppError('REQUEST_TIMEOUT', `The request body did not arrive within ${readTimeoutMs / 1000} s`),
        );
        req.on('data', () => undefined);
        setTimeout(() => req.destroy(), 1000).unref();
      }, readTimeoutMs);
      timer.unref();
      req.once('end', () => clearTimeout(timer));
      req.once('close', () => clearTimeout(timer));
      next();
    },
    express.json({ limit: limitBytes, strict: true, type: 'application/json' }),
    (req, _res, next) => {
      const problem = req.body === undefined ? undefined : bodyProblem(req.body, MAX_JSON_DEPTH);
      if (problem?.kind === 'depth') {
        next(new AppError('BAD_REQUEST', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`));
        return;
      }
      if (problem?.kind === 'text') {
        next(
          new AppError('BAD_REQUEST', `${problem.path} contains ${problem.what}`, [
            { path: problem.path, code: 'invalid_text', message: `Contains ${problem.what}` },
          ]),
        );
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
