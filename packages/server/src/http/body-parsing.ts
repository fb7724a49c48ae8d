import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from './app-error.js';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Bodies must be JSON: a body with another content type is a 415 UNSUPPORTED_MEDIA_TYPE, the HTTP
 * meaning (docs/decisions.md "Server"). A request without a body passes.
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

/** How long, at most, the rest of a refused body is read and dropped before the connection closes. */
export const LINGER_MS = 2000;
/** How much of a refused body is read and dropped, at most, before the connection closes. */
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * For an answer sent while the request's body is still arriving (413, 408, 401 before parsing):
 * the connection closes after the answer, but not at once. Closing a socket with unread data
 * makes the kernel send a reset, and a client still writing its body may lose the answer with
 * it (RFC 9112 section 9.6). So the answer goes out with `Connection: close`, the server
 * half-closes its side once the answer is written, reads and drops what still arrives, and
 * closes when the client has sent its last byte, or after `LINGER_MS` or `LINGER_BYTES` at most.
 * Call it before writing the answer.
 */
export function lingeringClose(
  req: Request,
  res: Response,
  { maxMs = LINGER_MS, maxBytes = LINGER_BYTES }: { maxMs?: number; maxBytes?: number } = {},
): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket as Request['socket'] & { destroySoon?: () => void; lingering?: boolean };
  if (socket.lingering) return;
  socket.lingering = true;
  // Node ends and then destroys a `Connection: close` socket once the answer is written
  // (destroySoon); only its first half is wanted: the FIN after the answer, reading still open.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
  };
  const close = () => {
    clearTimeout(timer);
    if (socket.writableFinished || !socket.writable) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(close, maxMs);
  timer.unref();
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) close();
  });
  req.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  req.resume();
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
        // A client this slow gets a short linger: its answer, then the cut.
        lingeringClose(req, res, { maxMs: 1000 });
        next(
          new AppError('REQUEST_TIMEOUT', `The request body did not arrive within ${readTimeoutMs / 1000} s`),
        );
      }, readTimeoutMs);
      timer.unref();
      req.once('end', () => clearTimeout(timer));
      req.once('close', () => clearTimeout(timer));
      next();
    },
    boundedJson(limitBytes),
    (req, _res, next) => {
      // No body reads as `{}`, as express 4's parser left it (express 5's leaves undefined, which
      // ts-rest would refuse as a missing body where every field of the body is optional).
      req.body ??= {};
      const problem = bodyProblem(req.body, MAX_JSON_DEPTH);
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

/**
 * express.json, answering a too-large body as soon as it is known. body-parser reads a refused
 * body to its end before it passes the error on, so a client sending a body without a
 * Content-Length (chunked) that never ends would get no answer at all, and one with a huge
 * declared length would be read in full first. Here the wire bytes are counted beside the
 * parser: past the limit (or a Content-Length over it) the 413 goes out at once, the parser's
 * own later verdict is dropped, and `lingeringClose` (in the error handler) bounds what is read
 * after it. A compressed body is still limited on its inflated size by body-parser itself.
 */
function boundedJson(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes, strict: true, type: 'application/json' });
  const tooLarge = () =>
    Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });
  return (req, res, next) => {
    if (!hasBody(req) || !req.is('application/json')) {
      parse(req, res, next);
      return;
    }
    const declared = Number(req.headers['content-length'] ?? Number.NaN);
    if (declared > limitBytes) {
      next(tooLarge());
      return;
    }
    let settled = false;
    const once = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      next(error);
    };
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) once(tooLarge());
    };
    // Attached in the same turn as the parser's own listener, so both see every chunk.
    req.on('data', count);
    parse(req, res, once);
  };
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
